package dev.stateful.fabric8.election;

import dev.stateful.ports.ApiException;
import java.time.Duration;
import java.util.function.LongSupplier;

/**
 * Open only while this process holds the lease. Every write port checks it just before sending,
 * so nothing is written once leadership is lost, even by a sync that was already running.
 *
 * <p>Besides the elector's start/stop callbacks, the gate trusts the lease only for
 * {@code validity} after the last renewal was sent: if renewing stalls (a long GC pause, a starved
 * thread), writes stop on time even before the elector notices.
 */
public final class LeadershipGate {

    private final long validityNanos;
    private final LongSupplier nanoTime;
    private volatile boolean open;
    private volatile long renewedAt;

    /** @param validity how long a renewal vouches for the lease; the renew deadline is a safe choice */
    public LeadershipGate(Duration validity) {
        this(validity, System::nanoTime);
    }

    LeadershipGate(Duration validity, LongSupplier nanoTime) {
        this.validityNanos = validity.toNanos();
        this.nanoTime = nanoTime;
        this.renewedAt = nanoTime.getAsLong() - validityNanos;
    }

    /** The lease was written at {@code sentAtNanos} (taken before the request went out). */
    void renewed(long sentAtNanos) {
        renewedAt = sentAtNanos;
    }

    long now() {
        return nanoTime.getAsLong();
    }

    void open() {
        open = true;
    }

    void close() {
        open = false;
    }

    public boolean isOpen() {
        return open && nanoTime.getAsLong() - renewedAt < validityNanos;
    }

    /** Throws Unavailable when not leading: the sync fails and the write never leaves. */
    public void check(String write) {
        if (!isOpen()) {
            throw new ApiException.Unavailable("not the leader: refusing to " + write);
        }
    }
}
