package dev.stateful.ports;

import dev.stateful.domain.model.ObjectKey;
import dev.stateful.domain.model.Pod;
import dev.stateful.domain.model.StatefulSet;

/**
 * The watch side: change notifications from the cluster (upstream informer event handlers). The
 * controller loop turns them into StatefulSet keys to sync.
 *
 * <p>What an implementation must deliver: every change of a set or pod after it subscribed, one
 * object's changes in their order, and, to the handlers subscribed before {@link #hasSynced()}
 * turns true, every object that exists then as an addition (an informer's initial list: the fabric8
 * controller loop has no list of its own and starts from these). Replaying the existing objects to
 * a handler that subscribes later is allowed (fabric8's informers do) but not required: the
 * {@code engine}'s loop lists every set through {@link ClusterReader} once synced and at each
 * resync, and the remote-ports server lists through it for each watch; the in-memory
 * implementation, synced from the start, replays nothing, and the gRPC client hands the remote's
 * list only to the handlers subscribed when it arrives. When an implementation lists again (a
 * watch broke), an object it had reported that the new list lacks must be reported deleted, once,
 * with its last known state (client-go's reflector relist, {@code DeletedFinalStateUnknown}):
 * otherwise the loop never forgets a set deleted meanwhile.
 *
 * <p>Threads: handlers are called on the implementation's thread, one change at a time: the
 * writer's own thread, under the store's lock, in memory; the informers' dispatch thread under
 * fabric8; the gRPC stream's callback thread for remote ports. So a handler returns quickly and
 * never waits for another change (the controller's only put keys on a queue); it may be called
 * concurrently with port methods.
 */
public interface ClusterEvents {

    /** Handlers for the two kinds the controller watches; {@code null} stands for "none". */
    interface Handler {
        /** oldSet null: added; newSet null: deleted (possibly a tombstone of the last known state). */
        void statefulSetChanged(StatefulSet oldSet, StatefulSet newSet);

        /** oldPod null: added; newPod null: deleted (possibly a tombstone of the last known state). */
        void podChanged(Pod oldPod, Pod newPod);

        /**
         * A set was added, updated, re-reported or deleted whose latest state could not be decoded
         * into a record ({@link ClusterReader#undecodableStatefulSet}): only its key is known. A
         * later change that decodes arrives as {@link #statefulSetChanged} with no old set. Only
         * implementations that decode what they receive (the fabric8 informers) call it, and the
         * gRPC client of the remote ports, passing on what such a server reports and reporting a set
         * whose JSON its own codec refuses; the default ignores it.
         */
        default void statefulSetUndecodable(ObjectKey key) {
        }
    }

    /** Registers the handler; returns a handle that unregisters it. */
    AutoCloseable subscribe(Handler handler);

    /** True once the caches have been filled by an initial list. */
    boolean hasSynced();
}
