package dev.stateful.ports.reconcile;

import dev.stateful.domain.model.PersistentVolumeClaim;
import dev.stateful.domain.model.StatefulSet;
import dev.stateful.domain.storage.PodClaims;
import dev.stateful.ports.ApiException;
import dev.stateful.ports.ClaimControl;
import java.util.Map;
import java.util.Optional;

/**
 * The last look at a pod's existing claims before the pod is created on them: each one the plan
 * saw is read again from the API server, bypassing the claim cache. If one is gone, is being
 * deleted, or its owner references are not the ones the plan saw, the plan was made on a stale
 * claim cache and the pod is not created: the sync fails with a Conflict and the next one decides
 * on fresher claims.
 *
 * <p>Why: the garbage collector follows the owner references the API server holds, not the ones a
 * cache shows. Under whenScaled=Delete the controller hands a condemned pod's claim to that pod; if
 * the scale-down is undone before the claim watch has delivered that write, the cached claim still
 * looks like the set's, {@code PodClaimIsStale} (which reads the cache, upstream too) passes, and
 * the new pod starts on a claim the garbage collector deletes once the old pod is gone. Upstream
 * has the same hole; reading its own writes (kubernetes#137254) narrows it to the controller's own
 * writes within one process, but a relist served from a stale watch cache, or an owner reference
 * written by someone else, still loses the claim there. No upstream issue tracks it. Costs one GET per existing
 * claim per pod creation, unless the claim is one {@link VerifiedClaims} holds.
 *
 * <p>Every existing claim is read, under Retain/Retain too. The controller writes no owner reference
 * under that policy, but a claim may still carry one it wrote under an earlier Delete policy, or
 * an earlier set of that name wrote, that the claim cache has not delivered: the simulation's soak
 * found a set deleted under whenDeleted=Delete and created again, Retain/Retain, before the claim
 * watch caught up, starting its pod on a claim the garbage collector was about to delete (seed
 * 7300001823, pinned in {@code SimulationRegressionTest}). Skipping the read for claims the cache
 * showed without owners left exactly that window open. What is skipped is a claim this process
 * has itself seen without owners, for this incarnation of the set, and not written since
 * ({@link VerifiedClaims}).
 */
final class FreshClaimCheck {

    private FreshClaimCheck() {
    }

    /**
     * Throws Conflict when a claim of {@code podName} that {@code seen} (the snapshot's claims, by
     * name) shows existing differs, as the API server has it now, in what the plan relied on: its
     * existence, its deletion, its owner references. A claim read and found as seen without owners
     * goes into {@code verified}.
     */
    static void requireClaimsAsSeen(StatefulSet set, int ordinal, String podName, Map<String, PersistentVolumeClaim> seen,
                                    ClaimControl claims, VerifiedClaims verified) {
        for (PersistentVolumeClaim template : PodClaims.templatesByName(set)) {
            String name = PodClaims.claimName(set, template, ordinal);
            PersistentVolumeClaim cached = seen.get(name);
            if (cached == null || verified.shows(set, cached)) {
                continue; // created by this sync (or its create failed, and the pod is not created anyway); or seen unowned already
            }
            Optional<PersistentVolumeClaim> fresh = claims.read(set.namespace(), name);
            String change = fresh.isEmpty() ? "is gone"
                    : fresh.get().isTerminating() && !cached.isTerminating() ? "is being deleted"
                    : !fresh.get().metadata().ownerReferences().equals(cached.metadata().ownerReferences())
                            ? "has owners " + owners(fresh.get()) + ", not " + owners(cached)
                    : null;
            if (change != null) {
                throw new ApiException.Conflict("not creating pod " + podName + ": its claim " + name + " " + change
                        + " since the claim cache saw it");
            }
            verified.remember(set, fresh.get());
        }
    }

    private static String owners(PersistentVolumeClaim claim) {
        return claim.metadata().ownerReferences().stream().map(r -> r.kind() + "/" + r.name() + " (" + r.uid() + ")").toList().toString();
    }
}
