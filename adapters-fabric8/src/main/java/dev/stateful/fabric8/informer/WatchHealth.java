package dev.stateful.fabric8.informer;

import io.fabric8.kubernetes.client.informers.SharedIndexInformer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One line when the informers lose their watches of the API server, instead of what the HTTP
 * client says for every watch it drops (the controller keeps that logger at ERROR): a WARN
 * when a synced informer stops watching, nothing more until every one watches again (then a
 * DEBUG line), so an API server restart is one line however many watches it ends.
 *
 * <p>An informer counts as watching only once its watch has started: fabric8 opens it after the
 * informer's list is processed, so an informer synced while the other kinds' lists were still being
 * decoded (on a busy start, seconds) has not lost anything yet.
 */
final class WatchHealth implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(WatchHealth.class);

    private final Supplier<List<SharedIndexInformer<?>>> informers;
    private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread thread = new Thread(r, "watch-health");
        thread.setDaemon(true);
        return thread;
    });
    private final Set<SharedIndexInformer<?>> watchedOnce = Collections.newSetFromMap(new IdentityHashMap<>());
    private boolean lost;

    WatchHealth(Supplier<List<SharedIndexInformer<?>>> informers) {
        this.informers = informers;
    }

    WatchHealth start(Duration every) {
        timer.scheduleWithFixedDelay(this::check, every.toMillis(), every.toMillis(), TimeUnit.MILLISECONDS);
        return this;
    }

    /** Compares what the informers say now with what was last reported; logs only a change. */
    synchronized void check() {
        List<String> down = new ArrayList<>();
        for (SharedIndexInformer<?> informer : informers.get()) {
            if (informer.isWatching()) {
                watchedOnce.add(informer);
            } else if (informer.hasSynced() && watchedOnce.contains(informer)) {
                down.add(informer.getApiTypeClass().getSimpleName());
            }
        }
        if (!down.isEmpty() && !lost) {
            LOG.warn("lost the watch of the API server ({}); reconnecting", String.join(", ", down));
            lost = true;
        } else if (down.isEmpty() && lost) {
            LOG.debug("watching the API server again");
            lost = false;
        }
    }

    @Override
    public void close() {
        timer.shutdownNow();
    }
}
