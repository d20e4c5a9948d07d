package dev.stateful.ports;

import dev.stateful.domain.model.ObjectMeta;
import dev.stateful.domain.model.SetKind;
import dev.stateful.domain.model.StatefulSet;
import dev.stateful.domain.model.StatefulSetSpec;

/**
 * A StatefulSet the API server stored whose latest state the caches could not decode into a
 * record ({@link ClusterReader#undecodableStatefulSet}): what is known of it is its identity, as the
 * API server sent it, and what the decoder refused.
 *
 * @param metadata namespace, name, uid and resourceVersion only
 * @param reason the decoder's problems, each with its field path
 */
public record UndecodableSet(SetKind kind, ObjectMeta metadata, String reason) {

    /**
     * The set as an event names it (kind, namespace, name, uid, resourceVersion), with an empty spec:
     * for {@link EventRecorder}, never to be synced.
     */
    public StatefulSet identity() {
        return new StatefulSet(metadata, new StatefulSetSpec(null, null, null, null, null, null, null, null, 0, null, null), null, kind, null);
    }
}
