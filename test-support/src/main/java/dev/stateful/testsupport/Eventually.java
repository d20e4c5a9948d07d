package dev.stateful.testsupport;

import java.time.Duration;
import java.util.function.Predicate;
import java.util.function.Supplier;

/** Waiting for the cluster to reach a state, with the last observation in the failure message. */
public final class Eventually {

    private static final long POLL_MILLIS = 50;

    private Eventually() {
    }

    /** Polls {@code probe} until {@code done} accepts its value; returns that value. */
    public static <T> T await(String what, Duration timeout, Supplier<T> probe, Predicate<T> done) {
        long deadline = System.nanoTime() + timeout.toNanos();
        T last = null;
        RuntimeException lastError = null;
        while (System.nanoTime() < deadline) {
            try {
                last = probe.get();
                lastError = null;
                if (done.test(last)) {
                    return last;
                }
            } catch (RuntimeException e) {
                lastError = e; // the API may fail transiently; keep trying until the deadline
            }
            try {
                Thread.sleep(POLL_MILLIS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError("interrupted waiting for " + what, e);
            }
        }
        AssertionError failure = new AssertionError("timed out after " + timeout.toSeconds() + "s waiting for " + what
                + (lastError != null ? "; last error: " + lastError : "; last seen: " + last));
        if (lastError != null) {
            failure.initCause(lastError);
        }
        throw failure;
    }

    public static void await(String what, Duration timeout, Supplier<Boolean> condition) {
        await(what, timeout, condition, Boolean::booleanValue);
    }
}
