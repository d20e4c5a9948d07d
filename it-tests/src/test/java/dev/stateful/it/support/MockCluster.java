package dev.stateful.it.support;

import dev.stateful.app.cli.ControllerCommand;
import dev.stateful.app.controller.RunningController;
import dev.stateful.app.wiring.Injectors;
import dev.stateful.testsupport.Eventually;
import dev.stateful.testsupport.api.ApiWrite;
import dev.stateful.testsupport.gc.PlayedGarbageCollector;
import dev.stateful.testsupport.kubelet.SimulatedKubelet;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;

/**
 * The mock API server with what a cluster adds around it: a simulated kubelet, a garbage
 * collector the test plays, a client for the test, and controllers started through the
 * {@code controller} command's own flags and wiring, in this JVM.
 */
public final class MockCluster implements TestCluster {

    public static final String CONTROLLER = "controller";
    public static final String KUBELET = "kubelet";
    public static final String TESTER = "tester";
    /** StatefulSets, pods, claims and revisions. */
    static final int INFORMERS = 4;

    private final Path dir;
    private final MockApiServer server = new MockApiServer();
    private final KubernetesClient client;
    private final KubernetesClient kubeletClient;
    private final SimulatedKubelet kubelet;
    private final List<RunningController> controllers = new ArrayList<>();
    private final AtomicInteger namespaces = new AtomicInteger();

    public MockCluster() {
        try {
            dir = Files.createTempDirectory("mock-cluster");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        client = server.client(dir, TESTER);
        kubeletClient = server.client(dir, KUBELET);
        kubelet = SimulatedKubelet.start(kubeletClient);
    }

    public MockApiServer server() {
        return server;
    }

    /** The test's own client (user {@value #TESTER}). */
    @Override
    public KubernetesClient client() {
        return client;
    }

    @Override
    public SimulatedKubelet kubelet() {
        return kubelet;
    }

    /** A namespace name not used before; the mock needs no Namespace object. */
    @Override
    public String newNamespace() {
        return "ns-" + namespaces.incrementAndGet();
    }

    public PlayedGarbageCollector garbageCollector() {
        return new PlayedGarbageCollector(client);
    }

    /** The kubeconfig of {@code user}, for a controller in another process. */
    @Override
    public Path kubeconfig(String user) {
        return server.kubeconfig(dir.resolve(user + ".kubeconfig"), user);
    }

    /**
     * Starts a controller in this JVM as {@code stateful controller} would, connecting as
     * {@code user}, its endpoints on a free port, without leader election unless {@code flags} ask;
     * returns once its informers watch (see {@link MockApiServer}).
     */
    @Override
    public RunningController startController(String user, String... flags) {
        long watching = server.watchCount(user);
        RunningController controller = Injectors.startController(TestCluster.controllerSettings(kubeconfig(user), flags));
        controllers.add(controller);
        awaitInformersWatching(user, watching);
        return controller;
    }

    /** Waits until {@code user} has opened the four informer watches beyond the {@code before} it had. */
    @Override
    public void awaitInformersWatching(String user, long before) {
        Eventually.await(user + "'s informers watching", Duration.ofSeconds(30), () -> server.watchCount(user) >= before + INFORMERS);
    }

    @Override
    public String controllerUser() {
        return CONTROLLER;
    }

    @Override
    public String leaseNamespace() {
        return "kube-system";
    }

    @Override
    public List<ApiWrite> writes() {
        return server.writes();
    }

    @Override
    public void stopControllers() {
        controllers.forEach(RunningController::close);
        controllers.clear();
    }

    /**
     * Checks every write the server took ({@link WriteChecks#assertControllerWritesConsistent(MockApiServer)}),
     * then closes the cluster, whether the checks pass or not: a test's end on a cluster of its own.
     */
    public void closeAfterWriteChecks() throws Exception {
        try {
            WriteChecks.assertControllerWritesConsistent(server);
        } finally {
            close();
        }
    }

    @Override
    public void close() throws Exception {
        controllers.forEach(RunningController::close);
        kubelet.close();
        kubeletClient.close();
        client.close();
        server.close();
    }
}
