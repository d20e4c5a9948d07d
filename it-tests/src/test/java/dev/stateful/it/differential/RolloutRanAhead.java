package dev.stateful.it.differential;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Ours a step ahead of upstream in a rollout that upstream held because a replica was unavailable
 * (README, "Where it deliberately differs": maxUnavailable). 1.36's
 * {@code updateStatefulSetAfterInvariantEstablished} deletes nothing while {@code maxUnavailable}
 * replicas are unavailable, counting an outdated pod that is not Ready (kubernetes#137409); ours
 * replaces that pod at once and goes on. Upstream goes on when the next step's action frees it (the
 * pod fails and is replaced, or turns Ready), so the same rollout shows one settle point later.
 *
 * <p>Step {@code k} is such a step when, after it, upstream made no write, its status shows a
 * rollout not completed and fewer replicas available than it has, and ours deleted a pod; and when
 * after step {@code k + 1} both clusters hold the same objects, over steps {@code k} and {@code k + 1}
 * both made the same writes (each create and delete, whatever its count) and recorded the same
 * events. Then the differences of step {@code k} in the pods, the status, the writes and the
 * events, and those of step {@code k + 1} in the writes and the events, are this one difference;
 * nothing else is.
 */
final class RolloutRanAhead {

    private static final Set<String> WHILE_AHEAD = Set.of("pods", "status", "writes", "events");
    private static final Set<String> ONCE_CAUGHT_UP = Set.of("writes", "events");

    private RolloutRanAhead() {
    }

    static boolean allows(Difference d, KnownDifferences.Run run) {
        return WHILE_AHEAD.contains(d.aspect()) && aheadAt(d.step(), run)
                || ONCE_CAUGHT_UP.contains(d.aspect()) && aheadAt(d.step() - 1, run);
    }

    /** Whether ours ran a step ahead after step {@code k} (numbered from 1) and upstream caught up after the next. */
    static boolean aheadAt(int k, KnownDifferences.Run run) {
        List<Trace.Segment> upstream = run.upstream().segments();
        List<Trace.Segment> ours = run.ours().segments();
        if (k < 1 || k >= Math.min(upstream.size(), ours.size())) {
            return false;
        }
        Trace.Segment upstreamHeld = upstream.get(k - 1);
        Trace.Segment oursAhead = ours.get(k - 1);
        Trace.Segment upstreamNext = upstream.get(k);
        Trace.Segment oursNext = ours.get(k);
        KnownDifferences.Status held = KnownDifferences.Status.of(upstreamHeld.snapshot().status());
        return upstreamHeld.writes().isEmpty() && !held.completed() && held.get("available") < held.get("replicas")
                && oursAhead.writes().stream().anyMatch(w -> w.startsWith("DELETE pod/"))
                && upstreamNext.snapshot().equals(oursNext.snapshot())
                && union(upstreamHeld.writes(), upstreamNext.writes()).equals(union(oursAhead.writes(), oursNext.writes()))
                && union(upstreamHeld.events(), upstreamNext.events()).equals(union(oursAhead.events(), oursNext.events()));
    }

    private static Set<String> union(java.util.Collection<String> a, java.util.Collection<String> b) {
        Set<String> out = new HashSet<>(a);
        out.addAll(b);
        return out;
    }
}
