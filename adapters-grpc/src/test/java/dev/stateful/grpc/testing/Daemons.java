package dev.stateful.grpc.testing;

import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;

/** Schedulers on daemon threads, so a test that forgets one does not hold the JVM. */
public final class Daemons {

    private Daemons() {
    }

    public static ScheduledExecutorService scheduler(int threads) {
        return Executors.newScheduledThreadPool(threads, r -> {
            Thread t = new Thread(r, "test-scheduler");
            t.setDaemon(true);
            return t;
        });
    }
}
