package dev.stateful.inmemory.store;

import dev.stateful.inmemory.clock.ManualClock;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * State shared by the stores of all kinds: one lock (the whole cluster behaves like a single
 * serialised etcd), the global resourceVersion counter, the id source, the clock and the change
 * listeners.
 */
final class StoreContext {

    final Object lock = new Object();
    final ManualClock clock;
    final IdGenerator ids;
    /** How many objects, of all kinds together, the cluster holds at most (a quota: creates past it are refused). */
    final long maxObjects;
    /** How many it holds now. */
    long objects;
    private final List<ChangeListener> listeners = new CopyOnWriteArrayList<>();
    private long resourceVersion;

    StoreContext(ManualClock clock, IdGenerator ids, long maxObjects) {
        this.clock = clock;
        this.ids = ids;
        this.maxObjects = maxObjects;
    }

    long nextResourceVersion() {
        return ++resourceVersion;
    }

    long currentResourceVersion() {
        return resourceVersion;
    }

    void addListener(ChangeListener listener) {
        listeners.add(listener);
    }

    void publish(Change<?> change) {
        for (ChangeListener listener : listeners) {
            listener.changed(change);
        }
    }
}
