package dev.stateful.inmemory.gc;

import dev.stateful.domain.model.ObjectKey;
import dev.stateful.domain.model.ObjectMeta;
import dev.stateful.domain.model.OwnerReference;
import dev.stateful.inmemory.client.ClusterClient;
import dev.stateful.inmemory.client.ResourceClient;
import dev.stateful.inmemory.store.DeleteOptions;
import dev.stateful.inmemory.store.ObjectStore;
import dev.stateful.inmemory.store.Stores;
import dev.stateful.ports.ApiException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The owner-reference garbage collector with background propagation. An owner counts as alive
 * while any object with its uid is stored, terminating or not; so the claims of a pod go only
 * after the kubelet has finished the pod, not when its deletion starts. Per dependent:
 * <ul>
 *   <li>no live owner: deleted (and its own dependents follow on a later pass);</li>
 *   <li>some live and some dangling owners: the dangling references are removed;</li>
 *   <li>owner terminating with the {@code orphan} finalizer: the reference to it is removed, then the finalizer.</li>
 * </ul>
 * It runs only when {@link #collect()} is called (the cluster's tick), and not at all while paused.
 */
public final class GarbageCollector {

    private static final Logger LOG = LoggerFactory.getLogger(GarbageCollector.class);

    private final Stores stores;
    private final ClusterClient client;
    private volatile boolean paused;

    public GarbageCollector(Stores stores, ClusterClient client) {
        this.stores = stores;
        this.client = client;
    }

    /** Stops collection, e.g. to observe a stale claim blocking pod creation. */
    public void pause() {
        paused = true;
    }

    public void resume() {
        paused = false;
    }

    public boolean isPaused() {
        return paused;
    }

    /** Collects until nothing is left to do; returns the number of writes issued. */
    public int collect() {
        if (paused) {
            return 0;
        }
        synchronized (stores.lock()) {
            int total = 0;
            int pass;
            do {
                pass = orphanDependents();
                Set<String> live = liveUids();
                for (ObjectStore<?> store : stores.all()) {
                    pass += collect(store, live);
                }
                total += pass;
            } while (pass > 0);
            return total;
        }
    }

    private Set<String> liveUids() {
        Set<String> uids = new HashSet<>();
        for (ObjectStore<?> store : stores.all()) {
            addUids(store, uids);
        }
        return uids;
    }

    private static <T> void addUids(ObjectStore<T> store, Set<String> into) {
        store.list("").forEach(o -> into.add(store.meta(o).uid()));
    }

    private <T> int collect(ObjectStore<T> store, Set<String> live) {
        ResourceClient<T> resource = client.resource(store);
        int writes = 0;
        for (T object : store.list("")) {
            ObjectMeta meta = store.meta(object);
            if (meta.ownerReferences().isEmpty() || meta.isTerminating()) {
                continue;
            }
            List<OwnerReference> alive = meta.ownerReferences().stream().filter(r -> live.contains(r.uid())).toList();
            try {
                if (alive.isEmpty()) {
                    LOG.debug("deleting {} {}: every owner is gone", store.kind(), ObjectKey.of(meta));
                    resource.delete(ObjectKey.of(meta), DeleteOptions.withUid(meta.uid()));
                    writes++;
                } else if (alive.size() < meta.ownerReferences().size()) {
                    resource.patch(ObjectKey.of(meta), meta.uid(), o -> store.type().withMeta(o, store.meta(o).withOwnerReferences(alive)));
                    writes++;
                }
            } catch (ApiException e) {
                LOG.debug("garbage collection of {} {} skipped: {}", store.kind(), ObjectKey.of(meta), e.getMessage());
            }
        }
        return writes;
    }

    private int orphanDependents() {
        int writes = 0;
        for (ObjectStore<?> store : stores.all()) {
            writes += orphanDependentsOf(store);
        }
        return writes;
    }

    private <T> int orphanDependentsOf(ObjectStore<T> ownerStore) {
        int writes = 0;
        for (T owner : ownerStore.list("")) {
            ObjectMeta meta = ownerStore.meta(owner);
            if (!meta.isTerminating() || !meta.finalizers().contains(ObjectStore.ORPHAN_FINALIZER)) {
                continue;
            }
            for (ObjectStore<?> store : stores.all()) {
                writes += removeReferencesTo(meta.uid(), store);
            }
            List<String> finalizers = new ArrayList<>(meta.finalizers());
            finalizers.remove(ObjectStore.ORPHAN_FINALIZER);
            client.resource(ownerStore).patch(ObjectKey.of(meta), meta.uid(),
                    o -> ownerStore.type().withMeta(o, ownerStore.meta(o).withFinalizers(finalizers)));
            writes++;
        }
        return writes;
    }

    private <T> int removeReferencesTo(String ownerUid, ObjectStore<T> store) {
        int writes = 0;
        for (T object : store.list("")) {
            ObjectMeta meta = store.meta(object);
            if (meta.ownerReferences().stream().noneMatch(r -> r.uid().equals(ownerUid))) {
                continue;
            }
            List<OwnerReference> kept = meta.ownerReferences().stream().filter(r -> !r.uid().equals(ownerUid)).toList();
            client.resource(store).patch(ObjectKey.of(meta), meta.uid(), o -> store.type().withMeta(o, store.meta(o).withOwnerReferences(kept)));
            writes++;
        }
        return writes;
    }
}
