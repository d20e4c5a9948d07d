package dev.stateful.grpc.engine;

import dev.stateful.domain.model.ObjectKey;
import dev.stateful.domain.model.OwnerReference;
import dev.stateful.domain.model.Pod;
import dev.stateful.domain.model.StatefulSet;
import dev.stateful.ports.ClusterEvents;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Change notifications to StatefulSet keys: a set syncs itself; a pod syncs the set that controls
 * it, and an orphan pod every known set of its namespace whose selector matches it (it may be
 * adopted). Remembers the sets it has seen for that. A set that could not be decoded syncs itself.
 */
final class KeyRouting implements ClusterEvents.Handler {

    private final KeyQueue queue;
    private final Map<ObjectKey, StatefulSet> known = new ConcurrentHashMap<>();

    KeyRouting(KeyQueue queue) {
        this.queue = queue;
    }

    @Override
    public void statefulSetChanged(StatefulSet oldSet, StatefulSet newSet) {
        if (newSet != null) {
            known.put(newSet.key(), newSet);
            queue.add(newSet.key());
        } else if (oldSet != null) {
            known.remove(oldSet.key());
            queue.add(oldSet.key());
        }
    }

    /**
     * Synced too, as fabric8's {@code ControllerLoop} syncs it: the sync reports it (a Warning event)
     * and leaves it alone until a version of it decodes, which arrives as an addition. Its last
     * decoded state routes no orphan pods meanwhile: it may be deleted with no other word.
     */
    @Override
    public void statefulSetUndecodable(ObjectKey key) {
        known.remove(key);
        queue.add(key);
    }

    @Override
    public void podChanged(Pod oldPod, Pod newPod) {
        Pod pod = newPod != null ? newPod : oldPod;
        if (pod == null) {
            return;
        }
        Optional<OwnerReference> owner = pod.metadata().controllerRef();
        if (owner.isPresent()) {
            if (OwnerReference.STATEFUL_SET_KIND.equals(owner.get().kind())) {
                queue.add(new ObjectKey(pod.namespace(), owner.get().name()));
            }
            return;
        }
        known.values().stream()
                .filter(s -> s.namespace().equals(pod.namespace()))
                .filter(s -> s.spec().selector() != null && s.spec().selector().matches(pod.metadata().labels()))
                .forEach(s -> queue.add(s.key()));
    }
}
