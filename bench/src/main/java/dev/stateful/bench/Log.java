package dev.stateful.bench;

import java.util.Locale;

/**
 * Progress goes to stderr so that stdout carries the table alone. A figure's child process (one side
 * of figures 7 and 8) counts from the bench's start, given as {@value #START_PROPERTY}.
 */
public final class Log {

    public static final String START_PROPERTY = "bench.startEpochMillis";
    private static final long START = Long.getLong(START_PROPERTY, System.currentTimeMillis());

    private Log() {
    }

    /** When the bench started, as {@link System#currentTimeMillis()}. */
    public static long startEpochMillis() {
        return START;
    }

    public static void progress(String format, Object... args) {
        double seconds = (System.currentTimeMillis() - START) / 1e3;
        System.err.printf(Locale.ROOT, "[%6.1fs] %s%n", seconds, String.format(Locale.ROOT, format, args));
    }
}
