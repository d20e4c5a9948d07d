package dev.stateful.inmemory.ports;

import dev.stateful.domain.consistency.OwnWrite;
import dev.stateful.domain.model.ControllerRevision;
import dev.stateful.domain.model.ObjectKey;
import dev.stateful.domain.model.PersistentVolumeClaim;
import dev.stateful.domain.model.Pod;
import dev.stateful.domain.model.StatefulSet;
import dev.stateful.inmemory.faults.FaultInjector;
import dev.stateful.inmemory.store.Kind;
import dev.stateful.inmemory.store.ObjectStore;
import dev.stateful.inmemory.store.Stores;
import dev.stateful.ports.ClusterReader;
import java.util.List;
import java.util.Optional;
import java.util.TreeMap;

/**
 * {@link ClusterReader} answering from the store: fresh by default, or as of N writes ago when the
 * fault injector configures a read lag (a cache that has not caught up with the watch).
 */
public final class InMemoryClusterReader implements ClusterReader {

    private final Stores stores;
    private final FaultInjector faults;

    public InMemoryClusterReader(Stores stores, FaultInjector faults) {
        this.stores = stores;
        this.faults = faults;
    }

    @Override
    public Optional<StatefulSet> statefulSet(ObjectKey key) {
        return get(stores.statefulSets(), key);
    }

    @Override
    public List<StatefulSet> statefulSets(String namespace) {
        return List.copyOf(view(stores.statefulSets(), namespace).values());
    }

    @Override
    public List<Pod> pods(String namespace) {
        return List.copyOf(view(stores.pods(), namespace).values());
    }

    @Override
    public Optional<Pod> pod(String namespace, String name) {
        return get(stores.pods(), new ObjectKey(namespace, name));
    }

    @Override
    public Optional<PersistentVolumeClaim> claim(String namespace, String name) {
        return get(stores.claims(), new ObjectKey(namespace, name));
    }

    @Override
    public List<PersistentVolumeClaim> claims(String namespace) {
        return List.copyOf(view(stores.claims(), namespace).values());
    }

    @Override
    public List<ControllerRevision> revisions(String namespace) {
        return List.copyOf(view(stores.revisions(), namespace).values());
    }

    /** The store's latest resourceVersion while reads are fresh; unknown while a read lag is injected. */
    @Override
    public String observedVersion(OwnWrite.Kind kind) {
        boolean fresh = faults.readLag(kind == OwnWrite.Kind.POD ? stores.pods().kind() : stores.claims().kind()).isFresh();
        return fresh ? Long.toString(stores.resourceVersion()) : "";
    }

    /** From the store's owner index when reads are fresh; filtered from the lagging view otherwise. */
    @Override
    public List<Pod> controlledPods(String namespace, String controllerUid) {
        if (!faults.readLag(Kind.PODS).isFresh()) {
            return ClusterReader.super.controlledPods(namespace, controllerUid);
        }
        return List.copyOf(stores.pods().controlledBy(namespace, controllerUid).values());
    }

    /** From the store's owner index when reads are fresh; filtered from the lagging view otherwise. */
    @Override
    public List<PersistentVolumeClaim> claimsControlledBy(String namespace, String controllerUid) {
        if (!faults.readLag(Kind.CLAIMS).isFresh()) {
            return ClusterReader.super.claimsControlledBy(namespace, controllerUid);
        }
        return List.copyOf(stores.claims().controlledOnlyBy(namespace, controllerUid).values());
    }

    /** From the store's owner index and a name range when reads are fresh; filtered from the lagging view otherwise. */
    @Override
    public List<ControllerRevision> controlledRevisions(String namespace, String controllerUid, String namePrefix) {
        if (!faults.readLag(Kind.REVISIONS).isFresh()) {
            return ClusterReader.super.controlledRevisions(namespace, controllerUid, namePrefix);
        }
        TreeMap<ObjectKey, ControllerRevision> found = new TreeMap<>(stores.revisions().controlledBy(namespace, controllerUid));
        found.putAll(stores.revisions().namedWithPrefix(namespace, namePrefix));
        return List.copyOf(found.values());
    }

    /** One object: a lookup, rewound through the journal when reads lag. */
    private <T> Optional<T> get(ObjectStore<T> store, ObjectKey key) {
        FaultInjector.ReadLag lag = faults.readLag(store.kind());
        if (lag.isFresh()) {
            return store.get(key);
        }
        synchronized (stores.lock()) {
            return Optional.ofNullable(stores.journal().rewindOne(store.get(key).orElse(null), key, store.kind(), lag.writes(), lag.countAllKinds()));
        }
    }

    private <T> TreeMap<ObjectKey, T> view(ObjectStore<T> store, String namespace) {
        FaultInjector.ReadLag lag = faults.readLag(store.kind());
        if (lag.isFresh()) {
            return store.snapshot(namespace);
        }
        TreeMap<ObjectKey, T> past;
        synchronized (stores.lock()) {
            past = stores.journal().rewind(store.snapshot(""), store.kind(), lag.writes(), lag.countAllKinds());
        }
        if (!namespace.isEmpty()) {
            past.keySet().removeIf(key -> !key.namespace().equals(namespace));
        }
        return past;
    }
}
