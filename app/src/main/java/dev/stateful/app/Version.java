package dev.stateful.app;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;

/**
 * This build's version, as Maven wrote it into {@code version.properties} at build time: the same
 * from the jar, the image and the test classpath (a jar manifest's {@code Implementation-Version}
 * is read from the jar only, and the shaded jar's had none).
 */
public final class Version {

    private static final String RESOURCE = "version.properties";
    /** Read once: the user agent, the build-info metric and the first log line all ask at start-up. */
    private static final String CURRENT = read();

    private Version() {
    }

    /** The version, or {@code dev} when the file is missing or was not filtered (run from an IDE's own build). */
    public static String current() {
        return CURRENT;
    }

    private static String read() {
        try (InputStream in = Version.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                return "dev";
            }
            Properties properties = new Properties();
            properties.load(in);
            String version = properties.getProperty("version", "").strip();
            return version.isEmpty() || version.startsWith("${") ? "dev" : version;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
