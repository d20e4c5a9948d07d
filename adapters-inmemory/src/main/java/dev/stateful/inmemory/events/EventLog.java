package dev.stateful.inmemory.events;

import java.time.Clock;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The cluster's Events, in order of first occurrence. Recording an event identical to an earlier
 * one (same subject, type, reason, message and source) increments that event's count and moves
 * its lastTimestamp, like kube's EventCorrelator deduplication.
 */
public final class EventLog {

    private record Identity(InvolvedObject involvedObject, String type, String reason, String message, String source) {
    }

    private final Clock clock;
    private final Map<Identity, RecordedEvent> events = new LinkedHashMap<>();

    public EventLog(Clock clock) {
        this.clock = clock;
    }

    public synchronized RecordedEvent record(InvolvedObject involvedObject, String type, String reason, String message, String source) {
        Instant now = clock.instant();
        return events.compute(new Identity(involvedObject, type, reason, message, source), (identity, existing) -> existing == null
                ? new RecordedEvent(involvedObject, type, reason, message, source, 1, now, now)
                : existing.repeatedAt(now));
    }

    public synchronized List<RecordedEvent> all() {
        return List.copyOf(events.values());
    }

    /** Events about the object {@code namespace/name}. */
    public List<RecordedEvent> about(String namespace, String name) {
        return all().stream()
                .filter(e -> e.involvedObject().namespace().equals(namespace) && e.involvedObject().name().equals(name))
                .toList();
    }

    public List<RecordedEvent> withReason(String reason) {
        return all().stream().filter(e -> e.reason().equals(reason)).toList();
    }

    public synchronized void clear() {
        events.clear();
    }
}
