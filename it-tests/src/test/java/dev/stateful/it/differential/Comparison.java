package dev.stateful.it.differential;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.function.Function;

/** Compares two traces of one scenario settle point by settle point. */
final class Comparison {

    private Comparison() {
    }

    static List<Difference> of(Scenario scenario, Trace upstream, Trace ours) {
        List<Difference> differences = new ArrayList<>();
        for (int i = 0; i < Math.min(upstream.segments().size(), ours.segments().size()); i++) {
            int step = i + 1;
            Trace.Segment a = upstream.segments().get(i);
            Trace.Segment b = ours.segments().get(i);
            Compare compare = (aspect, of) -> {
                Object x = of.apply(a);
                Object y = of.apply(b);
                if (!Objects.equals(x, y)) {
                    differences.add(new Difference(step, a.step(), aspect, String.valueOf(x), String.valueOf(y)));
                }
            };
            compare.on("pods", s -> s.snapshot().pods());
            compare.on("claims", s -> s.snapshot().claims());
            compare.on("revisions", s -> s.snapshot().revisions());
            compare.on("status", s -> s.snapshot().status());
            // OrderedReady: the order is the rule; Parallel: a slow-start batch has no order
            compare.on("writes", s -> scenario.parallel() ? counted(deletedOnce(s.writes())) : claimsOfAPodUnordered(deletedOnce(s.writes())));
            compare.on("events", s -> new java.util.TreeSet<>(s.events()));
        }
        return differences;
    }

    private interface Compare {
        void on(String aspect, Function<Trace.Segment, Object> of);
    }

    /**
     * The writes in order, but each run of claim creates sorted: upstream creates a pod's claims
     * ranging over a Go map ({@code createPersistentVolumeClaims}), in no defined order.
     */
    static List<String> claimsOfAPodUnordered(List<String> writes) {
        List<String> out = new ArrayList<>(writes);
        for (int start = 0; start < out.size(); start++) {
            int end = start;
            while (end < out.size() && out.get(end).startsWith("POST claim/")) {
                end++;
            }
            if (end - start > 1) {
                out.subList(start, end).sort(null);
                start = end - 1;
            }
        }
        return out;
    }

    /**
     * The writes with a DELETE of an object already deleted since its last create counted once. A
     * sync that runs before the controller's pod informer shows its first DELETE deletes the
     * terminating pod again (upstream's rolling update and {@code processCondemned} read the cache,
     * not the server); the API server answers the second like the first and nothing changes, so how
     * often the race hits is timing, not behaviour. In a Parallel scale-down the repeats need not
     * follow their first: upstream deleted web-3, web-2 and web-1 in one batch and web-2 and web-1
     * again in the next sync (random seed 20261217).
     */
    static List<String> deletedOnce(List<String> writes) {
        List<String> out = new ArrayList<>(writes.size());
        java.util.Set<String> deleted = new java.util.HashSet<>();
        for (String write : writes) {
            if (write.startsWith("DELETE ") && !deleted.add(write)) {
                continue;
            }
            if (write.startsWith("POST ")) {
                deleted.remove("DELETE " + write.substring("POST ".length()));
            }
            out.add(write);
        }
        return out;
    }

    private static Map<String, Integer> counted(List<String> writes) {
        Map<String, Integer> counts = new TreeMap<>();
        writes.forEach(w -> counts.merge(w, 1, Integer::sum));
        return counts;
    }
}
