package dev.stateful.app.manifest;

import dev.stateful.inmemory.manifest.ManifestException;
import dev.stateful.inmemory.manifest.YamlDocument;
import dev.stateful.inmemory.manifest.YamlDocuments;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;

/** Reads a YAML manifest from disk; every failure becomes one sentence naming the file. */
public final class ManifestFile {

    private ManifestFile() {
    }

    public static String read(Path path) {
        try {
            return Files.readString(path, StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            throw new IllegalArgumentException("cannot read " + path + ": no such file");
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot read " + path + ": " + e.getMessage());
        }
    }

    public static List<YamlDocument> documents(Path path) {
        String text = read(path);
        try {
            return YamlDocuments.parse(text);
        } catch (ManifestException e) {
            throw new IllegalArgumentException(path + " is not valid YAML: " + e.getMessage());
        }
    }
}
