package dev.stateful.ports.reconcile;

import dev.stateful.domain.consistency.OwnWrite;
import dev.stateful.domain.model.ObjectKey;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The writes of one sync of one set: counted for its {@link SyncResult}, and the writes to cached
 * objects remembered ({@link OwnWrites}) until the caches show them. Shared by the calls of a
 * Parallel batch, hence thread-safe.
 */
final class SyncWrites {

    private final ObjectKey set;
    private final OwnWrites ownWrites;
    private final AtomicInteger count = new AtomicInteger();

    SyncWrites(ObjectKey set, OwnWrites ownWrites) {
        this.set = set;
        this.ownWrites = ownWrites;
    }

    /** A write the next sync must see in the caches before it decides again (pods, claims, status). */
    void cached(OwnWrite write) {
        ownWrites.record(set, write);
        count.incrementAndGet();
    }

    /** A write the next sync does not wait for (revisions, adoption patches the planner re-derives). */
    void uncached() {
        count.incrementAndGet();
    }

    int count() {
        return count.get();
    }
}
