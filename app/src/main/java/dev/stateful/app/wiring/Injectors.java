package dev.stateful.app.wiring;

import com.google.inject.Guice;
import com.google.inject.Injector;
import com.google.inject.ProvisionException;
import dev.stateful.app.controller.ControllerSettings;
import dev.stateful.app.controller.RunningController;
import dev.stateful.fabric8.informer.ClusterCache;
import dev.stateful.grpc.remote.PortSet;
import dev.stateful.inmemory.InMemoryCluster;
import dev.stateful.ports.reconcile.ReconcileListener;
import io.fabric8.kubernetes.client.KubernetesClient;

/**
 * Every injector of the executable is built here, and nowhere else ({@code ArchitectureTest}):
 * which modules make up each entry point is one place to read, and what an injector builds (the
 * running controller) never builds an injector itself.
 */
public final class Injectors {

    private Injectors() {
    }

    /**
     * The controller of a cluster, connected, serving its endpoints, with informers started and
     * campaigning for the lease (or working at once without leader election).
     *
     * @throws RuntimeException with a one-line message when the cluster cannot be reached or the port is taken
     */
    public static RunningController startController(ControllerSettings settings) {
        return startController(new Fabric8Module(settings));
    }

    /**
     * The controller on a client the caller owns and closes (e.g. one a test framework made for a
     * mock API server); the kubeconfig and context of {@code settings} are not used.
     */
    public static RunningController startController(ControllerSettings settings, KubernetesClient client) {
        return startController(new Fabric8Module(settings, client));
    }

    /**
     * As {@link #startController(ControllerSettings, KubernetesClient)}, with apps/v1 sets taken as
     * {@code setDefaults} says: {@link ClusterCache.SetDefaults#PLAYED} for an API server that stores
     * them without defaults (fabric8's mock).
     */
    public static RunningController startController(ControllerSettings settings, KubernetesClient client, ClusterCache.SetDefaults setDefaults) {
        return startController(new Fabric8Module(settings, client, setDefaults));
    }

    private static RunningController startController(Fabric8Module module) {
        RunningController controller;
        try {
            controller = Guice.createInjector(module).getInstance(RunningController.class);
        } catch (ProvisionException e) {
            // Guice wraps what a provider threw; the user wants the reason, not Guice's report
            throw e.getCause() instanceof RuntimeException cause ? cause : e;
        }
        controller.start(module.settings());
        return controller;
    }

    /** The engine on an in-memory cluster ({@code demo}): a {@code ControllerDriver} that reports to {@code listener}. */
    public static Injector inMemory(InMemoryCluster cluster, ReconcileListener listener) {
        return Guice.createInjector(new InMemoryModule(cluster), new EngineModule(listener));
    }

    /** {@code serve}: the engine on an in-memory cluster behind the gRPC service, which writes to the cluster as a user. */
    public static Injector serving(InMemoryCluster cluster) {
        return Guice.createInjector(new InMemoryModule(cluster), new EngineModule(ReconcileListener.NONE),
                new GrpcModule(), GrpcModule.inMemoryWrites(cluster));
    }

    /** {@code engine}: the engine over ports served by another process. */
    public static Injector remoteEngine(PortSet ports) {
        return Guice.createInjector(GrpcModule.remotePorts(ports), new EngineModule(ReconcileListener.NONE));
    }
}
