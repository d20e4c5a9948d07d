package dev.stateful.ports.reconcile;

import dev.stateful.domain.consistency.OwnWrite;
import dev.stateful.domain.identity.PodIdentity;
import dev.stateful.domain.model.StatefulSet;
import dev.stateful.domain.sync.Ownership;
import dev.stateful.ports.ApiException;
import dev.stateful.ports.PodControl;
import dev.stateful.ports.RevisionControl;
import dev.stateful.ports.StatusWriter;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Adoption and release (upstream's {@code PodControllerRefManager.ClaimPods} patches and
 * {@code adoptOrphanRevisions}): before the first adoption an uncached read proves that the set
 * still exists with the same uid and is not being deleted ({@code RecheckDeletionTimestamp} in
 * {@code canAdopt}); releases need no such check.
 */
final class ControllerRefManager {

    private final PodControl pods;
    private final RevisionControl revisions;
    private final StatusWriter sets;

    ControllerRefManager(PodControl pods, RevisionControl revisions, StatusWriter sets) {
        this.pods = pods;
        this.revisions = revisions;
        this.sets = sets;
    }

    /**
     * Patches the plan's ownership changes in order. As upstream's {@code ClaimPods}, a pod's failed
     * patch does not stop the others and a pod gone before its adoption is left out; what failed is
     * thrown at the end (the first error, the rest suppressed), which fails the sync. A revision's
     * failed adoption stops at once ({@code adoptOrphanRevisions}).
     *
     * @return the uids of the orphans that were gone when adopted, which the sync must leave out
     */
    Set<String> apply(StatefulSet set, List<Ownership.Change> changes, SyncWrites writes) {
        Set<String> gone = new HashSet<>();
        RuntimeException failed = null;
        RuntimeException cannotAdopt = null;
        boolean checked = false;
        for (Ownership.Change change : changes) {
            if (!checked && !(change instanceof Ownership.Change.ReleasePod)) {
                cannotAdopt = canAdopt(set);
                checked = true;
            }
            try {
                if (change instanceof Ownership.Change.ReleasePod r) {
                    release(set, r, writes);
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

    private void release(StatefulSet set, Ownership.Change.ReleasePod r, SyncWrites writes) {
        try {
            writes.cached(OwnWrite.updated(pods.release(r.pod(), set.metadata().uid())));
        } catch (ApiException.NotFound | ApiException.Invalid ignored) {
            // the pod is gone or changed owner: nothing left to release
            writes.uncached();
        }
    }

    /**
     * Upstream {@code canAdopt}: an uncached read proves the set still exists with the same uid;
     * the error that forbids adopting, null when it may.
     */
    private RuntimeException canAdopt(StatefulSet set) {
        java.util.Optional<StatefulSet> read;
        try {
            read = sets.get(set.namespace(), set.name());
        } catch (RuntimeException e) {
            return e;
        }
        if (read.isEmpty()) {
            return new ApiException.NotFound("original StatefulSet " + set.key() + " is gone");
        }
        StatefulSet fresh = read.get();
        if (!fresh.metadata().uid().equals(set.metadata().uid())) {
            return new ApiException.Conflict("original StatefulSet " + set.key() + " is gone: got uid "
                    + fresh.metadata().uid() + ", wanted " + set.metadata().uid());
        }
        if (fresh.metadata().isTerminating()) {
            return new ApiException.Conflict(set.key() + " has just been deleted");
        }
        return null;
    }
}
