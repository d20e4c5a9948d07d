package dev.stateful.fabric8.queue;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;

/** Time that moves only when a test says so. */
final class FakeTicker implements WorkQueue.Ticker {

    private final AtomicLong nanos = new AtomicLong(1_000_000_000L);

    void advance(Duration d) {
        nanos.addAndGet(d.toNanos());
    }

    @Override
    public long nanoTime() {
        return nanos.get();
    }
}
