package dev.stateful.bench;

import java.util.Locale;

/** Progress goes to stderr so that stdout carries the table alone. */
public final class Log {

    private static final long START = System.nanoTime();

    private Log() {
    }

    public static void progress(String format, Object... args) {
        double seconds = (System.nanoTime() - START) / 1e9;
        System.err.printf(Locale.ROOT, "[%6.1fs] %s%n", seconds, String.format(Locale.ROOT, format, args));
    }
}
