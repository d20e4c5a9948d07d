package dev.stateful.ports.reconcile;

import dev.stateful.domain.model.StatefulSet;
import dev.stateful.ports.ApiException;
import dev.stateful.ports.StatusWriter;
import java.util.Optional;

/**
 * Upstream's {@code canAdopt} ({@code RecheckDeletionTimestamp}), at most once per sync: an uncached
 * read proves that the set the sync decided for still exists with that uid and is not being
 * deleted, before the sync writes that uid into another object as its owner. A set cache behind a
 * delete and a create under the same name still shows the earlier set; an owner reference to it is
 * one the garbage collector follows at once, and deletes the object (kubernetes#131284).
 *
 * <p>Upstream rechecks before adopting pods and revisions; ours also before it gives a claim the
 * set as owner (whenDeleted=Delete). The simulation's soak found a set deleted with
 * --cascade=orphan and created again while the set watch was stalled: the earlier set's sync
 * gave the orphaned claim of the running web-0 its gone uid, and the garbage collector deleted the
 * claim (seed 8200008581, pinned in {@code SimulationRegressionTest}).
 */
final class SetRecheck {

    private final StatusWriter sets;
    private final StatefulSet set;
    private boolean done;
    private RuntimeException refusal;

    SetRecheck(StatusWriter sets, StatefulSet set) {
        this.sets = sets;
        this.set = set;
    }

    /** Throws the error that forbids writing the set as an owner; reads the set on the first call only. */
    void require() {
        RuntimeException error = refusal();
        if (error != null) {
            throw error;
        }
    }

    /** The error that forbids writing the set as an owner, null when it may; reads the set on the first call only. */
    synchronized RuntimeException refusal() {
        if (!done) {
            refusal = check();
            done = true;
        }
        return refusal;
    }

    private RuntimeException check() {
        Optional<StatefulSet> read;
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
