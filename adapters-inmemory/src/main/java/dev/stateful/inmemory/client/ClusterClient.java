package dev.stateful.inmemory.client;

import dev.stateful.domain.json.Json;
import dev.stateful.domain.model.ControllerRevision;
import dev.stateful.domain.model.PersistentVolumeClaim;
import dev.stateful.domain.model.Pod;
import dev.stateful.domain.model.StatefulSet;
import dev.stateful.inmemory.audit.Actor;
import dev.stateful.inmemory.audit.AuditLog;
import dev.stateful.inmemory.faults.FaultPolicy;
import dev.stateful.inmemory.store.ObjectStore;
import dev.stateful.inmemory.store.Stores;
import java.util.function.Supplier;

/** One actor's typed access to every kind, with that actor's faults and audit identity. */
public final class ClusterClient {

    private final Stores stores;
    private final Actor actor;
    private final FaultPolicy faults;
    private final AuditLog audit;
    private final ResourceClient<StatefulSet> statefulSets;
    private final ResourceClient<Pod> pods;
    private final ResourceClient<PersistentVolumeClaim> claims;
    private final ResourceClient<ControllerRevision> revisions;
    private final ResourceClient<Json.Obj> services;

    public ClusterClient(Stores stores, Actor actor, FaultPolicy faults, AuditLog audit) {
        this.stores = stores;
        this.actor = actor;
        this.faults = faults;
        this.audit = audit;
        this.statefulSets = resource(stores.statefulSets());
        this.pods = resource(stores.pods());
        this.claims = resource(stores.claims());
        this.revisions = resource(stores.revisions());
        this.services = resource(stores.services());
    }

    public Actor actor() {
        return actor;
    }

    public ResourceClient<StatefulSet> statefulSets() {
        return statefulSets;
    }

    public ResourceClient<Pod> pods() {
        return pods;
    }

    public ResourceClient<PersistentVolumeClaim> claims() {
        return claims;
    }

    public ResourceClient<ControllerRevision> revisions() {
        return revisions;
    }

    public ResourceClient<Json.Obj> services() {
        return services;
    }

    /** Runs {@code work} holding the cluster's lock: no other actor's write lands between its reads and writes. */
    public <R> R atomically(Supplier<R> work) {
        synchronized (stores.lock()) {
            return work.get();
        }
    }

    /** A client for any store (the garbage collector walks all kinds generically). */
    public <T> ResourceClient<T> resource(ObjectStore<T> store) {
        return new ResourceClient<>(store, stores.lock(), actor, faults, audit, stores.clock());
    }
}
