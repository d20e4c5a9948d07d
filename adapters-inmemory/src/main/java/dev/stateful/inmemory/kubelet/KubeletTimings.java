package dev.stateful.inmemory.kubelet;

import java.time.Duration;

/**
 * Delays of the simulated pod lifecycle, measured on the cluster clock from the pod's
 * creationTimestamp (start), from the start (ready, crash, eviction), from becoming Ready
 * (unready) and from the deletionTimestamp (slow termination).
 */
public record KubeletTimings(Duration startDelay, Duration readyDelay, Duration crashAfter, Duration evictAfter,
                             Duration unreadyAfter, Duration terminationDelay) {

    /** Every transition on the next kubelet tick. */
    public static KubeletTimings instant() {
        return new KubeletTimings(Duration.ZERO, Duration.ZERO, Duration.ZERO, Duration.ZERO, Duration.ZERO, Duration.ZERO);
    }

    /** Plausible small delays: start 1s, ready 2s later, crash or eviction 5s after start, unready 10s after ready, slow termination 10s. */
    public static KubeletTimings defaults() {
        return new KubeletTimings(Duration.ofSeconds(1), Duration.ofSeconds(2), Duration.ofSeconds(5), Duration.ofSeconds(5),
                Duration.ofSeconds(10), Duration.ofSeconds(10));
    }

    public KubeletTimings withStartDelay(Duration value) {
        return new KubeletTimings(value, readyDelay, crashAfter, evictAfter, unreadyAfter, terminationDelay);
    }

    public KubeletTimings withReadyDelay(Duration value) {
        return new KubeletTimings(startDelay, value, crashAfter, evictAfter, unreadyAfter, terminationDelay);
    }

    public KubeletTimings withCrashAfter(Duration value) {
        return new KubeletTimings(startDelay, readyDelay, value, evictAfter, unreadyAfter, terminationDelay);
    }

    public KubeletTimings withEvictAfter(Duration value) {
        return new KubeletTimings(startDelay, readyDelay, crashAfter, value, unreadyAfter, terminationDelay);
    }

    public KubeletTimings withUnreadyAfter(Duration value) {
        return new KubeletTimings(startDelay, readyDelay, crashAfter, evictAfter, value, terminationDelay);
    }

    public KubeletTimings withTerminationDelay(Duration value) {
        return new KubeletTimings(startDelay, readyDelay, crashAfter, evictAfter, unreadyAfter, value);
    }
}
