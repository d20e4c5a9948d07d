package dev.stateful.it.support;

import dev.stateful.testsupport.api.ApiWrite;
import io.fabric8.kubernetes.api.model.apps.StatefulSet;
import io.fabric8.kubernetes.client.utils.Serialization;

/**
 * A write to a StatefulSet's {@code /status} as the mock API server received it, with the two
 * status fields that may only grow.
 *
 * @param uid the set's uid as sent: a set deleted and created again under the same name starts over
 */
public record StatusWrite(ApiWrite write, String uid, long observedGeneration, int collisionCount) {

    static StatusWrite of(ApiWrite write, String body) {
        StatefulSet set = Serialization.unmarshal(body, StatefulSet.class);
        String uid = set.getMetadata() == null || set.getMetadata().getUid() == null ? "" : set.getMetadata().getUid();
        var status = set.getStatus();
        long generation = status == null || status.getObservedGeneration() == null ? 0 : status.getObservedGeneration();
        int collisions = status == null || status.getCollisionCount() == null ? 0 : status.getCollisionCount();
        return new StatusWrite(write, uid, generation, collisions);
    }

    /** The set written, by namespace, name and uid. */
    public String set() {
        return write.namespace() + "/" + write.name() + " (" + uid + ")";
    }
}
