package dev.stateful.fabric8.loop;

import dev.stateful.ports.ClusterEvents;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/** Cluster events a test fires by hand, with a switch for "caches synced". */
final class FakeClusterEvents implements ClusterEvents {

    final List<Handler> handlers = new CopyOnWriteArrayList<>();
    volatile boolean synced;

    @Override
    public AutoCloseable subscribe(Handler handler) {
        handlers.add(handler);
        return () -> handlers.remove(handler);
    }

    @Override
    public boolean hasSynced() {
        return synced;
    }
}
