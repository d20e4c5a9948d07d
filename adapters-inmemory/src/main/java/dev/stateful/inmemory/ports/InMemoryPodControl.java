package dev.stateful.inmemory.ports;

import dev.stateful.domain.model.ObjectKey;
import dev.stateful.domain.model.OwnerReference;
import dev.stateful.domain.model.Pod;
import dev.stateful.inmemory.client.ResourceClient;
import dev.stateful.inmemory.store.DeleteOptions;
import dev.stateful.inmemory.store.ObjectStore;
import dev.stateful.ports.ApiException;
import dev.stateful.ports.PodControl;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/**
 * {@link PodControl} on the in-memory API. Uid guards follow the port's contract: a pod that was
 * replaced by a namesake with another uid is reported as NotFound (the store itself answers a
 * failed uid precondition with Conflict, as the API server does).
 */
public final class InMemoryPodControl implements PodControl {

    private final ResourceClient<Pod> pods;
    private final ObjectStore<Pod> store;

    public InMemoryPodControl(ResourceClient<Pod> pods, ObjectStore<Pod> store) {
        this.pods = pods;
        this.store = store;
    }

    @Override
    public Pod create(Pod pod) {
        return pods.create(pod);
    }

    @Override
    public Pod update(Pod pod) {
        return pods.update(pod);
    }

    @Override
    public void delete(String namespace, String name, String uid) {
        ObjectKey key = new ObjectKey(namespace, name);
        guarded(key, uid, () -> pods.delete(key, DeleteOptions.withUid(uid)));
    }

    @Override
    public Pod adopt(Pod pod, OwnerReference ref) {
        ObjectKey key = ObjectKey.of(pod.metadata());
        return guarded(key, pod.metadata().uid(), () -> pods.patch(key, pod.metadata().uid(), stored -> {
            List<OwnerReference> refs = new ArrayList<>(stored.metadata().ownerReferences());
            refs.removeIf(r -> r.uid().equals(ref.uid()));
            refs.add(ref);
            return stored.withMetadata(stored.metadata().withOwnerReferences(refs));
        }));
    }

    @Override
    public Pod release(Pod pod, String ownerUid) {
        ObjectKey key = ObjectKey.of(pod.metadata());
        return guarded(key, pod.metadata().uid(), () -> pods.patch(key, pod.metadata().uid(), stored -> {
            List<OwnerReference> refs = new ArrayList<>(stored.metadata().ownerReferences());
            refs.removeIf(r -> r.uid().equals(ownerUid));
            return stored.withMetadata(stored.metadata().withOwnerReferences(refs));
        }));
    }

    /** Translates a failed uid precondition into NotFound when the stored pod really is another one. */
    private <R> R guarded(ObjectKey key, String uid, Supplier<R> call) {
        try {
            return call.get();
        } catch (ApiException.Conflict conflict) {
            boolean replaced = uid != null && !uid.isEmpty()
                    && store.get(key).map(p -> !uid.equals(p.metadata().uid())).orElse(false);
            if (replaced) {
                throw new ApiException.NotFound("pods \"" + key.name() + "\" not found: uid " + uid + " was replaced");
            }
            throw conflict;
        }
    }
}
