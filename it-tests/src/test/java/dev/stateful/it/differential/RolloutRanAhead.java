package dev.stateful.it.differential;

import dev.stateful.domain.identity.PodIdentity;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.Function;

/**
 * Ours ahead of upstream in a rollout that upstream held because a replica was unavailable
 * (README, "Where it deliberately differs": maxUnavailable). 1.36's
 * {@code updateStatefulSetAfterInvariantEstablished} deletes nothing while {@code maxUnavailable}
 * replicas are unavailable, counting an outdated pod that is not Ready (kubernetes#137409); ours
 * replaces that pod at once and goes on. Upstream goes on only when a later step frees it (the pod
 * fails and is replaced, or turns Ready), maybe never.
 *
 * <p>The difference starts at step {@code k} when, after it, upstream made no write, its status shows
 * a rollout not completed with fewer replicas available than it has, ours deleted a pod, and ours is
 * ahead: both hold the same pods, claims and revisions, each pod that differs is one the rolling
 * update may replace (at or above the partition; a name without an ordinal is below it), at an
 * older revision in upstream's cluster and, in ours, at the update revision or terminating; the statuses
 * differ only in the rollout's counters and current revision, ours having updated at least as many
 * replicas. It lasts while ours stays ahead, and each of those steps may differ in the pods, the
 * status, and in pod creates and deletes and their events. If upstream catches up, holding the same
 * objects after a later step, that step may differ in writes and events only if over the whole
 * stretch both made the same writes and recorded the same events. Nothing else is this difference.
 */
final class RolloutRanAhead {

    private static final Set<String> WHILE_AHEAD = Set.of("pods", "status", "writes", "events");
    private static final Set<String> ONCE_CAUGHT_UP = Set.of("writes", "events");
    /** The status fields a rollout's progress moves. */
    private static final Set<String> PROGRESS = Set.of("ready", "available", "current", "updated", "currentRevision");

    private RolloutRanAhead() {
    }

    static boolean allows(Difference d, KnownDifferences.Run run) {
        List<Trace.Segment> upstream = run.upstream().segments();
        List<Trace.Segment> ours = run.ours().segments();
        int steps = Math.min(upstream.size(), ours.size());
        for (int k = 1; k <= Math.min(d.step(), steps); k++) {
            if (!heldAt(upstream.get(k - 1), ours.get(k - 1))) {
                continue;
            }
            int j = k;
            while (j <= steps && j < d.step() && ahead(upstream.get(j - 1), ours.get(j - 1))) {
                j++;
            }
            if (j == d.step() && j <= steps) {
                Trace.Segment a = upstream.get(j - 1);
                Trace.Segment b = ours.get(j - 1);
                if (ahead(a, b)) {
                    return WHILE_AHEAD.contains(d.aspect()) && onlyPodWritesDiffer(a, b);
                }
                if (j > k && a.snapshot().equals(b.snapshot())) {
                    return ONCE_CAUGHT_UP.contains(d.aspect()) && sameOver(upstream.subList(k - 1, j), ours.subList(k - 1, j));
                }
            }
        }
        return false;
    }

    /** Upstream held the rollout after this step while ours deleted a pod and ran ahead. */
    private static boolean heldAt(Trace.Segment upstream, Trace.Segment ours) {
        KnownDifferences.Status held = KnownDifferences.Status.of(upstream.snapshot().status());
        return upstream.writes().isEmpty() && !held.completed() && held.get("available") < held.get("replicas")
                && ours.writes().stream().anyMatch(w -> w.startsWith("DELETE pod/")) && ahead(upstream, ours);
    }

    /** The two clusters differ after this step, only in how far the rollout has gone, ours further. */
    static boolean ahead(Trace.Segment upstream, Trace.Segment ours) {
        Snapshot a = upstream.snapshot();
        Snapshot b = ours.snapshot();
        if (a.equals(b) || !a.claims().equals(b.claims()) || !a.revisions().equals(b.revisions()) || !a.pods().keySet().equals(b.pods().keySet())) {
            return false;
        }
        KnownDifferences.Status upstreamStatus = KnownDifferences.Status.of(a.status());
        KnownDifferences.Status oursStatus = KnownDifferences.Status.of(b.status());
        String update = oursStatus.fields().get("updateRevision");
        return withoutProgress(upstreamStatus).equals(withoutProgress(oursStatus)) && oursStatus.get("updated") >= upstreamStatus.get("updated")
                && a.pods().keySet().stream().allMatch(name -> a.pods().get(name).equals(b.pods().get(name))
                        || PodIdentity.parse(name).ordinal() >= a.updatableFrom() && podAhead(a.pods().get(name), b.pods().get(name), update));
    }

    /** A pod outdated in upstream's cluster where ours has replaced it or is replacing it. */
    private static boolean podAhead(String upstream, String ours, String updateRevision) {
        boolean upstreamOutdated = !upstream.endsWith(Snapshot.TERMINATING) && !Objects.equals(revision(upstream), updateRevision);
        boolean oursReplaced = ours.endsWith(Snapshot.TERMINATING) || Objects.equals(revision(ours), updateRevision);
        return upstreamOutdated && oursReplaced && rest(upstream).equals(rest(ours));
    }

    private static String revision(String pod) {
        String first = pod.split(" ", 2)[0];
        return first.startsWith("revision=") ? first.substring("revision=".length()) : "";
    }

    /** A pod's description but its revision and whether it is terminating: its owners and claims. */
    private static String rest(String pod) {
        String body = pod.endsWith(Snapshot.TERMINATING) ? pod.substring(0, pod.length() - Snapshot.TERMINATING.length()) : pod;
        String[] parts = body.split(" ", 2);
        return parts.length > 1 ? parts[1] : "";
    }

    private static Map<String, String> withoutProgress(KnownDifferences.Status status) {
        Map<String, String> fields = new HashMap<>(status.fields());
        fields.keySet().removeAll(PROGRESS);
        return fields;
    }

    /** The writes and events of the step differ only in pod creates and deletes. */
    private static boolean onlyPodWritesDiffer(Trace.Segment upstream, Trace.Segment ours) {
        return symmetricDifference(upstream.writes(), ours.writes()).stream().allMatch(w -> w.startsWith("POST pod/") || w.startsWith("DELETE pod/"))
                && symmetricDifference(upstream.events(), ours.events()).stream()
                        .allMatch(e -> e.startsWith("Normal SuccessfulCreate: Create Pod ") || e.startsWith("Normal SuccessfulDelete: Delete Pod "));
    }

    /** Over these steps both made the same writes (each create and delete, whatever its count) and recorded the same events. */
    private static boolean sameOver(List<Trace.Segment> upstream, List<Trace.Segment> ours) {
        return union(upstream, Trace.Segment::writes).equals(union(ours, Trace.Segment::writes))
                && union(upstream, Trace.Segment::events).equals(union(ours, Trace.Segment::events));
    }

    private static Set<String> union(List<Trace.Segment> segments, Function<Trace.Segment, Collection<String>> of) {
        Set<String> out = new HashSet<>();
        segments.forEach(s -> out.addAll(of.apply(s)));
        return out;
    }

    private static List<String> symmetricDifference(Collection<String> a, Collection<String> b) {
        List<String> out = new ArrayList<>();
        a.stream().filter(x -> !b.contains(x)).forEach(out::add);
        b.stream().filter(x -> !a.contains(x)).forEach(out::add);
        return out;
    }
}
