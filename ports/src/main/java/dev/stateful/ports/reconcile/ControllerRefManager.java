package dev.stateful.ports.reconcile;

import dev.stateful.domain.consistency.OwnWrite;
import dev.stateful.domain.identity.PodIdentity;
import dev.stateful.domain.model.StatefulSet;
import dev.stateful.domain.sync.Ownership;
import dev.stateful.ports.ApiException;
import dev.stateful.ports.ClaimControl;
import dev.stateful.ports.PodControl;
import dev.stateful.ports.RevisionControl;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Adoption and release (upstream's {@code PodControllerRefManager.ClaimPods} patches and
 * {@code adoptOrphanRevisions}), and the release of claims the retention policy no longer lets the
 * set own ({@code ClaimRelease}): before the first adoption an uncached read proves that the set
 * still exists with the same uid and is not being deleted ({@link SetRecheck}); releases need no
 * such check.
 */
final class ControllerRefManager {

    private final PodControl pods;
    private final ClaimControl claims;
    private final RevisionControl revisions;

    ControllerRefManager(PodControl pods, ClaimControl claims, RevisionControl revisions) {
        this.pods = pods;
        this.claims = claims;
        this.revisions = revisions;
    }

    /**
     * Patches the plan's ownership changes in order: the revisions' adoptions, then the pods', then
     * the claims' releases (which, as a pod's, do not stop the others). As
     * upstream's {@code ClaimPods}, a pod's failed patch does not stop the others and a pod gone before
     * its adoption is left out; what failed is thrown at the end (the first error, the rest suppressed),
     * which fails the sync. A revision's failed adoption stops at once, before any pod is patched
     * ({@code sync} returns {@code adoptOrphanRevisions}' error before {@code getPodsForStatefulSet}).
     *
     * @return the uids of the orphans that were gone when adopted, which the sync must leave out
     */
    Set<String> apply(StatefulSet set, List<Ownership.Change> changes, SyncWrites writes, SetRecheck recheck) {
        Set<String> gone = new HashSet<>();
        RuntimeException failed = null;
        RuntimeException cannotAdopt = null;
        boolean checked = false;
        for (Ownership.Change change : changes) {
            if (!checked && !(change instanceof Ownership.Change.ReleasePod) && !(change instanceof Ownership.Change.ReleaseClaim)) {
                cannotAdopt = recheck.refusal();
                checked = true;
            }
            try {
                if (change instanceof Ownership.Change.ReleasePod r) {
                    release(set, r, writes);
                } else if (change instanceof Ownership.Change.ReleaseClaim c) {
                    release(c, writes);
                } else if (cannotAdopt != null) {
                    throw cannotAdopt;
                } else if (change instanceof Ownership.Change.AdoptPod a && !adopt(set, a, writes)) {
                    gone.add(a.pod().metadata().uid());
                } else if (change instanceof Ownership.Change.AdoptRevision r) {
                    revisions.adopt(r.revision(), PodIdentity.controllerRef(set));
                    writes.uncached();
                }
            } catch (RuntimeException e) {
                if (failed == null) {
                    failed = e;
                } else if (failed != e) {
                    failed.addSuppressed(e);
                }
                if (change instanceof Ownership.Change.AdoptRevision) {
                    break;
                }
            }
        }
        if (failed != null) {
            throw failed;
        }
        return gone;
    }

    /** Whether the pod was adopted; false when it no longer exists (ClaimObject: "If the pod no longer exists, ignore the error"). */
    private boolean adopt(StatefulSet set, Ownership.Change.AdoptPod a, SyncWrites writes) {
        try {
            writes.cached(OwnWrite.updated(pods.adopt(a.pod(), PodIdentity.controllerRef(set))));
            return true;
        } catch (ApiException.NotFound gone) {
            return false;
        }
    }

    /**
     * The claim as planned, its resourceVersion the precondition: a Conflict fails the sync, and
     * the next one decides again from the claim as it is then.
     */
    private void release(Ownership.Change.ReleaseClaim c, SyncWrites writes) {
        try {
            writes.cached(OwnWrite.updated(claims.update(c.claim())));
        } catch (ApiException.NotFound gone) {
            // the claim is gone: nothing left to release
            writes.uncached();
        }
    }

    private void release(StatefulSet set, Ownership.Change.ReleasePod r, SyncWrites writes) {
        try {
            writes.cached(OwnWrite.updated(pods.release(r.pod(), set.metadata().uid())));
        } catch (ApiException.NotFound | ApiException.Invalid ignored) {
            // the pod is gone or changed owner: nothing left to release
            writes.uncached();
        }
    }
}
