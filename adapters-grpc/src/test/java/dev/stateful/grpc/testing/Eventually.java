package dev.stateful.grpc.testing;

import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

/** Waiting for something that happens on other threads. */
public final class Eventually {

    private Eventually() {
    }

    /** Polls until {@code condition} holds; fails with {@code what} and the last {@code state} after {@code timeout}. */
    public static void until(Duration timeout, String what, BooleanSupplier condition, Supplier<Object> state) {
        long until = System.nanoTime() + timeout.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > until) {
                throw new AssertionError("timed out after " + timeout.toSeconds() + "s waiting for " + what + "; last state: " + state.get());
            }
            try {
                TimeUnit.MILLISECONDS.sleep(20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError("interrupted waiting for " + what);
            }
        }
    }

    public static void until(Duration timeout, String what, BooleanSupplier condition) {
        until(timeout, what, condition, () -> "n/a");
    }
}
