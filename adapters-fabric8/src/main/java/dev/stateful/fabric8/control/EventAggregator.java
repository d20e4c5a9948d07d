package dev.stateful.fabric8.control;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;

/**
 * client-go's {@code EventAggregator} ({@code EventAggregate} in tools/record/events_cache.go):
 * events of one source, object, type and reason with ten or more different messages within ten
 * minutes of each other are folded into one event, {@code (combined from similar events): <the
 * latest message>}, whose count grows with each. A 4-pod Parallel set with two claim templates
 * records nine events one by one and the rest as one combined event, as kube-controller-manager does.
 */
final class EventAggregator {

    static final int MAX_EVENTS = 10;
    static final Duration INTERVAL = Duration.ofSeconds(600);
    static final String COMBINED = "(combined from similar events): ";
    private static final int REMEMBERED = 4096;

    /** The event to write: {@code message} as given, or combined under the aggregate key. */
    record Outcome(String message, boolean combined) {
    }

    private final Clock clock;
    private final Map<String, Group> groups = new LinkedHashMap<>(16, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, Group> eldest) {
            return size() > REMEMBERED;
        }
    };

    private record Group(Set<String> messages, Instant last) {
    }

    EventAggregator(Clock clock) {
        this.clock = clock;
    }

    synchronized Outcome aggregate(String aggregateKey, String message) {
        Instant now = clock.instant();
        Group group = groups.get(aggregateKey);
        Set<String> messages = group == null || Duration.between(group.last(), now).compareTo(INTERVAL) > 0
                ? new LinkedHashSet<>() : group.messages();
        messages.add(message);
        groups.put(aggregateKey, new Group(messages, now));
        if (messages.size() < MAX_EVENTS) {
            return new Outcome(message, false);
        }
        // as client-go: the set never grows past the threshold (it drops one, any one)
        Iterator<String> any = messages.iterator();
        any.next();
        any.remove();
        return new Outcome(COMBINED + message, true);
    }
}
