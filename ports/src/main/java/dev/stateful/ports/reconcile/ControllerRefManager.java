package dev.stateful.ports.reconcile;

import dev.stateful.domain.consistency.OwnWrite;
import dev.stateful.domain.identity.PodIdentity;
import dev.stateful.domain.model.StatefulSet;
import dev.stateful.domain.sync.Ownership;
import dev.stateful.ports.ApiException;
import dev.stateful.ports.PodControl;
import dev.stateful.ports.RevisionControl;
import dev.stateful.ports.StatusWriter;
import java.util.List;

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

    /** Patches the plan's ownership changes in order; throws the first error, which fails the sync. */
    void apply(StatefulSet set, List<Ownership.Change> changes, SyncWrites writes) {
        boolean checked = false;
        for (Ownership.Change change : changes) {
            if (!checked && !(change instanceof Ownership.Change.ReleasePod)) {
                canAdopt(set);
                checked = true;
            }
            if (change instanceof Ownership.Change.AdoptPod a) {
                writes.cached(OwnWrite.updated(pods.adopt(a.pod(), PodIdentity.controllerRef(set))));
            } else if (change instanceof Ownership.Change.ReleasePod r) {
                try {
                    writes.cached(OwnWrite.updated(pods.release(r.pod(), set.metadata().uid())));
                } catch (ApiException.NotFound | ApiException.Invalid ignored) {
                    // the pod is gone or changed owner: nothing left to release
                    writes.uncached();
                }
            } else if (change instanceof Ownership.Change.AdoptRevision r) {
                revisions.adopt(r.revision(), PodIdentity.controllerRef(set));
                writes.uncached();
            }
        }
    }

    /** Upstream {@code canAdopt}: an uncached read proves the set still exists with the same uid. */
    private void canAdopt(StatefulSet set) {
        StatefulSet fresh = sets.get(set.namespace(), set.name())
                .orElseThrow(() -> new ApiException.NotFound("original StatefulSet " + set.key() + " is gone"));
        if (!fresh.metadata().uid().equals(set.metadata().uid())) {
            throw new ApiException.Conflict("original StatefulSet " + set.key() + " is gone: got uid "
                    + fresh.metadata().uid() + ", wanted " + set.metadata().uid());
        }
        if (fresh.metadata().isTerminating()) {
            throw new ApiException.Conflict(set.key() + " has just been deleted");
        }
    }
}
