package dev.stateful.it.differential;

import java.util.List;
import java.util.Set;

/**
 * What one controller did in one scenario: for each step, the objects at the settle point after
 * it, the pod and claim creates and deletes it made since the previous settle point (in order,
 * each {@code VERB kind/name}, with the answer's code when it was not a success), and the events
 * it recorded on the set that were not there before.
 */
public record Trace(List<Segment> segments) {

    public record Segment(String step, Snapshot snapshot, List<String> writes, Set<String> events) {
    }
}
