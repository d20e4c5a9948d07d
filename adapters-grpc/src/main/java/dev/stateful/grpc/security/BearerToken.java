package dev.stateful.grpc.security;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Map;
import java.util.Optional;

/**
 * A shared bearer token. Compared in constant time (digests of equal length, compared with
 * {@link MessageDigest#isEqual}); never printed: {@link #toString()} hides it.
 */
public final class BearerToken {

    /** The environment variable a token may come from. */
    public static final String ENV = "STATEFUL_TOKEN";

    private final String value;
    private final byte[] digest;

    private BearerToken(String value) {
        if (value.isBlank()) {
            throw new IllegalArgumentException("the bearer token is empty");
        }
        if (!value.chars().allMatch(c -> c > 0x20 && c < 0x7f)) {
            throw new IllegalArgumentException("the bearer token must be printable ASCII without spaces");
        }
        this.value = value;
        this.digest = sha256(value);
    }

    public static BearerToken of(String value) {
        return new BearerToken(value);
    }

    /** The file's content without surrounding whitespace (a trailing newline is usual). */
    public static BearerToken fromFile(Path file) {
        try {
            return new BearerToken(Files.readString(file, StandardCharsets.UTF_8).strip());
        } catch (IOException e) {
            throw FileErrors.cannotRead("token file", file, e);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("token file " + file + ": " + e.getMessage());
        }
    }

    /** The token from {@value #ENV}, if set and not empty. */
    public static Optional<BearerToken> fromEnvironment(Map<String, String> environment) {
        String value = environment.get(ENV);
        return value == null || value.isBlank() ? Optional.empty() : Optional.of(new BearerToken(value.strip()));
    }

    /** Whether {@code presented} is this token; takes the same time whatever the input. */
    public boolean matches(String presented) {
        return presented != null && MessageDigest.isEqual(digest, sha256(presented));
    }

    /** The secret itself, for an {@code authorization} header. Never log it. */
    public String value() {
        return value;
    }

    @Override
    public String toString() {
        return "BearerToken[redacted]";
    }

    private static byte[] sha256(String s) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(s.getBytes(StandardCharsets.UTF_8));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing from this JVM", e);
        }
    }
}
