package dev.stateful.fabric8.client;

import java.util.function.LongSupplier;

/**
 * client-go's client-side limiter ({@code flowcontrol.NewTokenBucketRateLimiter}): {@code qps}
 * tokens per second, at most {@code burst} saved up; a caller without a token waits for one.
 */
final class TokenBucket {

    /** Sleeps the calling thread; tests record instead. */
    @FunctionalInterface
    interface Sleeper {
        void sleepNanos(long nanos) throws InterruptedException;
    }

    private final double qps;
    private final int burst;
    private final LongSupplier nanoTime;
    private final Sleeper sleeper;
    private double tokens;
    private long tokensAt;

    TokenBucket(double qps, int burst, LongSupplier nanoTime, Sleeper sleeper) {
        if (qps <= 0 || burst < 1) {
            throw new IllegalArgumentException("qps must be positive and burst at least 1, got qps=" + qps + " burst=" + burst);
        }
        this.qps = qps;
        this.burst = burst;
        this.nanoTime = nanoTime;
        this.sleeper = sleeper;
        this.tokens = burst;
        this.tokensAt = nanoTime.getAsLong();
    }

    TokenBucket(double qps, int burst) {
        this(qps, burst, System::nanoTime, nanos -> Thread.sleep(nanos / 1_000_000, (int) (nanos % 1_000_000)));
    }

    /** Takes a token, waiting for it if none is left. */
    void acquire() throws InterruptedException {
        long wait = reserve();
        if (wait > 0) {
            sleeper.sleepNanos(wait);
        }
    }

    /** Takes a token now, possibly on credit, and returns how long the debt takes to pay off. */
    private synchronized long reserve() {
        long now = nanoTime.getAsLong();
        tokens = Math.min(burst, tokens + (now - tokensAt) * qps / 1e9);
        tokensAt = now;
        tokens -= 1;
        return tokens >= 0 ? 0 : (long) (-tokens * 1e9 / qps);
    }
}
