package dev.stateful.ports.leadership;

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
public final class LeadershipGate implements Leadership {

    private final long validityNanos;
    private final LongSupplier nanoTime;
    private volatile boolean open;
    private volatile long renewedAt;

    /** @param validity how long a renewal vouches for the lease; the renew deadline is a safe choice */
    public LeadershipGate(Duration validity) {
        this(validity, System::nanoTime);
    }

    /** @param nanoTime a monotonic clock: it must run on while the process is stopped, as {@link System#nanoTime} does */
    public LeadershipGate(Duration validity, LongSupplier nanoTime) {
        this.validityNanos = validity.toNanos();
        this.nanoTime = nanoTime;
        this.renewedAt = nanoTime.getAsLong() - validityNanos;
    }

    /** The lease was written at {@code sentAtNanos} (taken before the request went out). */
    public void renewed(long sentAtNanos) {
        renewedAt = sentAtNanos;
    }

    public long now() {
        return nanoTime.getAsLong();
    }

    public void open() {
        open = true;
    }

    public void close() {
        open = false;
    }

    @Override
    public boolean isOpen() {
        return open && nanoTime.getAsLong() - renewedAt < validityNanos;
    }
}
