package dev.stateful.bench.planner;

import dev.stateful.bench.Stats;
import java.util.function.IntSupplier;

/**
 * A plain harness for comparing operations on a shared, busy machine: rounds run each operation
 * for a fixed slice of time, one after the other, so a change of load hits every side of a round
 * alike. Results are medians over the measured rounds, and a ratio is the median of the per-round
 * ratios. Each operation returns something derived from its work, which is summed and checked so
 * the JIT cannot drop it.
 */
final class Interleaved {

    private final IntSupplier[] operations;
    private long sink;

    Interleaved(IntSupplier... operations) {
        this.operations = operations;
    }

    /** Nanos per operation, {@code [round][operation]}. */
    double[][] run(long warmupNanos, int rounds, long sliceNanos) {
        long warmEnd = System.nanoTime() + warmupNanos;
        while (System.nanoTime() < warmEnd) {
            for (IntSupplier op : operations) {
                timeSlice(op, sliceNanos / 4);
            }
        }
        double[][] out = new double[rounds][operations.length];
        for (int r = 0; r < rounds; r++) {
            for (int i = 0; i < operations.length; i++) {
                out[r][i] = timeSlice(operations[i], sliceNanos);
            }
        }
        if (sink == 42) {
            System.err.print("");
        }
        return out;
    }

    private double timeSlice(IntSupplier op, long sliceNanos) {
        long start = System.nanoTime();
        long end = start + sliceNanos;
        long count = 0;
        long now;
        do {
            sink += op.getAsInt();
            count++;
            now = System.nanoTime();
        } while (now < end);
        return (double) (now - start) / count;
    }

    static double median(double[][] results, int operation) {
        double[] column = new double[results.length];
        for (int r = 0; r < results.length; r++) {
            column[r] = results[r][operation];
        }
        return Stats.median(column);
    }

    static double medianRatio(double[][] results, int ours, int baseline) {
        double[] ratios = new double[results.length];
        for (int r = 0; r < results.length; r++) {
            ratios[r] = results[r][ours] / results[r][baseline];
        }
        return Stats.median(ratios);
    }
}
