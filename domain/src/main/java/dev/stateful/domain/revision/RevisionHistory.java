package dev.stateful.domain.revision;

import dev.stateful.domain.identity.PodIdentity;
import dev.stateful.domain.json.Json;
import dev.stateful.domain.json.JsonWriter;
import dev.stateful.domain.model.ControllerRevision;
import dev.stateful.domain.model.ObjectMeta;
import dev.stateful.domain.model.StatefulSet;
import java.time.Instant;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * Building, ordering and comparing ControllerRevisions (upstream {@code newRevision},
 * {@code history.SortControllerRevisions}, {@code EqualRevision}, {@code FindEqualRevisions}).
 */
public final class RevisionHistory {

    /** Revision number ascending, then creation time (older first, unset first), then name. */
    public static final Comparator<ControllerRevision> ORDER = Comparator
            .comparingLong(ControllerRevision::revision)
            .thenComparing(r -> r.metadata().creationTimestamp(), Comparator.nullsFirst(Comparator.<Instant>naturalOrder()))
            .thenComparing(ControllerRevision::name);

    private RevisionHistory() {
    }

    /**
     * The revision describing the set's current template: named {@code <set>-<hash>}, labelled with the
     * template labels plus the hash, annotated with the set's annotations, controlled by the set.
     */
    public static ControllerRevision newRevision(StatefulSet set, long revision, int collisionCount) {
        Json.Obj tree = RevisionData.patchTree(set.spec().template());
        String data = JsonWriter.write(tree);
        String hash = RevisionHash.hash(data, collisionCount);
        Map<String, String> labels = new LinkedHashMap<>(set.spec().templateMetadata().stringMap("labels"));
        labels.put(RevisionHash.HASH_LABEL, hash);
        ObjectMeta meta = ObjectMeta.named(set.namespace(), RevisionHash.revisionName(set.name(), hash))
                .withLabels(labels)
                .withAnnotations(set.metadata().annotations())
                .withOwnerReferences(List.of(PodIdentity.controllerRef(set)));
        return new ControllerRevision(meta, data, revision, tree);
    }

    /** A stably sorted copy in {@link #ORDER}. */
    public static List<ControllerRevision> sorted(List<ControllerRevision> revisions) {
        return revisions.stream().sorted(ORDER).toList();
    }

    /** 1 for an empty history, otherwise one past the last revision of the sorted list. */
    public static long nextRevision(List<ControllerRevision> sorted) {
        return sorted.isEmpty() ? 1 : sorted.get(sorted.size() - 1).revision() + 1;
    }

    /**
     * {@code EqualRevision}: if both hash labels parse as int32 decimals and differ, the revisions
     * differ; otherwise they are equal iff their data bytes are. (Encoded hashes are rarely all digits,
     * so in practice this compares bytes; the int32 parse is upstream's and caused issue #61998.)
     */
    public static boolean equalRevision(ControllerRevision lhs, ControllerRevision rhs) {
        if (lhs == null || rhs == null) {
            return lhs == rhs;
        }
        OptionalInt left = int32HashLabel(lhs);
        OptionalInt right = int32HashLabel(rhs);
        if (left.isPresent() && right.isPresent() && left.getAsInt() != right.getAsInt()) {
            return false;
        }
        // Java strings are equal iff their UTF-8 encodings are
        return lhs.data().equals(rhs.data());
    }

    /** {@code FindEqualRevisions}: the revisions equal to {@code needle}, in the given order. */
    public static List<ControllerRevision> findEqualRevisions(List<ControllerRevision> revisions, ControllerRevision needle) {
        return revisions.stream().filter(r -> equalRevision(r, needle)).toList();
    }

    /**
     * The revisions that describe the set's template: the byte-equal ones ({@link #findEqualRevisions});
     * only when there are none, the ones that restore the same template up to serialisation
     * ({@link RevisionData#restoresTemplateOf}, upstream {@code StatefulSetSemanticRevisionComparison}).
     */
    public static List<ControllerRevision> findEquivalentRevisions(StatefulSet set, List<ControllerRevision> revisions,
            ControllerRevision candidate) {
        List<ControllerRevision> equal = findEqualRevisions(revisions, candidate);
        if (!equal.isEmpty()) {
            return equal;
        }
        return revisions.stream().filter(r -> RevisionData.restoresTemplateOf(set, r)).toList();
    }

    /** The revision with this name, if any. */
    public static Optional<ControllerRevision> named(List<ControllerRevision> revisions, String name) {
        return revisions.stream().filter(r -> r.name().equals(name)).findFirst();
    }

    /** The hash label as Go's {@code strconv.ParseInt(s, 10, 32)} reads it: optional sign, ASCII digits, int32 range. */
    static OptionalInt int32HashLabel(ControllerRevision revision) {
        String s = revision.metadata().labels().get(RevisionHash.HASH_LABEL);
        return s == null ? OptionalInt.empty() : parseInt32(s);
    }

    static OptionalInt parseInt32(String s) {
        int start = !s.isEmpty() && (s.charAt(0) == '+' || s.charAt(0) == '-') ? 1 : 0;
        if (start == s.length()) {
            return OptionalInt.empty();
        }
        long value = 0;
        for (int i = start; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c < '0' || c > '9') {
                return OptionalInt.empty();
            }
            value = value * 10 + (c - '0');
            if (value > 1L << 31) {
                return OptionalInt.empty();
            }
        }
        long signed = s.charAt(0) == '-' ? -value : value;
        return signed > Integer.MAX_VALUE ? OptionalInt.empty() : OptionalInt.of((int) signed);
    }
}
