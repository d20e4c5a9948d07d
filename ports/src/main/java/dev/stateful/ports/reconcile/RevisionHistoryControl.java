package dev.stateful.ports.reconcile;

import dev.stateful.domain.model.ControllerRevision;
import dev.stateful.domain.model.StatefulSet;
import dev.stateful.domain.revision.RevisionWrite;
import dev.stateful.ports.ApiException;
import dev.stateful.ports.RevisionControl;
import java.util.List;
import java.util.Optional;

/**
 * The set's ControllerRevision writes (upstream {@code getStatefulSetRevisions} over
 * {@code history.Interface}, and {@code truncateHistory}): the update revision created, or
 * renumbered on rollback, and the revisions beyond the history limit deleted.
 */
final class RevisionHistoryControl {

    /** {@code retry.DefaultBackoff}, which upstream's {@code UpdateControllerRevision} retries with: four attempts in all. */
    static final int MAX_RENUMBER_RETRIES = 3;

    /** A different revision holds the name the plan's revision wants (a hash collision): plan again with it. */
    record Collision(ControllerRevision clash, ApiException.AlreadyExists error) {
    }

    private final RevisionControl revisions;

    RevisionHistoryControl(RevisionControl revisions) {
        this.revisions = revisions;
    }

    /**
     * Performs the plan's revision write. A revision with the same name and the same data is our
     * own earlier write (a cache that has not shown it yet) and counts as done.
     *
     * @return the collision, if a different revision holds the name
     */
    Optional<Collision> write(StatefulSet set, RevisionWrite write, SyncWrites writes) {
        if (write instanceof RevisionWrite.Renumber r) {
            renumber(r);
            writes.uncached();
        } else if (write instanceof RevisionWrite.Create c) {
            try {
                revisions.create(c.revision());
                writes.uncached();
            } catch (ApiException.AlreadyExists exists) {
                ControllerRevision clash = revisions.get(set.namespace(), c.revision().name()).orElseThrow(() -> exists);
                if (!clash.data().equals(c.revision().data())) {
                    return Optional.of(new Collision(clash, exists));
                }
            }
        }
        return Optional.empty();
    }

    /**
     * {@code UpdateControllerRevision}: a conflict is retried on a fresh copy, read past the cache where
     * upstream re-reads its lister (the copy the plan read conflicts for certain when this sync has just
     * adopted the revision), and a copy that already has the number is done.
     */
    private void renumber(RevisionWrite.Renumber r) {
        ControllerRevision target = r.renumbered();
        for (int attempt = 0; ; attempt++) {
            try {
                revisions.update(target);
                return;
            } catch (ApiException.Conflict conflict) {
                if (attempt >= MAX_RENUMBER_RETRIES) {
                    throw conflict;
                }
                ControllerRevision fresh = revisions.get(target.metadata().namespace(), target.name()).orElseThrow(() -> conflict);
                if (fresh.revision() == r.newRevision()) {
                    return;
                }
                target = fresh.withRevision(r.newRevision());
            }
        }
    }

    /** {@code truncateHistory}: deletes in order, a revision already gone is fine, the first other error stops it. */
    void truncate(List<ControllerRevision> toDelete, SyncWrites writes) {
        for (ControllerRevision revision : toDelete) {
            try {
                revisions.delete(revision.metadata().namespace(), revision.name());
                writes.uncached();
            } catch (ApiException.NotFound gone) {
                // already gone
            }
        }
    }
}
