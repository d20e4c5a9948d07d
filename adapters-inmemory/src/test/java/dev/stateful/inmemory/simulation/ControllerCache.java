package dev.stateful.inmemory.simulation;

import dev.stateful.domain.consistency.OwnWrite;
import dev.stateful.domain.model.ControllerRevision;
import dev.stateful.domain.model.ObjectKey;
import dev.stateful.domain.model.PersistentVolumeClaim;
import dev.stateful.domain.model.Pod;
import dev.stateful.domain.model.StatefulSet;
import dev.stateful.inmemory.store.Change;
import dev.stateful.inmemory.store.ChangeListener;
import dev.stateful.inmemory.store.Kind;
import dev.stateful.inmemory.store.ObjectStore;
import dev.stateful.inmemory.store.Stores;
import dev.stateful.ports.ClusterReader;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The controller's informer caches, one per kind, fed by the API server's change stream like a
 * watch. A live watch applies every change at once (the cache equals the store); a stalled one
 * queues them, so the cache shows an older state, and only ever moves forward (a real informer
 * never goes back in time): it catches up event by event, all at once, or by a relist that jumps
 * to the present. Each kind lags independently, as separate informers do.
 *
 * <p>It also keeps what the controller itself wrote during the current sync, as it wrote it: the
 * controller's <em>knowledge</em> is its cache plus its own writes of this sync (a stalled watch
 * does not show them yet), and the decision rules of the {@link InvariantChecker} are judged
 * against exactly that.
 */
final class ControllerCache implements ClusterReader, ChangeListener {

    static final List<Kind> KINDS = List.of(Kind.STATEFULSETS, Kind.PODS, Kind.CLAIMS, Kind.REVISIONS);

    private final Stores stores;
    private final Map<Kind, Informer> informers = new EnumMap<>(Kind.class);
    private long heldBack;

    ControllerCache(Stores stores) {
        this.stores = stores;
        for (Kind kind : KINDS) {
            informers.put(kind, new Informer());
        }
        relistAll();
    }

    /** One kind's cache. */
    private static final class Informer {
        final TreeMap<ObjectKey, Object> view = new TreeMap<>();
        final Deque<Change<?>> backlog = new ArrayDeque<>();
        /** What the controller wrote in the current sync, in order: (key, object), null object for a removal. */
        final List<Map.Entry<ObjectKey, Object>> ownThisSync = new ArrayList<>();
        /** The changes applied last, newest last (for duplicate deliveries). */
        final Deque<Change<?>> applied = new ArrayDeque<>();
        /** The resourceVersion the view is complete up to once the backlog is empty (its last list or change). */
        long synced;
        boolean stalled;

        /**
         * client-go's {@code LastSyncResourceVersion}: every change of this kind up to it is in the
         * view. Held-back changes keep it below the oldest of them, even when later ones were
         * delivered out of order, so it never claims a change the view lacks.
         */
        long observed() {
            return backlog.isEmpty() ? synced : Math.min(synced, backlog.peekFirst().resourceVersion() - 1);
        }
    }

    /** How many applied changes an informer remembers for {@link #redeliver}. */
    private static final int REMEMBERED = 32;

    // ------------------------------------------------------------------ the watch

    @Override
    public void changed(Change<?> change) {
        Informer informer = informers.get(change.kind());
        if (informer == null) {
            return;
        }
        if (!informer.stalled) {
            apply(informer, change);
            return;
        }
        informer.backlog.addLast(change);
        heldBack++;
    }

    void stall(Kind kind) {
        informers.get(kind).stalled = true;
    }

    /** Delivers up to {@code events} held-back changes; the watch stays stalled. */
    void deliver(Kind kind, int events) {
        Informer informer = informers.get(kind);
        for (int i = 0; i < events && !informer.backlog.isEmpty(); i++) {
            apply(informer, informer.backlog.pollFirst());
        }
    }

    /** Delivers everything held back; the watch is live again. */
    void resume(Kind kind) {
        Informer informer = informers.get(kind);
        deliver(kind, Integer.MAX_VALUE);
        informer.stalled = false;
    }

    /**
     * A stalled watch delivers up to {@code events} held-back changes out of order: each time, the
     * next change of an object drawn at random. The changes of one object keep their order (a watch
     * never sends an object back in time); those of different objects interleave differently from
     * the order the API server committed them in.
     */
    void deliverOutOfOrder(Kind kind, int events, long seed) {
        Informer informer = informers.get(kind);
        java.util.Random random = new java.util.Random(seed);
        for (int i = 0; i < events && !informer.backlog.isEmpty(); i++) {
            List<ObjectKey> keys = informer.backlog.stream().<ObjectKey>map(Change::key).distinct().toList();
            ObjectKey key = keys.get(random.nextInt(keys.size()));
            Change<?> next = informer.backlog.stream().filter(c -> c.key().equals(key)).findFirst().orElseThrow();
            informer.backlog.remove(next);
            apply(informer, next);
        }
    }

    /**
     * The watch delivers again up to {@code events} changes it had already delivered, each one still
     * the newest of its object (a duplicate after a reconnect). The informer applies them again.
     */
    int redeliver(Kind kind, int events) {
        Informer informer = informers.get(kind);
        List<Change<?>> newest = new ArrayList<>();
        java.util.Set<ObjectKey> seen = new java.util.HashSet<>();
        for (java.util.Iterator<Change<?>> it = informer.applied.descendingIterator(); it.hasNext() && newest.size() < events; ) {
            Change<?> change = it.next();
            if (seen.add(change.key()) && informer.backlog.stream().noneMatch(c -> c.key().equals(change.key()))) {
                newest.add(change);
            }
        }
        java.util.Collections.reverse(newest);
        newest.forEach(change -> apply(informer, change));
        return newest.size();
    }

    /**
     * The watch drops and the informer relists from a lagging watch cache: the list it gets is
     * {@code behind} changes older than the present. The cache jumps to that list (never back: it is
     * at least as new as what it showed), and the rest arrives on the new watch, which stays stalled.
     */
    void relistStale(Kind kind, int behind) {
        Informer informer = informers.get(kind);
        informer.ownThisSync.clear();
        while (informer.backlog.size() > behind) {
            apply(informer, informer.backlog.pollFirst());
        }
        informer.stalled = true;
    }

    /** The watch drops and the informer relists: the cache jumps to the present, missing the changes in between. */
    void relist(Kind kind) {
        Informer informer = informers.get(kind);
        informer.backlog.clear();
        informer.ownThisSync.clear();
        informer.applied.clear();
        informer.view.clear();
        synchronized (stores.lock()) {
            informer.view.putAll(store(kind).snapshot(""));
            informer.synced = stores.resourceVersion();
        }
        informer.stalled = false;
    }

    /** A new controller process: every informer lists afresh. */
    void relistAll() {
        KINDS.forEach(this::relist);
    }

    void resumeAll() {
        KINDS.forEach(this::resume);
    }

    boolean isStalled(Kind kind) {
        return informers.get(kind).stalled;
    }

    boolean anyBehind() {
        return informers.values().stream().anyMatch(i -> !i.backlog.isEmpty());
    }

    /** Changes that reached the cache late (or never, when a relist skipped them). */
    long heldBack() {
        return heldBack;
    }

    // ------------------------------------------------------------------ the controller's own writes

    /**
     * The controller wrote this object (null: removed it) and the API server accepted it. While the
     * watch of that kind is live the cache shows the write anyway; a stalled one does not, so the
     * write is kept as part of what the controller knows until the sync ends.
     */
    void learned(Kind kind, ObjectKey key, Object object) {
        Informer informer = informers.get(kind);
        if (informer != null && informer.stalled) {
            informer.ownThisSync.add(new java.util.AbstractMap.SimpleImmutableEntry<>(key, object));
        }
    }

    /** A sync ended (or the controller died): what it wrote is no longer "its own knowledge". */
    void syncEnded() {
        informers.values().forEach(i -> i.ownThisSync.clear());
    }

    /** The cache of {@code kind} plus the controller's own writes of the current sync. */
    @SuppressWarnings("unchecked")
    <T> TreeMap<ObjectKey, T> knowledge(Kind kind) {
        Informer informer = informers.get(kind);
        TreeMap<ObjectKey, T> out = new TreeMap<>();
        informer.view.forEach((k, v) -> out.put(k, (T) v));
        for (Map.Entry<ObjectKey, Object> write : informer.ownThisSync) {
            if (write.getValue() == null) {
                out.remove(write.getKey());
            } else {
                out.put(write.getKey(), (T) write.getValue());
            }
        }
        return out;
    }

    // ------------------------------------------------------------------ ClusterReader

    @Override
    public String observedVersion(OwnWrite.Kind kind) {
        return switch (kind) {
            case POD -> Long.toString(informers.get(Kind.PODS).observed());
            case CLAIM -> Long.toString(informers.get(Kind.CLAIMS).observed());
            case SET -> "";
        };
    }

    @Override
    public Optional<StatefulSet> statefulSet(ObjectKey key) {
        return Optional.ofNullable((StatefulSet) informers.get(Kind.STATEFULSETS).view.get(key));
    }

    @Override
    public List<StatefulSet> statefulSets(String namespace) {
        return list(Kind.STATEFULSETS, namespace);
    }

    @Override
    public List<Pod> pods(String namespace) {
        return list(Kind.PODS, namespace);
    }

    @Override
    public Optional<PersistentVolumeClaim> claim(String namespace, String name) {
        return Optional.ofNullable((PersistentVolumeClaim) informers.get(Kind.CLAIMS).view.get(new ObjectKey(namespace, name)));
    }

    @Override
    public List<PersistentVolumeClaim> claims(String namespace) {
        return list(Kind.CLAIMS, namespace);
    }

    @Override
    public List<ControllerRevision> revisions(String namespace) {
        return list(Kind.REVISIONS, namespace);
    }

    @SuppressWarnings("unchecked")
    private <T> List<T> list(Kind kind, String namespace) {
        List<T> out = new ArrayList<>();
        informers.get(kind).view.forEach((key, value) -> {
            if (namespace.isEmpty() || key.namespace().equals(namespace)) {
                out.add((T) value);
            }
        });
        return out;
    }

    private static void apply(Informer informer, Change<?> change) {
        informer.synced = Math.max(informer.synced, change.resourceVersion());
        informer.applied.addLast(change);
        if (informer.applied.size() > REMEMBERED) {
            informer.applied.pollFirst();
        }
        if (change.after() == null) {
            informer.view.remove(change.key());
        } else {
            informer.view.put(change.key(), change.after());
        }
    }

    private ObjectStore<?> store(Kind kind) {
        switch (kind) {
            case STATEFULSETS:
                return stores.statefulSets();
            case PODS:
                return stores.pods();
            case CLAIMS:
                return stores.claims();
            case REVISIONS:
                return stores.revisions();
            default:
                throw new IllegalArgumentException(kind.toString());
        }
    }
}
