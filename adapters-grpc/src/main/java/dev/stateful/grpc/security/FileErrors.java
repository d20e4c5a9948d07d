package dev.stateful.grpc.security;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/**
 * Why a token or TLS file could not be read, in the words kubectl uses: {@link NoSuchFileException}
 * and its kin carry only the path as their message, which says nothing next to the path itself.
 */
final class FileErrors {

    private FileErrors() {
    }

    /** {@code cannot read the WHAT FILE: REASON}. */
    static IllegalArgumentException cannotRead(String what, Path file, IOException e) {
        return new IllegalArgumentException("cannot read the " + what + " " + file + ": " + reason(e), e);
    }

    static String reason(IOException e) {
        if (e instanceof NoSuchFileException) {
            return "no such file";
        }
        if (e instanceof AccessDeniedException) {
            return "permission denied";
        }
        return e.getMessage();
    }
}
