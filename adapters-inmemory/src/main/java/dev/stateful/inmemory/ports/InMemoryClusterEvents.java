package dev.stateful.inmemory.ports;

import dev.stateful.domain.model.ObjectKey;
import dev.stateful.domain.model.Pod;
import dev.stateful.domain.model.StatefulSet;
import dev.stateful.inmemory.store.Change;
import dev.stateful.inmemory.store.ChangeListener;
import dev.stateful.inmemory.store.Kind;
import dev.stateful.inmemory.store.Stores;
import dev.stateful.ports.ClusterEvents;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * {@link ClusterEvents} fed synchronously by the store. Changes are delivered in commit order even
 * when a handler writes to the cluster: such nested changes are queued and delivered after the
 * current one, never in the middle of it.
 */
public final class InMemoryClusterEvents implements ClusterEvents, ChangeListener {

    private final Stores stores;
    private final List<Handler> handlers = new CopyOnWriteArrayList<>();
    private final Deque<Change<?>> pending = new ArrayDeque<>();
    private boolean dispatching;

    public InMemoryClusterEvents(Stores stores) {
        this.stores = stores;
        stores.addListener(this);
    }

    @Override
    public AutoCloseable subscribe(Handler handler) {
        handlers.add(handler);
        return () -> handlers.remove(handler);
    }

    /** The in-memory cache is complete from the start. */
    @Override
    public boolean hasSynced() {
        return true;
    }

    /** Called by the store under its lock. */
    @Override
    public void changed(Change<?> change) {
        if (change.kind() != Kind.STATEFULSETS && change.kind() != Kind.PODS) {
            return;
        }
        pending.addLast(change);
        drain();
    }

    /** An informer resync: every set and pod is delivered as an update with old == new. */
    public void resync() {
        synchronized (stores.lock()) {
            stores.statefulSets().list("").forEach(s -> pending.addLast(new Change<>(0, Kind.STATEFULSETS, s.key(), s, s)));
            stores.pods().list("").forEach(p -> pending.addLast(new Change<>(0, Kind.PODS, ObjectKey.of(p.metadata()), p, p)));
            drain();
        }
    }

    private void drain() {
        if (dispatching) {
            return;
        }
        dispatching = true;
        try {
            Change<?> next;
            while ((next = pending.pollFirst()) != null) {
                deliver(next);
            }
        } finally {
            dispatching = false;
        }
    }

    private void deliver(Change<?> change) {
        for (Handler handler : handlers) {
            if (change.kind() == Kind.STATEFULSETS) {
                handler.statefulSetChanged((StatefulSet) change.before(), (StatefulSet) change.after());
            } else {
                handler.podChanged((Pod) change.before(), (Pod) change.after());
            }
        }
    }
}
