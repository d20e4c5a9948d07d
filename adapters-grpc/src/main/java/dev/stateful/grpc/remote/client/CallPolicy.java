package dev.stateful.grpc.remote.client;

import java.time.Duration;

/**
 * How the remote ports call: each attempt has its own deadline; UNAVAILABLE is retried up to
 * {@code maxAttempts} in all, with exponential backoff (jittered, capped).
 */
public record CallPolicy(Duration timeout, int maxAttempts, Duration initialBackoff, Duration maxBackoff) {

    public CallPolicy {
        if (maxAttempts < 1) {
            throw new IllegalArgumentException("maxAttempts must be at least 1");
        }
    }

    /** 10 s per call, 4 attempts, backoff 100 ms doubling up to 2 s. */
    public static CallPolicy defaults() {
        return new CallPolicy(Duration.ofSeconds(10), 4, Duration.ofMillis(100), Duration.ofSeconds(2));
    }

    /** The pause before attempt {@code attempt + 1}, full jitter in [50%, 100%]. */
    Duration backoff(int attempt, double random) {
        long base = initialBackoff.toMillis() << Math.min(attempt - 1, 20);
        long capped = Math.min(base, maxBackoff.toMillis());
        return Duration.ofMillis((long) (capped * (0.5 + random / 2)));
    }
}
