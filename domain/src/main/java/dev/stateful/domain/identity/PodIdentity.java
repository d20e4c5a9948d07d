package dev.stateful.domain.identity;

import dev.stateful.domain.model.ObjectMeta;
import dev.stateful.domain.model.OwnerReference;
import dev.stateful.domain.model.Pod;
import dev.stateful.domain.model.StatefulSet;
import java.util.Comparator;

/**
 * Stable network identity of StatefulSet pods (upstream {@code getPodName}, {@code getParentNameAndOrdinal}, {@code identityMatches}, {@code updateIdentity}): names {@code <set>-<ordinal>},
 * ordinal parsing, membership, identity labels and their repair.
 */
public final class PodIdentity {

    public static final String POD_NAME_LABEL = "statefulset.kubernetes.io/pod-name";
    public static final String POD_INDEX_LABEL = "apps.kubernetes.io/pod-index";
    public static final String REVISION_LABEL = "controller-revision-hash";

    /** Orders pods by parsed ordinal, unparsable ones (-1) first. */
    public static final Comparator<Pod> ASCENDING_ORDINAL = Comparator.comparingInt(PodIdentity::ordinal);
    /** Orders pods highest ordinal first, unparsable ones last. */
    public static final Comparator<Pod> DESCENDING_ORDINAL = ASCENDING_ORDINAL.reversed();

    private PodIdentity() {
    }

    /** A pod name split into its parent set name and ordinal; ordinal -1 when it does not parse. */
    public record ParsedName(String parent, int ordinal) {
    }

    /**
     * Parses {@code <parent>-<ordinal>} with a greedy prefix; ordinals must fit a signed 32-bit
     * integer. No match gives ("", -1); an overflowing ordinal gives (prefix, -1).
     */
    public static ParsedName parse(String podName) {
        // By hand, not with the regex (.*)-([0-9]+)$: this runs several times per pod and plan, and the
        // regex's backtracking was ~10 % of a plan. Same results: the greedy prefix ends at the last
        // '-', whose suffix must be one or more ASCII digits; '.' does not match line terminators.
        String name = podName == null ? "" : podName;
        int dash = matchedDash(name);
        if (dash < 0) {
            return NO_MATCH;
        }
        return new ParsedName(name.substring(0, dash), ordinalAfter(name, dash));
    }

    private static final ParsedName NO_MATCH = new ParsedName("", -1);

    /**
     * Where {@code <parent>-<ordinal>} splits: the last '-', followed by one or more ASCII digits
     * and preceded by no line terminator; -1 when the name does not have that shape.
     */
    private static int matchedDash(String name) {
        int dash = name.lastIndexOf('-');
        int length = name.length();
        if (dash < 0 || dash == length - 1) {
            return -1;
        }
        for (int i = dash + 1; i < length; i++) {
            char c = name.charAt(i);
            if (c < '0' || c > '9') {
                return -1;
            }
        }
        for (int i = 0; i < dash; i++) {
            if (isLineTerminator(name.charAt(i))) {
                return -1;
            }
        }
        return dash;
    }

    /** The decimal digits after {@code dash} as an int; -1 when they overflow a signed 32-bit int. */
    private static int ordinalAfter(String name, int dash) {
        long value = 0;
        for (int i = dash + 1; i < name.length(); i++) {
            value = value * 10 + (name.charAt(i) - '0');
            if (value > Integer.MAX_VALUE) {
                return -1;
            }
        }
        return (int) value;
    }

    /** The characters java.util.regex's '.' does not match (no DOTALL, no UNIX_LINES). */
    private static boolean isLineTerminator(char c) {
        return c == '\n' || c == '\r' || c == '\u0085' || c == '\u2028' || c == '\u2029';
    }

    public static int ordinal(Pod pod) {
        // parse(name).ordinal() without building the parent name
        String name = pod.name();
        int dash = matchedDash(name);
        return dash < 0 ? -1 : ordinalAfter(name, dash);
    }

    public static String parentName(Pod pod) {
        return parse(pod.name()).parent();
    }

    public static String podName(StatefulSet set, int ordinal) {
        return set.name() + "-" + ordinal;
    }

    /** {@code isMemberOf}: the name parses to this set's name (the filter applied when claiming pods). */
    public static boolean isMemberOf(StatefulSet set, Pod pod) {
        // set.name().equals(parentName(pod)) without building the parent name
        String name = pod.name();
        String parent = set.name();
        int dash = matchedDash(name);
        if (dash < 0) {
            return parent.isEmpty();
        }
        return dash == parent.length() && name.startsWith(parent);
    }

    public static int startOrdinal(StatefulSet set) {
        return set.spec().startOrdinal();
    }

    /**
     * Inclusive last ordinal of the range, in 64 bits so that it cannot overflow: start + replicas - 1,
     * further by every reserved ordinal the range skips ({@link ReservedOrdinals}).
     */
    public static long endOrdinal(StatefulSet set) {
        ReservedOrdinals reserved = ReservedOrdinals.of(set);
        if (reserved.isEmpty()) {
            return (long) startOrdinal(set) + set.spec().replicasOrDefault() - 1;
        }
        return reserved.endOrdinal(startOrdinal(set), set.spec().replicasOrDefault());
    }

    /** Whether a pod of this ordinal belongs to the replica range (not beyond it, nor reserved): {@code podInOrdinalRange}. */
    public static boolean inOrdinalRange(StatefulSet set, int ordinal) {
        return ordinal >= startOrdinal(set) && ordinal <= endOrdinal(set) && !ReservedOrdinals.of(set).contains(ordinal);
    }

    public static boolean inOrdinalRange(StatefulSet set, Pod pod) {
        return inOrdinalRange(set, ordinal(pod));
    }

    /** The controller reference every pod, claim owner ref and revision of this set carries. */
    public static OwnerReference controllerRef(StatefulSet set) {
        return OwnerReference.controllerRef(set.kind().apiVersion(), set.kind().kind(), set.metadata());
    }

    /** Whether the pod's controller reference points at this set (kind and uid). */
    public static boolean isControlledBy(Pod pod, StatefulSet set) {
        return pod.metadata().controllerRef()
                .map(ref -> ref.uid().equals(set.metadata().uid()) && OwnerReference.STATEFUL_SET_KIND.equals(ref.kind()))
                .orElse(false);
    }

    /**
     * {@code identityMatches}: the ordinal parses, the parent is this set, the name is canonical, the
     * namespace is the set's, and the pod-name label equals the name. Hostname, subdomain, the
     * pod-index label and the revision label are deliberately not checked (upstream parity).
     */
    public static boolean identityMatches(StatefulSet set, Pod pod) {
        return identityMatches(set, pod, parse(pod.name()));
    }

    /** {@link #identityMatches(StatefulSet, Pod)} with the pod's name already parsed ({@link #parse}). */
    public static boolean identityMatches(StatefulSet set, Pod pod, ParsedName parsed) {
        return parsed.ordinal() >= 0
                && set.name().equals(parsed.parent())
                && hasCanonicalOrdinal(pod.name(), set.name().length())
                && pod.namespace().equals(set.namespace())
                && pod.name().equals(pod.metadata().labels().get(POD_NAME_LABEL));
    }

    /**
     * For a name that parsed to {@code <parent>-<ordinal>} with its dash at {@code dash}: whether it is
     * {@code podName(parent, ordinal)}, i.e. its digits have no leading zero ("0" itself has none).
     */
    private static boolean hasCanonicalOrdinal(String name, int dash) {
        return name.length() == dash + 2 || name.charAt(dash + 1) != '0';
    }

    /**
     * {@code updateIdentity}: recomputes name from the parsed ordinal, sets the namespace, the
     * pod-name label and the pod-index label.
     */
    public static Pod updateIdentity(StatefulSet set, Pod pod) {
        int ordinal = ordinal(pod);
        String name = podName(set, ordinal);
        ObjectMeta meta = pod.metadata()
                .withName(name)
                .withNamespace(set.namespace())
                .withLabel(POD_NAME_LABEL, name)
                .withLabel(POD_INDEX_LABEL, Integer.toString(ordinal));
        return pod.withMetadata(meta);
    }

    /** {@code initIdentity}: identity plus hostname and subdomain, set only when a pod is created. */
    public static Pod initIdentity(StatefulSet set, Pod pod) {
        Pod updated = updateIdentity(set, pod);
        var spec = updated.spec().with("hostname", updated.name());
        spec = set.spec().serviceName().isEmpty() ? spec.without("subdomain") : spec.with("subdomain", set.spec().serviceName());
        return updated.withSpec(spec);
    }

    /** The {@code controller-revision-hash} label value, or "" when absent. */
    public static String revisionOf(Pod pod) {
        return pod.metadata().labels().getOrDefault(REVISION_LABEL, "");
    }

    public static Pod withRevision(Pod pod, String revisionName) {
        return pod.withMetadata(pod.metadata().withLabel(REVISION_LABEL, revisionName));
    }
}
