package dev.stateful.grpc.server;

import dev.stateful.domain.model.StatefulSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Supplier;

/**
 * The StatefulSets of recent {@code Plan} requests, decoded and defaulted, by their exact JSON. A
 * tool that plans one set again and again (watching a rollout, a check in CI) sends the same set
 * bytes each time; with one record for them, what the planner derives from a set and keeps with it
 * ({@code model.Derived}: its validation, its candidate revision, which serialises and hashes the
 * template, its reserved ordinals) is computed once instead of on every call. Equal JSON decodes to an
 * equal set, so the answers do not change; a set that changed in any byte is decoded afresh.
 *
 * <p>Bounded: at most {@code maxEntries} sets, least recently planned out first, and a set whose JSON
 * is longer than {@code maxJsonChars} is never kept. One per service instance, never shared between
 * instances; safe for concurrent calls (two calls decoding the same new set both decode it).
 */
final class RecentSets {

    /** What {@link StatefulSetServiceImpl} keeps: a few sets (callers plan few sets at a time), each up to 64 KiB of JSON. */
    static final int DEFAULT_ENTRIES = 32;
    static final int DEFAULT_MAX_JSON_CHARS = 64 * 1024;

    private final int maxEntries;
    private final int maxJsonChars;
    private final Map<String, StatefulSet> byJson;

    RecentSets(int maxEntries, int maxJsonChars) {
        this.maxEntries = maxEntries;
        this.maxJsonChars = maxJsonChars;
        this.byJson = new LinkedHashMap<>(16, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<String, StatefulSet> eldest) {
                return size() > RecentSets.this.maxEntries;
            }
        };
    }

    /** The set {@code json} decodes to: the one decoded for these exact bytes before, or {@code decode}'s (kept when it succeeds). */
    StatefulSet decoded(String json, Supplier<StatefulSet> decode) {
        if (json.length() > maxJsonChars) {
            return decode.get();
        }
        synchronized (byJson) {
            StatefulSet known = byJson.get(json);
            if (known != null) {
                return known;
            }
        }
        StatefulSet set = decode.get(); // a set that does not decode throws, and nothing is kept
        synchronized (byJson) {
            byJson.put(json, set);
        }
        return set;
    }

    /** How many sets are kept now. */
    int size() {
        synchronized (byJson) {
            return byJson.size();
        }
    }
}
