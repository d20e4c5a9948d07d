package dev.stateful.it.differential;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeSet;

/**
 * Claims ours released and upstream did not (README, "Where it deliberately differs": under
 * {@code whenDeleted: Retain} the set's reference is taken off every claim no pod of it names, where
 * upstream's {@code ClaimsMatchRetentionPolicy} fixes the claims of pods that exist only).
 *
 * <p>A claim is released at a settle point when ours holds it with exactly upstream's owners less the
 * set's, while the set's {@code whenDeleted} is Retain and no pod of ours names the claim. A
 * difference in the claims is this one when every claim that differs is released at that settle
 * point or was at an earlier one, and then is either still held by both with upstream's owners less
 * the set's, or, once upstream let the garbage collector delete it with the set (gone, or being
 * deleted), held by ours with no reference to the set. Nothing else is this difference.
 */
final class ClaimsReleased {

    /** How {@link Snapshot} names the set as owner of a claim. */
    static final String SET_OWNER = "StatefulSet/web(controller)";

    private ClaimsReleased() {
    }

    static boolean allows(Difference d, KnownDifferences.Run run) {
        List<Trace.Segment> upstream = run.upstream().segments();
        List<Trace.Segment> ours = run.ours().segments();
        int at = d.step() - 1;
        if (!d.aspect().equals("claims") || at < 0 || at >= upstream.size() || at >= ours.size()) {
            return false;
        }
        Map<String, String> a = upstream.get(at).snapshot().claims();
        Map<String, String> b = ours.get(at).snapshot().claims();
        TreeSet<String> names = new TreeSet<>(a.keySet());
        names.addAll(b.keySet());
        for (String name : names) {
            String theirs = a.get(name);
            String mine = b.get(name);
            if (Objects.equals(theirs, mine)) {
                continue;
            }
            if (!releasedBy(name, upstream, ours, at)) {
                return false;
            }
            boolean stillHeld = theirs != null && mine != null && lessTheSet(theirs).equals(mine);
            boolean keptOnlyByOurs = mine != null && !mine.contains(SET_OWNER) && !mine.endsWith(Snapshot.TERMINATING)
                    && (theirs == null || theirs.endsWith(Snapshot.TERMINATING));
            if (!stillHeld && !keptOnlyByOurs) {
                return false;
            }
        }
        return true;
    }

    /** Whether ours released the claim at settle point {@code at} or before it. */
    private static boolean releasedBy(String name, List<Trace.Segment> upstream, List<Trace.Segment> ours, int at) {
        for (int i = 0; i <= at; i++) {
            if (releasedAt(name, upstream.get(i).snapshot(), ours.get(i).snapshot())) {
                return true;
            }
        }
        return false;
    }

    private static boolean releasedAt(String name, Snapshot upstream, Snapshot ours) {
        String theirs = upstream.claims().get(name);
        String mine = ours.claims().get(name);
        return "Retain".equals(ours.whenDeleted()) && theirs != null && mine != null && theirs.contains(SET_OWNER)
                && lessTheSet(theirs).equals(mine) && ours.pods().values().stream().noneMatch(pod -> claimsOf(pod).contains(name));
    }

    /** A claim's description with the set taken out of its owners. */
    static String lessTheSet(String claim) {
        int open = claim.indexOf("owners=[");
        int close = claim.indexOf(']', open);
        if (open < 0 || close < 0) {
            return claim;
        }
        String owners = claim.substring(open + "owners=[".length(), close);
        List<String> kept = new ArrayList<>(owners.isEmpty() ? List.of() : Arrays.asList(owners.split(",")));
        kept.remove(SET_OWNER);
        return claim.substring(0, open) + "owners=[" + String.join(",", kept) + claim.substring(close);
    }

    /** The claims a pod's description names ({@code claims=[a, b]}). */
    private static List<String> claimsOf(String pod) {
        int open = pod.indexOf("claims=[");
        int close = pod.indexOf(']', open);
        if (open < 0 || close < 0) {
            return List.of();
        }
        String claims = pod.substring(open + "claims=[".length(), close);
        return claims.isEmpty() ? List.of() : Arrays.asList(claims.split(", "));
    }
}
