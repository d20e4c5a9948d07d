package dev.stateful.inmemory.clock;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicReference;

/**
 * A clock that only moves when told to, so that every timestamp and delay in the in-memory cluster
 * is reproducible. Time never goes backwards: the controller's availability math (minReadySeconds)
 * would be meaningless otherwise.
 */
public final class ManualClock extends Clock {

    public static final Instant DEFAULT_START = Instant.parse("2026-01-01T00:00:00Z");

    private final AtomicReference<Instant> now;
    private final ZoneId zone;

    public ManualClock() {
        this(DEFAULT_START);
    }

    public ManualClock(Instant start) {
        this(new AtomicReference<>(Objects.requireNonNull(start)), ZoneOffset.UTC);
    }

    private ManualClock(AtomicReference<Instant> now, ZoneId zone) {
        this.now = now;
        this.zone = zone;
    }

    @Override
    public Instant instant() {
        return now.get();
    }

    @Override
    public ZoneId getZone() {
        return zone;
    }

    /** A view in another zone that shares this clock's time. */
    @Override
    public Clock withZone(ZoneId value) {
        return new ManualClock(now, value);
    }

    public Instant advance(Duration step) {
        if (step.isNegative()) {
            throw new IllegalArgumentException("time cannot go backwards: " + step);
        }
        return now.updateAndGet(t -> t.plus(step));
    }

    /** Moves to {@code target}; a target in the past is refused. */
    public Instant advanceTo(Instant target) {
        return now.updateAndGet(t -> {
            if (target.isBefore(t)) {
                throw new IllegalArgumentException("time cannot go backwards: " + t + " -> " + target);
            }
            return target;
        });
    }

    @Override
    public String toString() {
        return "ManualClock[" + now.get() + "]";
    }
}
