package dev.stateful.bench;

import java.util.Arrays;
import java.util.Locale;

/** Medians and number formatting shared by the plain harnesses. */
public final class Stats {

    private Stats() {
    }

    public static long median(long[] values) {
        long[] sorted = values.clone();
        Arrays.sort(sorted);
        int n = sorted.length;
        return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
    }

    public static double median(double[] values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        int n = sorted.length;
        return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
    }

    /** A duration in the most readable unit: "850 ns", "12.3 µs", "4.56 ms", "1.23 s". */
    public static String duration(double nanos) {
        if (nanos < 1_000) {
            return String.format(Locale.ROOT, "%.0f ns", nanos);
        }
        if (nanos < 1_000_000) {
            return String.format(Locale.ROOT, "%.1f µs", nanos / 1e3);
        }
        if (nanos < 1_000_000_000) {
            return String.format(Locale.ROOT, "%.2f ms", nanos / 1e6);
        }
        return String.format(Locale.ROOT, "%.2f s", nanos / 1e9);
    }

    public static String bytes(double bytes) {
        if (Math.abs(bytes) < 10_000) {
            return String.format(Locale.ROOT, "%.0f B", bytes);
        }
        if (Math.abs(bytes) < 10_000_000) {
            return String.format(Locale.ROOT, "%.1f KB", bytes / 1024);
        }
        return String.format(Locale.ROOT, "%.1f MB", bytes / (1024 * 1024));
    }

    public static String number(double value) {
        return value == Math.rint(value) ? String.format(Locale.ROOT, "%.0f", value) : String.format(Locale.ROOT, "%.2f", value);
    }
}
