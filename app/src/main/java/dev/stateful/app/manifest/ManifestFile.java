package dev.stateful.app.manifest;

import dev.stateful.app.InvalidInputException;
import dev.stateful.inmemory.manifest.ManifestException;
import dev.stateful.inmemory.manifest.YamlDocument;
import dev.stateful.inmemory.manifest.YamlBudget;
import dev.stateful.inmemory.manifest.YamlDocuments;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;

/**
 * Reads a YAML manifest from disk, or from standard input for {@code -f -} (as kubectl does);
 * every failure becomes one sentence naming the file. A file that cannot be read is a failure
 * (exit 1, like kubectl's "the path does not exist"); text that is not YAML is invalid input (exit 2).
 */
public final class ManifestFile {

    /** The file name that means standard input. */
    public static final String STDIN = "-";

    private ManifestFile() {
    }

    public static String read(Path path) {
        return read(path, System.in);
    }

    static String read(Path path, InputStream stdin) {
        int limit = YamlBudget.DEFAULT.maxBytes();
        try {
            byte[] bytes;
            if (isStdin(path)) {
                // one byte past the limit is enough to know it is over: never more is held
                bytes = stdin.readNBytes(limit + 1);
            } else {
                long size = Files.size(path);
                if (size > limit) {
                    throw tooLarge(path, size);
                }
                bytes = Files.readAllBytes(path);
            }
            if (bytes.length > limit) {
                throw tooLarge(path, bytes.length);
            }
            return utf8(path, bytes);
        } catch (NoSuchFileException e) {
            throw new IllegalArgumentException("cannot read " + path + ": no such file");
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot read " + name(path) + ": " + e.getMessage());
        }
    }

    private static InvalidInputException tooLarge(Path path, long size) {
        return new InvalidInputException(name(path) + " is not valid YAML: the manifest is " + (size > YamlBudget.DEFAULT.maxBytes()
                && isStdin(path) ? "more than " + YamlBudget.DEFAULT.maxBytes() : String.valueOf(size))
                + " bytes, over the limit of " + YamlBudget.DEFAULT.maxBytes() + " bytes (YAML size limit)");
    }

    /** Strict UTF-8, as kubectl's decoder: a malformed byte is invalid input, not a silent replacement character. */
    private static String utf8(Path path, byte[] bytes) {
        try {
            return StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(bytes)).toString();
        } catch (CharacterCodingException e) {
            throw new InvalidInputException(name(path) + " is not valid YAML: it is not valid UTF-8");
        }
    }

    public static List<YamlDocument> documents(Path path) {
        return parse(name(path), read(path));
    }

    /** @param source how to name the text in an error */
    public static List<YamlDocument> parse(String source, String text) {
        try {
            return YamlDocuments.parse(text);
        } catch (ManifestException e) {
            throw new InvalidInputException(source + " is not valid YAML: " + e.getMessage());
        }
    }

    /** How errors name the manifest: its path, or "standard input". */
    public static String name(Path path) {
        return isStdin(path) ? "standard input" : path.toString();
    }

    private static boolean isStdin(Path path) {
        return STDIN.equals(path.toString());
    }
}
