package dev.stateful.grpc.engine;

import dev.stateful.domain.model.ObjectKey;
import dev.stateful.domain.model.StatefulSet;
import dev.stateful.ports.ClusterEvents;
import dev.stateful.ports.ClusterReader;
import dev.stateful.ports.reconcile.StatefulSetReconciler;
import dev.stateful.ports.reconcile.SyncResult;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A small controller loop over any ports (here: remote ones): change notifications and a periodic
 * resync put StatefulSet keys on a queue; one worker syncs them with the reconciler. A failed
 * sync (including an unreachable remote) is retried with per-key exponential backoff; a plan's
 * requeueAfter is honoured. Nothing is kept between syncs that the cluster does not hold.
 */
public final class SyncLoop implements AutoCloseable {

    public static final Duration DEFAULT_RESYNC = Duration.ofSeconds(30);
    static final Duration FIRST_RETRY = Duration.ofMillis(100);
    static final Duration MAX_RETRY = Duration.ofSeconds(30);
    private static final Logger LOG = LoggerFactory.getLogger(SyncLoop.class);

    private final ClusterReader reader;
    private final ClusterEvents events;
    private final StatefulSetReconciler reconciler;
    private final Duration resync;
    private final Clock clock;
    private final KeyQueue queue;
    private final Map<ObjectKey, Integer> failures = new HashMap<>();
    private final Thread worker;
    private volatile boolean stopping;
    private AutoCloseable subscription;

    public SyncLoop(ClusterReader reader, ClusterEvents events, StatefulSetReconciler reconciler, Duration resync, Clock wallClock) {
        this.reader = reader;
        this.events = events;
        this.reconciler = reconciler;
        this.resync = resync;
        this.clock = wallClock;
        this.queue = new KeyQueue(wallClock);
        this.worker = new Thread(this::run, "stateful-sync-loop");
        this.worker.setDaemon(true);
    }

    /** Subscribes and starts the worker; returns at once. */
    public synchronized SyncLoop start() {
        subscription = events.subscribe(new KeyRouting(queue));
        worker.start();
        return this;
    }

    private void run() {
        try {
            while (!events.hasSynced()) {
                if (stopping) {
                    return;
                }
                TimeUnit.MILLISECONDS.sleep(50);
            }
            LOG.info("caches synced; syncing StatefulSets");
            Instant nextResync = Instant.MIN;
            while (!stopping) {
                if (!clock.instant().isBefore(nextResync)) {
                    enqueueAll();
                    nextResync = clock.instant().plus(resync);
                }
                Optional<ObjectKey> key = queue.poll(nextResync);
                if (key.isPresent()) {
                    process(key.get());
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void enqueueAll() {
        try {
            reader.statefulSets("").stream().map(StatefulSet::key).forEach(queue::add);
        } catch (RuntimeException e) {
            LOG.warn("could not list StatefulSets for a resync: {}", e.getMessage());
        }
    }

    private void process(ObjectKey key) {
        SyncResult result;
        try {
            result = reconciler.sync(key);
        } catch (RuntimeException e) {
            retry(key, e);
            return;
        }
        if (result.error().isPresent()) {
            retry(key, result.error().get());
            return;
        }
        failures.remove(key);
        result.requeueAfter().ifPresent(delay -> queue.addAfter(key, delay));
    }

    private void retry(ObjectKey key, RuntimeException error) {
        int failed = failures.merge(key, 1, Integer::sum);
        Duration delay = FIRST_RETRY.multipliedBy(1L << Math.min(failed - 1, 20));
        if (delay.compareTo(MAX_RETRY) > 0) {
            delay = MAX_RETRY;
        }
        LOG.info("sync of StatefulSet {} failed ({}); retrying in {} ms", key, error.getMessage(), delay.toMillis());
        queue.addAfter(key, delay);
    }

    /** Stops taking keys and waits for the sync in flight. */
    @Override
    public void close() {
        stopping = true;
        queue.shutDown();
        synchronized (this) {
            if (subscription != null) {
                try {
                    subscription.close();
                } catch (Exception e) {
                    LOG.debug("could not unsubscribe", e);
                }
            }
        }
        try {
            worker.join(TimeUnit.SECONDS.toMillis(30));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
