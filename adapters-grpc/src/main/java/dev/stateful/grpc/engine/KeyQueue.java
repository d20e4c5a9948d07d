package dev.stateful.grpc.engine;

import dev.stateful.domain.model.ObjectKey;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * StatefulSet keys due for a sync, each at most once: adding a queued key keeps the earlier due
 * time. {@link #poll} waits until the earliest key is due.
 */
final class KeyQueue {

    private final Clock clock;
    private final Map<ObjectKey, Instant> due = new HashMap<>();
    private boolean shutDown;

    KeyQueue(Clock clock) {
        this.clock = clock;
    }

    synchronized void add(ObjectKey key) {
        addAfter(key, Duration.ZERO);
    }

    synchronized void addAfter(ObjectKey key, Duration delay) {
        Instant at = clock.instant().plus(delay);
        due.merge(key, at, (a, b) -> a.isBefore(b) ? a : b);
        notifyAll();
    }

    /** The next due key, waiting for one until {@code until}; empty if none came due by then, or once shut down. */
    synchronized Optional<ObjectKey> poll(Instant until) throws InterruptedException {
        while (!shutDown) {
            Instant now = clock.instant();
            Optional<Map.Entry<ObjectKey, Instant>> first = due.entrySet().stream().min(Map.Entry.comparingByValue());
            if (first.isPresent() && !first.get().getValue().isAfter(now)) {
                due.remove(first.get().getKey());
                return first.map(Map.Entry::getKey);
            }
            Instant wake = first.map(Map.Entry::getValue).filter(at -> at.isBefore(until)).orElse(until);
            if (!wake.isAfter(now)) {
                return Optional.empty();
            }
            wait(Math.max(1, Duration.between(now, wake).toMillis()));
        }
        return Optional.empty();
    }

    synchronized void shutDown() {
        shutDown = true;
        notifyAll();
    }
}
