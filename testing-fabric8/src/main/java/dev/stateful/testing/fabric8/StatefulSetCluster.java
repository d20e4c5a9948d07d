package dev.stateful.testing.fabric8;

import dev.stateful.app.cli.ControllerCommand;
import dev.stateful.app.controller.RunningController;
import dev.stateful.app.wiring.Injectors;
import dev.stateful.fabric8.informer.ClusterCache;
import dev.stateful.fabric8.preflight.BuiltInControllerCheck;
import dev.stateful.testsupport.Eventually;
import dev.stateful.testsupport.gc.PlayedGarbageCollector;
import dev.stateful.testsupport.kubelet.SimulatedKubelet;
import io.fabric8.kubernetes.api.model.DeletionPropagation;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.vertx5.Vertx5HttpClientFactory;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.stream.Stream;

/**
 * Working StatefulSets behind a fabric8 client: our StatefulSet controller, the simulated kubelet
 * (pods become Running and Ready unless {@link Options#kubelet} says otherwise), a garbage
 * collector and apps/v1 defaulting, all talking to the API server of {@code client} - fabric8's
 * CRUD mock ({@code @EnableKubernetesMockClient(crud = true)}), which has none of them, or a real
 * API server.
 *
 * <pre>{@code
 * try (StatefulSetCluster cluster = StatefulSetCluster.start(client)) {
 *     client.apps().statefulSets().inNamespace("test").resource(set).create();
 *     cluster.settle();
 * }
 * }</pre>
 */
public final class StatefulSetCluster implements AutoCloseable {

    private static final org.slf4j.Logger LOG = org.slf4j.LoggerFactory.getLogger(StatefulSetCluster.class);

    /** How long (ms) nothing may change before {@link #settle()} calls the cluster quiet. */
    static final long QUIET_MILLIS = 500;
    static final Duration QUIET = Duration.ofMillis(QUIET_MILLIS);
    static final Duration POLL = Duration.ofMillis(100);
    /** Where and how long, on a real API server, {@link #start} looks for kube-controller-manager's StatefulSet controller (as {@code --kinds apps}). */
    static final String BUILT_IN_CHECK_NAMESPACE = "kube-system";
    static final Duration BUILT_IN_CHECK_WAIT = Duration.ofSeconds(5);

    /**
     * @param kubelet which pods the kubelet starts, and where (its per-pod behaviour: a pod it does not start stays Pending)
     * @param garbageCollector false on a real API server, which has its own; {@link #start} then first makes sure (in about
     *                         5 s) that its kube-controller-manager runs no StatefulSet controller of its own
     * @param settleTimeout how long {@link #settle()} waits at most
     */
    public record Options(SimulatedKubelet.Options kubelet, boolean garbageCollector, Duration settleTimeout) {

        public static Options defaults() {
            return new Options(SimulatedKubelet.Options.defaults(), true, Duration.ofSeconds(60));
        }

        /** Pods matching {@code startable} are started, others stay Pending (e.g. to test a stuck rollout). */
        public Options startPodsThat(java.util.function.Predicate<io.fabric8.kubernetes.api.model.Pod> startable) {
            SimulatedKubelet.Options k = kubelet;
            return new Options(new SimulatedKubelet.Options(k.namespace(), k.node(), k.threads(), startable), garbageCollector, settleTimeout);
        }

        public Options withoutGarbageCollector() {
            return new Options(kubelet, false, settleTimeout);
        }

        public Options settleTimeout(Duration timeout) {
            return new Options(kubelet, garbageCollector, timeout);
        }
    }

    private final KubernetesClient client;
    private final Options options;
    private final RunningController controller;
    private final SimulatedKubelet kubelet;
    private final PlayedGarbageCollector collector;
    private final PlayedDefaulting defaulting;
    /** Everything {@link #start} started, in that order (its own clients first): what {@link #close()} stops, last first. */
    private final List<AutoCloseable> started;

    private StatefulSetCluster(KubernetesClient client, Options options, RunningController controller, SimulatedKubelet kubelet,
                               PlayedDefaulting defaulting, List<AutoCloseable> started) {
        this.client = client;
        this.started = List.copyOf(started);
        this.options = options;
        this.controller = controller;
        this.kubelet = kubelet;
        this.defaulting = defaulting;
        this.collector = new PlayedGarbageCollector(client);
    }

    /** With the default options: every pod starts but those of an image containing {@code does-not-exist}, garbage is collected. */
    public static StatefulSetCluster start(KubernetesClient client) {
        return start(client, Options.defaults());
    }

    /**
     * Starts the controller (no leader election, metrics on a free port) and the kubelet; returns once both watch.
     *
     * @throws BuiltInControllerCheck.BuiltInControllerOnException without the garbage collector (a real API server) when the
     *         cluster's kube-controller-manager runs its own StatefulSet controller, which would fight ours over the pods
     */
    public static StatefulSetCluster start(KubernetesClient client, Options options) {
        Objects.requireNonNull(client, "client");
        requireCrud(client);
        if (!options.garbageCollector()) {
            // a real API server: its kube-controller-manager must not run its own StatefulSet controller, or the two
            // fight over the pods; the embedded controller is handed its client, so its own start does not check
            BuiltInControllerCheck.requireOff(client, BUILT_IN_CHECK_NAMESPACE, BUILT_IN_CHECK_WAIT);
        }
        // each actor on a client (and connections) of its own, as in a cluster: sharing the test's client,
        // fabric8's mock was seen to leave a pod's ADDED event undelivered to one of two pod watches
        List<AutoCloseable> started = new ArrayList<>();
        try {
            KubernetesClient controllerClient = copyOf(client);
            started.add(controllerClient);
            KubernetesClient kubeletClient = copyOf(client);
            started.add(kubeletClient);
            PlayedDefaulting defaulting = new PlayedDefaulting(client);
            started.add(defaulting);
            SimulatedKubelet kubelet = SimulatedKubelet.start(kubeletClient, options.kubelet());
            started.add(kubelet);
            // the mock stores a set as written: the controller reads it with the defaults kube-apiserver would
            // have stored, so that the first pods are made from the template the set keeps once defaulted
            RunningController controller = Injectors.startController(ControllerCommand.settings(
                            "--leader-elect=false", "--metrics-port", "0", "--bind-address=127.0.0.1", "--metrics-secure=false", "--kinds=apps"),
                    controllerClient, ClusterCache.SetDefaults.PLAYED);
            started.add(controller);
            StatefulSetCluster cluster = new StatefulSetCluster(client, options, controller, kubelet, defaulting, started);
            // fabric8's mock does not replay changes made between an informer's list and its watch
            Eventually.await("the controller and the kubelet watching", Duration.ofSeconds(30),
                    () -> controller.isWatching() && kubelet.isWatching() && defaulting.isWatching());
            return cluster;
        } catch (RuntimeException | AssertionError e) {
            closeAll(started, e);
            throw e;
        }
    }

    /**
     * A mock server in expectations mode answers every request it was not told about with 404 Not Found: the
     * controller's and kubelet's lists would fail with a message that does not say why.
     */
    private static void requireCrud(KubernetesClient client) {
        try {
            client.apps().statefulSets().inAnyNamespace().list(new io.fabric8.kubernetes.api.model.ListOptionsBuilder().withLimit(1L).build());
        } catch (KubernetesClientException e) {
            if (e.getCode() == 404) {
                throw new IllegalStateException("StatefulSetCluster needs an API server that stores what it is sent: "
                        + "fabric8's mock in CRUD mode (@EnableKubernetesMockClient(crud = true)) or a real one; "
                        + "listing StatefulSets answered 404 Not Found", e);
            }
            throw e;
        }
    }

    /** The kubelet: {@link SimulatedKubelet#hold()} keeps new pods Pending until {@link SimulatedKubelet#release()}. */
    public SimulatedKubelet kubelet() {
        return kubelet;
    }

    /** The controller: its /metrics port, whether it is idle. */
    public RunningController controller() {
        return controller;
    }

    /**
     * Waits until the cluster is quiet: the controller has nothing queued, in process or waiting
     * (minReadySeconds, retries), the garbage collector finds nothing to delete, and no StatefulSet,
     * pod, claim or revision has changed for {@value #QUIET_MILLIS} ms.
     *
     * @throws AssertionError when it is not quiet within the settle timeout
     */
    public void settle() {
        long deadline = System.nanoTime() + options.settleTimeout().toNanos();
        List<String> last = List.of();
        long quietSince = System.nanoTime();
        while (true) {
            List<String> deleted = options.garbageCollector() ? collector.collectAll() : List.of();
            if (!deleted.isEmpty()) {
                LOG.info("the garbage collector deleted {}", deleted);
            }
            boolean collected = !deleted.isEmpty();
            List<String> now = fingerprint();
            boolean idle = controller.isIdle() && !collected;
            if (!idle || !now.equals(last)) {
                quietSince = System.nanoTime();
                last = now;
            } else if (System.nanoTime() - quietSince >= QUIET.toNanos()) {
                return;
            }
            if (System.nanoTime() > deadline) {
                throw new AssertionError("the cluster did not settle within " + options.settleTimeout().toSeconds() + " s"
                        + (controller.isIdle() ? "" : " (the controller still has StatefulSets to sync)"));
            }
            sleep(POLL);
        }
    }

    /**
     * Deletes a StatefulSet and keeps its pods, claims and revisions, as {@code propagationPolicy: Orphan} does
     * (kubectl's {@code --cascade=orphan}). On fabric8's mock use this rather than the client's
     * {@code withPropagationPolicy(ORPHAN).delete()}: the mock never sees a delete's options, so the played garbage
     * collector would take the dependents as after any other delete. With the garbage collector off (a real API server,
     * whose own collector orphans them) this is that plain orphaning delete.
     *
     * @return whether the set was there to delete
     */
    public boolean deleteOrphaning(String namespace, String name) {
        var set = client.apps().statefulSets().inNamespace(namespace).withName(name).get();
        if (set == null) {
            return false;
        }
        client.apps().statefulSets().inNamespace(namespace).withName(name).withPropagationPolicy(DeletionPropagation.ORPHAN).delete();
        if (options.garbageCollector()) {
            // what kube-controller-manager's collector does for the orphan finalizer: each dependent loses its owner reference
            collector.orphanDependents(namespace, set.getMetadata().getUid());
        }
        return true;
    }

    /** Every object the controller, kubelet and collector touch, with its resourceVersion. */
    private List<String> fingerprint() {
        List<String> out = new ArrayList<>();
        Stream.of(client.apps().statefulSets().inAnyNamespace().list().getItems(), client.pods().inAnyNamespace().list().getItems(),
                        client.persistentVolumeClaims().inAnyNamespace().list().getItems(),
                        client.apps().controllerRevisions().inAnyNamespace().list().getItems())
                .flatMap(List::stream).map(HasMetadata.class::cast)
                .forEach(o -> out.add(o.getClass().getSimpleName() + " " + o.getMetadata().getNamespace() + "/" + o.getMetadata().getName()
                        + "@" + o.getMetadata().getResourceVersion()));
        out.sort(null);
        return out;
    }

    private static void sleep(Duration d) {
        try {
            Thread.sleep(d.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while settling", e);
        }
    }

    /** Stops the controller and the kubelet; the client stays open (it is the caller's). */
    @Override
    public void close() {
        closeAll(started, null);
    }

    /** Closes the last started first, each whatever the others threw; what they threw is added to {@code failure}, or thrown. */
    private static void closeAll(List<? extends AutoCloseable> started, Throwable failure) {
        RuntimeException first = null;
        for (int i = started.size() - 1; i >= 0; i--) {
            try {
                started.get(i).close();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } catch (Exception e) {
                if (failure != null) {
                    failure.addSuppressed(e);
                } else if (first == null) {
                    first = e instanceof RuntimeException r ? r : new IllegalStateException(e);
                }
            }
        }
        if (first != null) {
            throw first;
        }
    }

    /**
     * A client of its own on Vert.x, whatever transport {@code client} has: closed, a JDK transport's client leaves
     * its selector thread running on Java 17 (its {@code HttpClient} has no close), two threads a cluster.
     */
    private static KubernetesClient copyOf(KubernetesClient client) {
        return new KubernetesClientBuilder().withConfig(client.getConfiguration()).withHttpClientFactory(new Vertx5HttpClientFactory()).build();
    }
}
