package dev.stateful.ports.reconcile;

import dev.stateful.domain.sync.Operation;

/** Observes what the reconciler does (metrics, the demo's narration, tests). */
public interface ReconcileListener {

    ReconcileListener NONE = new ReconcileListener() {
    };

    /** An operation finished; {@code error} is null when it succeeded. */
    default void operation(Operation operation, RuntimeException error) {
    }

    default void synced(SyncResult result) {
    }
}
