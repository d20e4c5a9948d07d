package dev.stateful.inmemory.simulation;

import dev.stateful.ports.leadership.LeaseTimings;
import java.time.Instant;

/**
 * The simulation's {@code coordination.k8s.io} Lease: who holds it and when they last renewed it.
 * A standby takes it once it has not been renewed for the lease duration (client-go's
 * {@code tryAcquireOrRenew}); {@link CheckedPorts} counts a write by anyone but the holder as a
 * {@code FENCING} violation.
 */
final class SimulatedLease {

    private final LeaseTimings timings;
    private String holder;
    private Instant renewedAt;

    SimulatedLease(LeaseTimings timings, String holder, Instant now) {
        this.timings = timings;
        this.holder = holder;
        this.renewedAt = now;
    }

    LeaseTimings timings() {
        return timings;
    }

    String holder() {
        return holder;
    }

    boolean heldBy(String identity) {
        return holder.equals(identity);
    }

    /** The earliest moment a standby may take the lease. */
    Instant expiresAt() {
        return renewedAt.plus(timings.leaseDuration());
    }

    /** A renewal succeeds only for the holder. */
    boolean renew(String identity, Instant now) {
        if (!heldBy(identity)) {
            return false;
        }
        renewedAt = now;
        return true;
    }

    /** A standby acquires the lease; the API server refuses it before the lease expired. */
    void acquire(String identity, Instant now) {
        if (now.isBefore(expiresAt())) {
            throw new IllegalStateException(identity + " cannot take the lease before " + expiresAt() + " (held by " + holder + ")");
        }
        holder = identity;
        renewedAt = now;
    }
}
