package dev.stateful.app.manifest;

import dev.stateful.app.InvalidInputException;
import dev.stateful.inmemory.manifest.ManifestException;
import dev.stateful.inmemory.manifest.YamlDocument;
import dev.stateful.inmemory.manifest.YamlDocuments;
import java.io.IOException;
import java.io.InputStream;
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
        try {
            if (isStdin(path)) {
                return new String(stdin.readAllBytes(), StandardCharsets.UTF_8);
            }
            return Files.readString(path, StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            throw new IllegalArgumentException("cannot read " + path + ": no such file");
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot read " + name(path) + ": " + e.getMessage());
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
