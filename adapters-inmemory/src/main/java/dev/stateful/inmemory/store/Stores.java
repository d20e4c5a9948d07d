package dev.stateful.inmemory.store;

import dev.stateful.domain.json.Json;
import dev.stateful.domain.model.ControllerRevision;
import dev.stateful.domain.model.PersistentVolumeClaim;
import dev.stateful.domain.model.Pod;
import dev.stateful.domain.model.StatefulSet;
import dev.stateful.inmemory.clock.ManualClock;
import java.util.List;

/**
 * The in-memory API server's storage: one {@link ObjectStore} per kind sharing one lock, one
 * resourceVersion sequence and one change stream (also kept in a {@link ChangeJournal}).
 */
public final class Stores {

    private static final int JOURNAL_CAPACITY = 10_000;

    private final StoreContext ctx;
    private final ChangeJournal journal = new ChangeJournal(JOURNAL_CAPACITY);
    private final ObjectStore<StatefulSet> statefulSets;
    private final ObjectStore<Pod> pods;
    private final ObjectStore<PersistentVolumeClaim> claims;
    private final ObjectStore<ControllerRevision> revisions;
    private final ObjectStore<Json.Obj> services;

    public Stores(ManualClock clock, IdGenerator ids, StatefulSetAdmission admission) {
        this(clock, ids, admission, Long.MAX_VALUE);
    }

    /** @param maxObjects how many objects of all kinds together the stores hold at most; a create past it is Forbidden */
    public Stores(ManualClock clock, IdGenerator ids, StatefulSetAdmission admission, long maxObjects) {
        this.ctx = new StoreContext(clock, ids, maxObjects);
        ctx.addListener(journal);
        this.statefulSets = new ObjectStore<>(new StatefulSetType(admission), ctx);
        this.pods = new ObjectStore<>(new PodType(), ctx);
        this.claims = new ObjectStore<>(new ClaimType(), ctx);
        this.revisions = new ObjectStore<>(new RevisionType(), ctx);
        this.services = new ObjectStore<>(new ServiceType(), ctx);
    }

    /** The cluster-wide lock: hold it to make a read-modify-write sequence atomic. */
    public Object lock() {
        return ctx.lock;
    }

    public ManualClock clock() {
        return ctx.clock;
    }

    public ChangeJournal journal() {
        return journal;
    }

    /** The resourceVersion of the latest change; every committed write increments it. */
    public long resourceVersion() {
        synchronized (ctx.lock) {
            return ctx.currentResourceVersion();
        }
    }

    /** Listeners run synchronously inside the write, in commit order. */
    public void addListener(ChangeListener listener) {
        ctx.addListener(listener);
    }

    public ObjectStore<StatefulSet> statefulSets() {
        return statefulSets;
    }

    public ObjectStore<Pod> pods() {
        return pods;
    }

    public ObjectStore<PersistentVolumeClaim> claims() {
        return claims;
    }

    public ObjectStore<ControllerRevision> revisions() {
        return revisions;
    }

    public ObjectStore<Json.Obj> services() {
        return services;
    }

    /** Every store, in a fixed order. */
    public List<ObjectStore<?>> all() {
        return List.of(statefulSets, pods, claims, revisions, services);
    }
}
