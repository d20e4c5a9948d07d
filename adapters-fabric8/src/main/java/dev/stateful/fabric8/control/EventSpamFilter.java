package dev.stateful.fabric8.control;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * client-go's {@code EventSourceObjectSpamFilter}: each (source, object, type) gets a token bucket
 * of 25 that refills one token every 5 minutes ({@code getSpamKey}); an event without a token is
 * dropped. A 500-pod Parallel scale-up therefore writes at most 25 events, not 1,000.
 */
final class EventSpamFilter {

    static final int BURST = 25;
    static final Duration REFILL = Duration.ofMinutes(5);
    private static final int REMEMBERED = 4096;

    private final Clock clock;
    private final Map<String, Bucket> buckets = new LinkedHashMap<>(16, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, Bucket> eldest) {
            return size() > REMEMBERED;
        }
    };

    private record Bucket(double tokens, Instant at) {
    }

    EventSpamFilter(Clock clock) {
        this.clock = clock;
    }

    /** Takes a token for this key; false means the event is spam and must be dropped. */
    synchronized boolean allow(String key) {
        Instant now = clock.instant();
        Bucket bucket = buckets.get(key);
        double tokens = bucket == null ? BURST
                : Math.min(BURST, bucket.tokens() + (double) Duration.between(bucket.at(), now).toMillis() / REFILL.toMillis());
        if (tokens < 1) {
            buckets.put(key, new Bucket(tokens, now));
            return false;
        }
        buckets.put(key, new Bucket(tokens - 1, now));
        return true;
    }
}
