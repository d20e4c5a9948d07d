package dev.stateful.app.controller;

import dev.stateful.app.ExitCodes;
import dev.stateful.app.Version;
import dev.stateful.fabric8.control.Fabric8EventRecorder;
import dev.stateful.fabric8.election.LeaderElection;
import dev.stateful.fabric8.informer.ClusterCache;
import dev.stateful.domain.model.ObjectKey;
import dev.stateful.fabric8.loop.ControllerLoop;
import dev.stateful.fabric8.queue.WorkQueue;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The controller of a cluster, from start to shutdown: informers, the HTTP endpoints, leader
 * election (or none) and the workers. Like kube-controller-manager it runs once: after losing the
 * lease it terminates with a failure code so that a fresh process campaigns again.
 */
public final class RunningController implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(RunningController.class);
    /** How long in-flight syncs may take to finish on shutdown. */
    static final Duration GRACE = Duration.ofSeconds(30);

    private final KubernetesClient client;
    private final ClusterCache cache;
    private final ControllerLoop loop;
    private final Optional<LeaderElection> election;
    private final Fabric8EventRecorder recorder;
    private final ExecutorService batches;
    private final HealthServer health;
    private final AtomicBoolean closing = new AtomicBoolean();
    private final CountDownLatch terminated = new CountDownLatch(1);
    private volatile int exitCode = ExitCodes.OK;

    private final WorkQueue<ObjectKey> queue;
    private final ClientLifetime clientLifetime;

    /** Whether closing the controller closes its client: not when the caller lent it (a test's client). */
    public enum ClientLifetime { OWNED, BORROWED }

    /** Built by the wiring ({@code Fabric8Module}); nothing runs until {@link #start}. */
    public RunningController(KubernetesClient client, ClusterCache cache, ControllerLoop loop, Optional<LeaderElection> election,
                             Fabric8EventRecorder recorder, ExecutorService batches, HealthServer health,
                             WorkQueue<ObjectKey> queue, ClientLifetime clientLifetime) {
        this.queue = queue;
        this.clientLifetime = clientLifetime;
        this.client = client;
        this.cache = cache;
        this.loop = loop;
        this.election = election;
        this.recorder = recorder;
        this.batches = batches;
        this.health = health;
    }

    /**
     * Serves the endpoints, starts the informers and campaigns for the lease (or starts the workers
     * at once without leader election); returns without waiting for any of it.
     */
    public void start(ControllerSettings settings) {
        // kube-controller-manager's first line: "Starting" version="v1.36.3"
        LOG.atInfo().addKeyValue("version", Version.current()).addKeyValue("java", System.getProperty("java.version")).log("Starting");
        LOG.info("serving /metrics, /healthz and /readyz on port {} over {}", health.port(), health.secure() ? "HTTPS (/metrics for authorised tokens)" : "plain HTTP");
        cache.start();
        LOG.info("watching StatefulSets in {} with {} workers", settings.namespace().isEmpty() ? "all namespaces"
                : "namespace " + settings.namespace(), settings.workers());
        election.ifPresentOrElse(LeaderElection::start, loop::start);
    }

    /** The informers have listed and watch: a change made now reaches the controller. */
    public boolean isWatching() {
        return cache.hasSynced() && cache.isWatching();
    }

    /** No StatefulSet is queued, being synced, or waiting to be synced again (a requeue or a retry). */
    public boolean isIdle() {
        return queue.isIdle();
    }

    /** The port of /metrics, /healthz and /readyz. */
    public int port() {
        return health.port();
    }

    /** Blocks until the controller has stopped; returns the process exit code. */
    public int awaitTermination() throws InterruptedException {
        terminated.await();
        return exitCode;
    }

    /** The elector's "started leading": the gate is open; start the workers (unless shutting down). */
    public void startedLeading() {
        if (!closing.get()) {
            loop.start();
        }
    }

    /** The elector's "stopped leading": writes are already refused; stop the workers and end the process. */
    public void leadershipLost() {
        loop.stop(GRACE);
        if (!closing.get()) {
            LOG.error("lost the leader lease; terminating so that a fresh process can campaign again");
            exitCode = ExitCodes.FAILURE;
            close();
        }
    }

    /**
     * Graceful shutdown: stop taking keys and let in-flight syncs finish and their events go out
     * while the lease is still ours, then release the lease (a standby takes over at its next
     * retry), then close the informers and the client.
     */
    @Override
    public void close() {
        if (!closing.compareAndSet(false, true)) {
            return;
        }
        LOG.info("shutting down");
        try {
            loop.stop(GRACE);
            recorder.close();
            election.ifPresent(LeaderElection::close);
            batches.shutdownNow();
            cache.close();
            if (clientLifetime == ClientLifetime.OWNED) {
                client.close();
            }
            health.close();
        } finally {
            terminated.countDown();
        }
    }
}
