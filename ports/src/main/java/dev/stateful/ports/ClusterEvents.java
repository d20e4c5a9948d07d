package dev.stateful.ports;

import dev.stateful.domain.model.Pod;
import dev.stateful.domain.model.StatefulSet;

/**
 * The watch side: change notifications from the cluster (upstream informer event handlers). The
 * controller loop turns them into StatefulSet keys to sync.
 */
public interface ClusterEvents {

    /** Handlers for the two kinds the controller watches; {@code null} stands for "none". */
    interface Handler {
        void statefulSetChanged(StatefulSet oldSet, StatefulSet newSet);

        /** oldPod null: added; newPod null: deleted (possibly a tombstone of the last known state). */
        void podChanged(Pod oldPod, Pod newPod);
    }

    /** Registers the handler; returns a handle that unregisters it. */
    AutoCloseable subscribe(Handler handler);

    /** True once the caches have been filled by an initial list. */
    boolean hasSynced();
}
