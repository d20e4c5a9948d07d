package dev.stateful.domain.sync;

import dev.stateful.domain.model.ControllerRevision;
import dev.stateful.domain.model.PersistentVolumeClaim;
import dev.stateful.domain.model.Pod;
import dev.stateful.domain.model.StatefulSet;
import dev.stateful.domain.identity.PodIdentity;
import dev.stateful.domain.storage.PodClaims;
import dev.stateful.domain.validation.StatefulSetValidator;
import java.time.Instant;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * What the controller observed for one StatefulSet at one instant: the set, the pods of its
 * namespace, its claims and the revisions in its namespace. The planner decides from this alone.
 * Immutable lists and maps (from {@code List.of}, {@code List.copyOf}, {@code Map.copyOf}) are kept
 * as they are, not copied again.
 *
 * @param pods the pods of the set's namespace (the planner claims its own, spec 6.2): every pod, or
 *     at least those the set controls and the orphans; pods of other controllers are ignored
 * @param claims claims of the set's namespace by name: all of them, or at least those named by
 *     {@link #claimNames} (no other name is looked up)
 * @param revisions the ControllerRevisions of the namespace (the planner keeps the ones it owns):
 *     every one, or at least those the set controls, the orphans and every revision whose name
 *     starts with the set's name and a dash (they take part in name-collision handling)
 */
public record Snapshot(StatefulSet set, List<Pod> pods, Map<String, PersistentVolumeClaim> claims,
                       List<ControllerRevision> revisions, Instant now) {

    public Snapshot {
        pods = List.copyOf(pods);
        claims = Map.copyOf(claims);
        revisions = List.copyOf(revisions);
    }

    /**
     * The names of every claim a plan for {@code set} may look up, given the pods observed for it:
     * each template's claim for each ordinal of the replica range and for the ordinal of each pod
     * that is a member of the set by name (claimed pods beyond the range, whose claims the retention
     * policy and the stale-claim guard read). None for an invalid set: it is planned no further
     * than its validation (and its replica count may be anything).
     */
    public static Set<String> claimNames(StatefulSet set, Collection<Pod> pods) {
        List<PersistentVolumeClaim> templates = set.spec().volumeClaimTemplates();
        if (templates.isEmpty() || !StatefulSetValidator.validate(set).isEmpty()) {
            return Set.of();
        }
        Set<Integer> ordinals = new TreeSet<>();
        int start = set.spec().startOrdinal();
        for (int i = 0; i < set.spec().replicasOrDefault(); i++) {
            ordinals.add(start + i);
        }
        for (Pod pod : pods) {
            int ordinal = PodIdentity.ordinal(pod);
            if (ordinal >= 0 && PodIdentity.isMemberOf(set, pod)) {
                ordinals.add(ordinal);
            }
        }
        Set<String> names = new LinkedHashSet<>();
        for (int ordinal : ordinals) {
            for (PersistentVolumeClaim template : templates) {
                names.add(PodClaims.claimName(set, template, ordinal));
            }
        }
        return names;
    }

    public Optional<PersistentVolumeClaim> claim(String name) {
        return Optional.ofNullable(claims.get(name));
    }

    public Snapshot withRevision(ControllerRevision revision) {
        List<ControllerRevision> copy = new java.util.ArrayList<>(revisions);
        copy.removeIf(r -> r.name().equals(revision.name()));
        copy.add(revision);
        return new Snapshot(set, pods, claims, copy, now);
    }
}
