package dev.stateful.grpc.testing;

import dev.stateful.ports.ClusterEvents;
import java.util.concurrent.atomic.AtomicInteger;

/** ClusterEvents that count live subscriptions, to see watchers let go. */
public final class CountingEvents implements ClusterEvents {

    private final ClusterEvents delegate;
    private final AtomicInteger active = new AtomicInteger();

    public CountingEvents(ClusterEvents delegate) {
        this.delegate = delegate;
    }

    @Override
    public AutoCloseable subscribe(Handler handler) {
        AutoCloseable subscription = delegate.subscribe(handler);
        active.incrementAndGet();
        return () -> {
            subscription.close();
            active.decrementAndGet();
        };
    }

    @Override
    public boolean hasSynced() {
        return delegate.hasSynced();
    }

    public int active() {
        return active.get();
    }
}
