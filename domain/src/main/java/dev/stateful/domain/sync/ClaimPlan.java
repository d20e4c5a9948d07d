package dev.stateful.domain.sync;

import dev.stateful.domain.identity.PodIdentity;
import dev.stateful.domain.model.PersistentVolumeClaim;
import dev.stateful.domain.model.Pod;
import dev.stateful.domain.model.StatefulSet;
import dev.stateful.domain.storage.ClaimOwnership;
import dev.stateful.domain.storage.ClaimState;
import dev.stateful.domain.storage.ClaimStates;
import dev.stateful.domain.storage.PodClaims;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * What one pod's claims need, from the snapshot: claims to create (already carrying the owner
 * references the retention policy wants, so one write suffices), existing claims whose owner
 * references must change, claims being deleted, the stale-claim guard and ConflictingController
 * warnings.
 */
record ClaimPlan(List<PersistentVolumeClaim> create, List<PersistentVolumeClaim> update, List<String> terminating,
                 List<Operation> warnings, boolean stale) {

    static ClaimPlan forPod(Snapshot snapshot, StatefulSet set, Pod pod) {
        int ordinal = PodIdentity.ordinal(pod);
        // the snapshot's claims are already keyed by name: a lookup per pod, not a copy of them all
        Function<String, Optional<PersistentVolumeClaim>> lookup = snapshot::claim;
        ClaimStates states = PodClaims.check(set, ordinal, lookup);
        List<PersistentVolumeClaim> create = new ArrayList<>();
        for (PersistentVolumeClaim claim : states.toCreate()) {
            create.add(ClaimOwnership.updateClaimOwnerRefForSetAndPod(claim, set, pod));
        }
        List<String> terminating = new ArrayList<>();
        for (ClaimState state : states.states()) {
            if (state instanceof ClaimState.Terminating) {
                terminating.add(state.claimName());
            }
        }
        ClaimOwnership.RetentionUpdate retention = ClaimOwnership.retentionUpdate(set, pod, lookup);
        List<Operation> warnings = new ArrayList<>();
        // upstream warns only where it calls UpdatePodClaimForRetentionPolicy: on creation, or on a mismatch
        boolean fixAttempted = !pod.isCreated() || !ClaimOwnership.claimsMatchRetentionPolicy(set, pod, lookup);
        for (int i = 0; fixAttempted && i < retention.conflictingControllerClaims().size(); i++) {
            warnings.add(new Operation.Warn(pod.name(), ClaimOwnership.CONFLICTING_CONTROLLER_REASON,
                    retention.conflictingControllerMessages().get(i)));
        }
        boolean stale = !pod.isCreated() && ClaimOwnership.podClaimIsStale(set, ordinal, lookup);
        return new ClaimPlan(create, retention.claimsToUpdate(), terminating, warnings, stale);
    }
}
