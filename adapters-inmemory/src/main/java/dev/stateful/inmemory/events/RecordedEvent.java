package dev.stateful.inmemory.events;

import java.time.Instant;

/**
 * A stored v1 Event. Identical occurrences are one event with a {@code count}, as kube's event
 * correlator folds them.
 */
public record RecordedEvent(InvolvedObject involvedObject, String type, String reason, String message, String source,
                            int count, Instant firstTimestamp, Instant lastTimestamp) {

    RecordedEvent repeatedAt(Instant time) {
        return new RecordedEvent(involvedObject, type, reason, message, source, count + 1, firstTimestamp, time);
    }

    @Override
    public String toString() {
        return type + " " + reason + " " + involvedObject.kind() + "/" + involvedObject.name() + ": " + message
                + (count > 1 ? " (x" + count + ")" : "");
    }
}
