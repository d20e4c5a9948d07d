package dev.stateful.testing.fabric8;

import dev.stateful.app.cli.ControllerCommand;
import dev.stateful.app.controller.RunningController;
import dev.stateful.app.wiring.Injectors;
import dev.stateful.testsupport.Eventually;
import dev.stateful.testsupport.gc.PlayedGarbageCollector;
import dev.stateful.testsupport.kubelet.SimulatedKubelet;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
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

    /**
     * @param kubelet which pods the kubelet starts, and where (its per-pod behaviour: a pod it does not start stays Pending)
     * @param garbageCollector false on a real API server, which has its own
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
    private final List<KubernetesClient> own;

    private StatefulSetCluster(KubernetesClient client, Options options, RunningController controller, SimulatedKubelet kubelet,
                               PlayedDefaulting defaulting, List<KubernetesClient> own) {
        this.client = client;
        this.own = own;
        this.options = options;
        this.controller = controller;
        this.kubelet = kubelet;
        this.defaulting = defaulting;
        this.collector = new PlayedGarbageCollector(client);
    }

    /** With the default options: every pod starts, garbage is collected. */
    public static StatefulSetCluster start(KubernetesClient client) {
        return start(client, Options.defaults());
    }

    /** Starts the controller (no leader election, metrics on a free port) and the kubelet; returns once both watch. */
    public static StatefulSetCluster start(KubernetesClient client, Options options) {
        Objects.requireNonNull(client, "client");
        // each actor on a client (and connections) of its own, as in a cluster: sharing the test's client,
        // fabric8's mock was seen to leave a pod's ADDED event undelivered to one of two pod watches
        KubernetesClient controllerClient = copyOf(client);
        KubernetesClient kubeletClient = copyOf(client);
        List<KubernetesClient> own = List.of(controllerClient, kubeletClient);
        PlayedDefaulting defaulting = new PlayedDefaulting(client);
        SimulatedKubelet kubelet = SimulatedKubelet.start(kubeletClient, options.kubelet());
        RunningController controller;
        try {
            controller = Injectors.startController(ControllerCommand.settings(
                    "--leader-elect=false", "--metrics-port", "0", "--bind-address=127.0.0.1", "--metrics-secure=false", "--kinds=apps"), controllerClient);
        } catch (RuntimeException e) {
            closeQuietly(kubelet);
            defaulting.close();
            own.forEach(KubernetesClient::close);
            throw e;
        }
        StatefulSetCluster cluster = new StatefulSetCluster(client, options, controller, kubelet, defaulting, own);
        try {
            // fabric8's mock does not replay changes made between an informer's list and its watch
            Eventually.await("the controller and the kubelet watching", Duration.ofSeconds(30),
                    () -> controller.isWatching() && kubelet.isWatching() && defaulting.isWatching());
        } catch (RuntimeException | AssertionError e) {
            cluster.close();
            throw e;
        }
        return cluster;
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
        controller.close();
        closeQuietly(kubelet);
        defaulting.close();
        own.forEach(KubernetesClient::close);
    }

    private static KubernetesClient copyOf(KubernetesClient client) {
        return new KubernetesClientBuilder().withConfig(client.getConfiguration()).build();
    }

    private static void closeQuietly(SimulatedKubelet kubelet) {
        try {
            kubelet.close();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
