package dev.stateful.it.support;

import dev.stateful.app.controller.RunningController;
import dev.stateful.testsupport.api.ApiWrite;
import dev.stateful.testsupport.kubelet.SimulatedKubelet;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Predicate;

/**
 * An API server with what a cluster adds around it (a simulated kubelet, garbage collection, a
 * client for the test) on which tests start controllers: fabric8's mock ({@link MockCluster}) or
 * the real control plane ({@link RealCluster}).
 */
public interface TestCluster extends AutoCloseable {

    /** The test's own client. */
    KubernetesClient client();

    SimulatedKubelet kubelet();

    /** A namespace not used before, ready for pods. */
    String newNamespace();

    /** The user a test's controller connects as, unless it needs several. */
    String controllerUser();

    /** The kubeconfig a controller connecting as {@code user} uses, for a controller in another process. */
    Path kubeconfig(String user);

    /** Where a controller may hold its leader-election Lease. */
    String leaseNamespace();

    /**
     * Starts a controller in this JVM as {@code stateful controller} would, connecting as
     * {@code user}, its endpoints on a free port, without leader election unless {@code flags} ask;
     * returns once it watches.
     */
    RunningController startController(String user, String... flags);

    /** Waits until a controller process connecting as {@code user} watches what it must (it has opened {@code before} watches already). */
    void awaitInformersWatching(String user, long before);

    /** Every write the API server answered, in the order it took effect. */
    List<ApiWrite> writes();

    default List<ApiWrite> writes(Predicate<ApiWrite> filter) {
        return writes().stream().filter(filter).toList();
    }

    /** Stops the controllers started here. */
    void stopControllers();

    /**
     * The flags of a test's apps/v1 controller: the clusters the tests start run no built-in
     * StatefulSet controller (the mock has none, the control plane runs with it off), so the check
     * for one is left out; {@code CustomKindIT} shows it refusing where one runs.
     */
    List<String> APPS_KIND = List.of("--kinds=apps", "--builtin-controller-check=false");

    /**
     * Plain HTTP on the metrics port, asked for explicitly: the harnesses scrape {@code http://} without a
     * token; {@code MetricsAuthIT} covers the secure default.
     */
    String INSECURE_METRICS = "--metrics-secure=false";

    /** The endpoints on loopback only: the controller's default is every interface, as kube-controller-manager's. */
    String LOOPBACK = "--bind-address=127.0.0.1";

    /**
     * {@code stateful controller}'s settings for a test's controller: {@code kubeconfig}, the
     * endpoints on a free loopback port ({@link #LOOPBACK} unless {@code flags} name {@code --bind-address})
     * over plain HTTP ({@link #INSECURE_METRICS}) unless they name {@code --metrics-secure}, no leader election unless they ask for it, and apps/v1 StatefulSets
     * ({@link #APPS_KIND}) unless they name {@code --kinds}.
     */
    static dev.stateful.app.controller.ControllerSettings controllerSettings(Path kubeconfig, String... flags) {
        List<String> args = new java.util.ArrayList<>(List.of("--kubeconfig", kubeconfig.toString(), "--metrics-port", "0"));
        if (java.util.stream.Stream.of(flags).noneMatch(f -> f.startsWith("--leader-elect=") || f.equals("--leader-elect"))) {
            args.add("--leader-elect=false");
        }
        if (java.util.stream.Stream.of(flags).noneMatch(f -> f.startsWith("--metrics-secure"))) {
            args.add(INSECURE_METRICS);
        }
        if (java.util.stream.Stream.of(flags).noneMatch(f -> f.startsWith("--bind-address"))) {
            args.add(LOOPBACK);
        }
        if (java.util.stream.Stream.of(flags).noneMatch(f -> f.startsWith("--kinds"))) {
            // the apps/v1 controller on clusters whose built-in StatefulSet controller is off by construction
            args.addAll(APPS_KIND);
        }
        args.addAll(List.of(flags));
        return dev.stateful.app.cli.ControllerCommand.settings(args.toArray(String[]::new));
    }
}
