package dev.stateful.fabric8.loop;

import dev.stateful.domain.model.ObjectKey;
import dev.stateful.domain.model.Pod;
import dev.stateful.domain.model.StatefulSet;
import dev.stateful.fabric8.queue.WorkQueue;
import dev.stateful.ports.ClusterEvents;
import dev.stateful.ports.reconcile.SyncResult;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Upstream {@code Run(ctx, workers)}: routes cluster changes onto the queue, as upstream's
 * controller's own {@code enqueueStatefulSet}, {@code addPod}, {@code updatePod} and
 * {@code deletePod} do (the sets a pod change concerns: {@link PodEventRouter}), waits until the
 * caches are filled (syncing from a half-filled cache would e.g. recreate pods that exist), then
 * runs N workers. Each key is synced by one worker at a time; success forgets its backoff (and
 * brings the key back after the result's {@code requeueAfter}, e.g. for minReadySeconds), failure
 * re-queues it rate-limited, as upstream's {@code processNextWorkItem} does. The sync is a function
 * (production: {@code StatefulSetReconciler::sync}), as upstream's {@code ReplicaSetController}
 * takes its {@code syncHandler}; each sync is counted and timed by result ({@code SyncMetrics}).
 * One-shot: a stopped loop is not restarted (the queue is shut down).
 * Anything a sync throws is a failed sync, except a fatal {@link VirtualMachineError} (out of
 * memory, an internal JVM error): then the JVM cannot be trusted to go on, and {@code onFatal}
 * ends the process so that Kubernetes restarts it, as a Go controller dies on a fatal runtime error.
 */
public final class ControllerLoop implements AutoCloseable {

    /** kube-controller-manager's {@code --concurrent-statefulset-syncs}. */
    public static final int DEFAULT_WORKERS = 5;
    private static final Logger LOG = LoggerFactory.getLogger(ControllerLoop.class);
    private static final long SYNC_POLL_MILLIS = 100;

    private final ClusterEvents events;
    private final WorkQueue<ObjectKey> queue;
    private final PodEventRouter pods;
    private final Function<ObjectKey, SyncResult> sync;
    private final SyncMetrics metrics;
    private final int workers;
    private final List<Thread> threads = new ArrayList<>();
    private final CountDownLatch stopped = new CountDownLatch(1);
    private volatile boolean stopping;
    private final java.util.function.Consumer<Error> onFatal;
    private volatile boolean workersStarted;
    private AutoCloseable subscription;

    /** @param registry where the syncs are counted and timed by result */
    public ControllerLoop(ClusterEvents events, PodEventRouter pods, WorkQueue<ObjectKey> queue, Function<ObjectKey, SyncResult> sync,
                          MeterRegistry registry, int workers) {
        this(events, pods, queue, sync, registry, workers, FatalErrors::exit);
    }

    /** @param onFatal what to do with a fatal error of a sync (the process ends by default; tests observe it) */
    public ControllerLoop(ClusterEvents events, PodEventRouter pods, WorkQueue<ObjectKey> queue, Function<ObjectKey, SyncResult> sync,
                          MeterRegistry registry, int workers, java.util.function.Consumer<Error> onFatal) {
        this.onFatal = onFatal;
        if (workers < 1) {
            throw new IllegalArgumentException("workers must be at least 1, got " + workers);
        }
        this.events = events;
        this.pods = pods;
        this.queue = queue;
        this.sync = sync;
        this.metrics = new SyncMetrics(registry);
        this.workers = workers;
    }

    /** Subscribes to changes and starts the workers once the caches have synced; returns at once. */
    public synchronized void start() {
        if (subscription != null || stopping) {
            throw new IllegalStateException("a controller loop runs once");
        }
        subscription = events.subscribe(new Enqueuing());
        Thread starter = new Thread(this::awaitSyncThenWork, "statefulset-controller-start");
        starter.setDaemon(true);
        threads.add(starter);
        starter.start();
    }

    /** The loop's event handlers: upstream's {@code enqueueStatefulSet} and {@code addPod}/{@code updatePod}/{@code deletePod}. */
    private final class Enqueuing implements ClusterEvents.Handler {

        /** Every add, update (even a resync with nothing changed) and delete of a set syncs it. */
        @Override
        public void statefulSetChanged(StatefulSet oldSet, StatefulSet newSet) {
            StatefulSet set = newSet != null ? newSet : oldSet;
            if (set == null) {
                return;
            }
            if (oldSet != null && newSet != null
                    && oldSet.spec().replicasOrDefault() != newSet.spec().replicasOrDefault()) {
                LOG.atInfo().addKeyValue("statefulSet", set.key()).addKeyValue("oldReplicas", oldSet.spec().replicasOrDefault())
                        .addKeyValue("newReplicas", newSet.spec().replicasOrDefault()).log("Updating StatefulSet");
            }
            queue.add(set.key());
        }

        /** Synced too: the sync reports it (a Warning event) and leaves it alone until a version of it decodes. */
        @Override
        public void statefulSetUndecodable(ObjectKey key) {
            queue.add(key);
        }

        @Override
        public void podChanged(Pod oldPod, Pod newPod) {
            for (PodEventRouter.Enqueue e : pods.route(oldPod, newPod)) {
                if (e.after().isZero()) {
                    queue.add(e.key());
                } else {
                    queue.addAfter(e.key(), e.after());
                }
            }
        }
    }

    private void awaitSyncThenWork() {
        LOG.info("waiting for caches to sync");
        try {
            while (!events.hasSynced()) {
                if (stopped.await(SYNC_POLL_MILLIS, TimeUnit.MILLISECONDS)) {
                    return;
                }
            }
        } catch (InterruptedException e) {
            return;
        }
        synchronized (this) {
            if (stopping) {
                return;
            }
            LOG.info("caches synced; starting {} workers", workers);
            for (int i = 0; i < workers; i++) {
                Thread worker = new Thread(this::work, "statefulset-worker-" + i);
                worker.setDaemon(true);
                threads.add(worker);
                worker.start();
            }
            workersStarted = true;
        }
    }

    /**
     * Whether the loop does its job: false once a worker (or the thread waiting for the caches) is
     * gone while the loop is not stopping. {@code /healthz} reports it, so that the kubelet restarts
     * a process whose workers died.
     */
    public boolean isAlive() {
        if (stopping) {
            return true;
        }
        List<Thread> running;
        synchronized (this) {
            running = List.copyOf(threads);
        }
        if (running.isEmpty()) {
            return true; // not started yet (e.g. a standby waiting for the lease)
        }
        // the starter ends once the workers run; before that it must be alive
        return workersStarted ? running.stream().skip(1).allMatch(Thread::isAlive) : running.get(0).isAlive();
    }

    private void work() {
        while (true) {
            ObjectKey key;
            try {
                key = queue.get();
            } catch (InterruptedException e) {
                return;
            }
            if (key == null) {
                return;
            }
            try {
                if (!stopping) {
                    process(key);
                }
            } finally {
                queue.done(key);
            }
        }
    }

    private void process(ObjectKey key) {
        long start = System.nanoTime();
        SyncResult result;
        try {
            result = sync.apply(key);
        } catch (RuntimeException | Error e) {
            metrics.recordFailure(System.nanoTime() - start);
            if (e instanceof VirtualMachineError fatal && !(fatal instanceof StackOverflowError)) {
                onFatal.accept(fatal);
                throw fatal;
            }
            // a StackOverflowError is one set's too deep input; the thread's stack is unwound and fine
            LOG.atError().addKeyValue("statefulSet", key).setCause(e).log("Error syncing StatefulSet, requeuing with backoff");
            retry(key);
            return;
        }
        long nanos = System.nanoTime() - start;
        metrics.record(result, nanos);
        if (LOG.isDebugEnabled()) {
            LOG.atDebug().addKeyValue("statefulSet", key).addKeyValue("duration", nanos / 1_000_000 + "ms").addKeyValue("writes", result.writes())
                    .addKeyValue("waiting", result.plan().map(plan -> plan.waits().isEmpty() ? "nothing" : plan.waits().toString())
                            .orElse("no plan: the set is gone, cannot be decoded, or the caches do not show its own writes yet"))
                    .log("Finished syncing StatefulSet");
        }
        if (result.error().isPresent()) {
            // upstream: "error syncing StatefulSet %v, requeuing" (StatefulSetController.processNextWorkItem)
            LOG.atWarn().addKeyValue("statefulSet", key).addKeyValue("err", result.error().get().getMessage())
                    .log("Error syncing StatefulSet, requeuing with backoff");
            retry(key);
            return;
        }
        queue.forget(key);
        result.requeueAfter().ifPresent(delay -> queue.addAfter(key, delay));
    }

    private void retry(ObjectKey key) {
        Duration delay = queue.addRateLimited(key);
        LOG.debug("requeuing StatefulSet {} in {}", key, delay);
    }

    /**
     * Stops taking keys and waits up to {@code grace} for in-flight syncs to finish. Returns
     * whether every worker ended in time.
     */
    public boolean stop(Duration grace) {
        List<Thread> running;
        synchronized (this) {
            stopping = true;
            stopped.countDown();
            queue.shutDown();
            running = List.copyOf(threads);
            if (subscription != null) {
                try {
                    subscription.close();
                } catch (Exception e) {
                    LOG.warn("could not unsubscribe from cluster events", e);
                }
            }
        }
        long deadline = System.nanoTime() + grace.toNanos();
        for (Thread t : running) {
            try {
                t.join(Math.max(1, TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime())));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            }
        }
        return running.stream().noneMatch(Thread::isAlive);
    }

    public boolean isStopping() {
        return stopping;
    }

    @Override
    public void close() {
        stop(Duration.ofSeconds(30));
    }
}
