package dev.stateful.grpc.server;

import dev.stateful.domain.identity.PodIdentity;
import dev.stateful.domain.model.ControllerRevision;
import dev.stateful.domain.model.ObjectKey;
import dev.stateful.domain.model.PersistentVolumeClaim;
import dev.stateful.domain.model.Pod;
import dev.stateful.domain.model.StatefulSet;
import dev.stateful.domain.revision.RevisionHistory;
import dev.stateful.domain.sync.Ownership;
import dev.stateful.domain.sync.Plan;
import dev.stateful.domain.sync.Snapshot;
import dev.stateful.domain.sync.StatefulSetPlanner;
import dev.stateful.grpc.status.Failures;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * One StatefulSet and what belongs to it, read at one moment: its pods by ordinal, its claims, its
 * revisions oldest first, and the snapshot the controller would plan from.
 */
record SetView(StatefulSet set, List<Pod> pods, List<PersistentVolumeClaim> claims, List<ControllerRevision> revisions,
               Snapshot snapshot) {

    /** Reads the set (NOT_FOUND if it does not exist) and its namespace. */
    static SetView read(SetBackend backend, ObjectKey key) {
        StatefulSet set = backend.statefulSet(key)
                .orElseThrow(() -> Failures.notFound("statefulsets.apps \"" + key.name() + "\" not found in namespace " + key.namespace()));
        List<Pod> namespacePods = backend.pods(set.namespace());
        List<PersistentVolumeClaim> namespaceClaims = backend.claims(set.namespace());
        List<ControllerRevision> namespaceRevisions = backend.revisions(set.namespace());
        Map<String, PersistentVolumeClaim> claimsByName = new LinkedHashMap<>();
        namespaceClaims.forEach(c -> claimsByName.put(c.name(), c));
        Snapshot snapshot = new Snapshot(set, namespacePods, claimsByName, namespaceRevisions, backend.now());
        List<Pod> pods = namespacePods.stream().filter(p -> belongs(set, p)).sorted(PodIdentity.ASCENDING_ORDINAL).toList();
        List<PersistentVolumeClaim> claims = namespaceClaims.stream().filter(c -> podOfClaim(set, c).isPresent()).toList();
        List<ControllerRevision> revisions = RevisionHistory.sorted(Ownership.ownedRevisions(set, namespaceRevisions));
        return new SetView(set, pods, claims, revisions, snapshot);
    }

    Plan plan() {
        return StatefulSetPlanner.plan(snapshot);
    }

    Instant now() {
        return snapshot.now();
    }

    /** How many of the set's pods carry the revision's hash label. */
    int podsAt(ControllerRevision revision) {
        return (int) pods.stream().filter(p -> PodIdentity.revisionOf(p).equals(revision.name())).count();
    }

    /** The pod a claim {@code <template>-<set>-<ordinal>} belongs to, if it is one of the set's. */
    static Optional<String> podOfClaim(StatefulSet set, PersistentVolumeClaim claim) {
        for (PersistentVolumeClaim template : set.spec().volumeClaimTemplates()) {
            String prefix = template.name() + "-" + set.name() + "-";
            String rest = claim.name().startsWith(prefix) ? claim.name().substring(prefix.length()) : "";
            if (!rest.isEmpty() && rest.chars().allMatch(Character::isDigit)) {
                return Optional.of(set.name() + "-" + rest);
            }
        }
        return Optional.empty();
    }

    /** Named like the set's pods and controlled by it (or by nothing yet: about to be adopted). */
    private static boolean belongs(StatefulSet set, Pod pod) {
        return PodIdentity.isMemberOf(set, pod) && (PodIdentity.isControlledBy(pod, set) || pod.metadata().controllerRef().isEmpty());
    }
}
