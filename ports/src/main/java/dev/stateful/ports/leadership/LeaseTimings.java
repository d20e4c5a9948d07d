package dev.stateful.ports.leadership;

import java.time.Duration;

/**
 * The election's timings: a standby takes the lease once it has not been renewed for
 * {@code leaseDuration}; the leader gives up (and its {@link LeadershipGate} closes) when it has not
 * renewed for {@code renewDeadline}; every {@code retryPeriod} the elector tries to renew or acquire.
 */
public record LeaseTimings(Duration leaseDuration, Duration renewDeadline, Duration retryPeriod) {

    /** kube-controller-manager's defaults ({@code --leader-elect-lease-duration} and its siblings): 15 s, 10 s, 2 s. */
    public static LeaseTimings defaults() {
        return new LeaseTimings(Duration.ofSeconds(15), Duration.ofSeconds(10), Duration.ofSeconds(2));
    }
}
