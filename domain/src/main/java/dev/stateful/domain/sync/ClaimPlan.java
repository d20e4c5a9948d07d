package dev.stateful.domain.sync;

import dev.stateful.domain.identity.PodIdentity;
import dev.stateful.domain.model.PersistentVolumeClaim;
import dev.stateful.domain.model.Pod;
import dev.stateful.domain.model.StatefulSet;
import dev.stateful.domain.storage.ClaimErrors;
import dev.stateful.domain.storage.ClaimOwnership;
import dev.stateful.domain.storage.PodClaims;
import java.util.ArrayList;
import java.util.List;

/**
 * What one pod's claims need, from the snapshot: claims to create (already carrying the owner
 * references the retention policy wants, so one write suffices), existing claims whose owner
 * references must change, claims being deleted, the stale-claim guard and ConflictingController
 * warnings.
 *
 * <p>Each of the pod's claims is looked up once and every rule reads that one lookup: the desired
 * claim object ({@link PodClaims#desiredClaim}) is built only for a claim that is missing.
 */
record ClaimPlan(List<PersistentVolumeClaim> create, List<PersistentVolumeClaim> update, List<String> terminating,
                 List<Operation> warnings, boolean stale) {

    private static final ClaimPlan NOTHING = new ClaimPlan(List.of(), List.of(), List.of(), List.of(), false);

    /** For an in-range replica ({@code processReplica}: creation, a Pending pod, the invariants' repair). */
    static ClaimPlan forPod(Snapshot snapshot, StatefulSet set, Pod pod, int ordinal) {
        return of(snapshot, set, pod, ordinal, true);
    }

    /**
     * For a condemned pod ({@code updateStatefulSet}'s {@code fixPodClaim}): no creation and no Pending
     * pass, so its claims are fixed, and warned about, only when they do not match the policy.
     */
    static ClaimPlan forCondemned(Snapshot snapshot, StatefulSet set, Pod pod) {
        return of(snapshot, set, pod, PodIdentity.ordinal(pod), false);
    }

    private static ClaimPlan of(Snapshot snapshot, StatefulSet set, Pod pod, int ordinal, boolean inRange) {
        List<PersistentVolumeClaim> templates = PodClaims.templatesByName(set);
        if (templates.isEmpty()) {
            return NOTHING;
        }
        // the snapshot's claims are already keyed by name: a lookup per claim, not a copy of them all;
        // lists are made only when something goes in them (most pods have nothing to create or fix)
        List<PersistentVolumeClaim> create = List.of();
        List<PersistentVolumeClaim> existing = List.of();
        List<String> terminating = List.of();
        for (PersistentVolumeClaim template : templates) {
            String name = PodClaims.claimName(set, template, ordinal);
            PersistentVolumeClaim found = snapshot.claims().get(name);
            if (found == null) {
                PersistentVolumeClaim desired = PodClaims.desiredClaim(set, template, name);
                create = added(create, ClaimOwnership.updateClaimOwnerRefForSetAndPod(desired, set, pod));
            } else {
                existing = added(existing, found);
                if (found.isTerminating()) {
                    terminating = added(terminating, found.name());
                }
            }
        }
        ClaimOwnership.RetentionUpdate retention = ClaimOwnership.retentionUpdate(set, pod, existing);
        List<Operation> warnings = List.of();
        // upstream warns only where it calls UpdatePodClaimForRetentionPolicy: on creation, on every sync
        // of an in-range Pending pod (createMissingPersistentVolumeClaims), or on a mismatch
        // (ClaimsMatchRetentionPolicy fails exactly when some claim needs an update)
        boolean fixAttempted = inRange && (!pod.isCreated() || pod.status().isPending())
                || !retention.claimsToUpdate().isEmpty();
        for (int i = 0; fixAttempted && i < retention.conflictingControllerClaims().size(); i++) {
            warnings = added(warnings, new Operation.Warn(pod.name(), ClaimOwnership.CONFLICTING_CONTROLLER_REASON,
                    ClaimOwnership.conflictingControllerMessage(retention.conflictingControllerClaims().get(i))));
        }
        boolean stale = !pod.isCreated() && ClaimOwnership.podClaimIsStale(set, ordinal, existing);
        return new ClaimPlan(create, retention.claimsToUpdate(), terminating, warnings, stale);
    }

    /**
     * The errors that block the pod: {@code pvc <name> is being deleted} per terminating claim, as
     * upstream's {@code createPersistentVolumeClaims} returns them to be aggregated. Upstream ranges
     * over a Go map, so its order is arbitrary; ours is the templates' order.
     */
    List<String> terminatingErrors() {
        return terminating.stream().map(ClaimErrors::beingDeleted).toList();
    }

    /** {@code list} with {@code item} appended: the empty immutable list is replaced by a mutable one. */
    private static <T> List<T> added(List<T> list, T item) {
        List<T> out = list.isEmpty() ? new ArrayList<>(2) : list;
        out.add(item);
        return out;
    }
}
