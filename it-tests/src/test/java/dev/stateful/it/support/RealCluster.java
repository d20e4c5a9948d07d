package dev.stateful.it.support;

import dev.stateful.app.cli.ControllerCommand;
import dev.stateful.app.controller.RunningController;
import dev.stateful.app.wiring.Injectors;
import dev.stateful.testsupport.Eventually;
import dev.stateful.testsupport.api.ApiWrite;
import dev.stateful.testsupport.controlplane.ControlPlane;
import dev.stateful.testsupport.kubelet.SimulatedKubelet;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.NamespaceBuilder;
import io.fabric8.kubernetes.api.model.ServiceAccountBuilder;
import io.fabric8.kubernetes.api.model.rbac.ClusterRoleBindingBuilder;
import io.fabric8.kubernetes.api.model.rbac.RoleBindingBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;

/**
 * The real control plane as a {@link TestCluster}: the controller's identities are service
 * accounts in {@value #NAMESPACE} with exactly the roles {@code deploy/} grants (RBAC is on, so
 * a missing permission fails), pods run on the simulated kubelet's Node, and the real garbage
 * collector and namespace controller run in kube-controller-manager.
 */
public final class RealCluster implements TestCluster {

    /** deploy/'s namespace, service account and bindings. */
    public static final String NAMESPACE = "stateful-system";
    public static final String CONTROLLER = "stateful-controller";
    public static final String KUBELET = "kubelet";
    public static final String TESTER = "tester";
    public static final Path DEPLOY = Path.of("..", "deploy");
    static final List<String> RBAC_MANIFESTS = List.of("base/namespace.yaml", "base/serviceaccount.yaml", "clusterrole.yaml",
            "clusterrolebinding.yaml", "base/leader-election-role.yaml", "builtin-check-role.yaml", "base/metrics-reader-clusterrole.yaml");
    private static final Duration READY = Duration.ofSeconds(60);

    private final ControlPlane plane;
    private final KubernetesClient client;
    private final KubernetesClient kubeletClient;
    private final SimulatedKubelet kubelet;
    private final List<RunningController> controllers = new ArrayList<>();
    private final Set<String> identities = new HashSet<>();
    private final AtomicInteger namespaces = new AtomicInteger();

    /** The cluster on {@code plane}, which must have the users {@value #KUBELET} and {@value #TESTER}; deploy/'s RBAC is applied. */
    public RealCluster(ControlPlane plane) {
        this.plane = plane;
        client = plane.client(TESTER);
        kubeletClient = plane.client(KUBELET);
        for (String manifest : RBAC_MANIFESTS) {
            apply(DEPLOY.resolve(manifest));
        }
        identities.add(CONTROLLER);
        kubelet = SimulatedKubelet.start(kubeletClient, SimulatedKubelet.Options.defaults().onNode("simulated-node"));
    }

    /** The control plane options this cluster needs. */
    public static ControlPlane.Options options() {
        return ControlPlane.Options.defaults().withUsers(KUBELET, TESTER);
    }

    /** The same, with kube-controller-manager's own StatefulSet controller on (as a cluster ships). */
    public static ControlPlane.Options withUpstreamController() {
        return options().withUpstreamStatefulSetController();
    }

    public ControlPlane plane() {
        return plane;
    }

    @Override
    public KubernetesClient client() {
        return client;
    }

    @Override
    public SimulatedKubelet kubelet() {
        return kubelet;
    }

    /** Pods can be created once the namespace's default service account exists (ServiceAccount admission). */
    @Override
    public String newNamespace() {
        return createNamespace("scenario-" + namespaces.incrementAndGet());
    }

    /** Creates namespace {@code name} and waits until pods can be created in it. */
    public String createNamespace(String name) {
        client.namespaces().resource(new NamespaceBuilder().withNewMetadata().withName(name).endMetadata().build()).create();
        Eventually.await("the default service account of " + name, READY,
                () -> client.serviceAccounts().inNamespace(name).withName("default").get() != null);
        return name;
    }

    /**
     * A token of service account {@code user} in {@value #NAMESPACE}: {@value #CONTROLLER} is
     * deploy/'s own account; any other gets the same two roles bound to it.
     */
    @Override
    public Path kubeconfig(String user) {
        synchronized (identities) {
            if (identities.add(user)) {
                bindLikeDeploy(user, "stateful-controller", "stateful-controller-leader-election");
            }
        }
        return plane.serviceAccountKubeconfig(NAMESPACE, user);
    }

    /** Service account {@code user} with ClusterRole {@code clusterRole} cluster-wide and Role {@code role} in {@value #NAMESPACE}. */
    public void bindLikeDeploy(String user, String clusterRole, String role) {
        synchronized (identities) {
            identities.add(user);
        }
        client.serviceAccounts().inNamespace(NAMESPACE).resource(new ServiceAccountBuilder().withNewMetadata().withName(user)
                .endMetadata().build()).createOr(existing -> existing.update());
        client.rbac().clusterRoleBindings().resource(new ClusterRoleBindingBuilder().withNewMetadata().withName(user).endMetadata()
                .withNewRoleRef().withApiGroup("rbac.authorization.k8s.io").withKind("ClusterRole").withName(clusterRole).endRoleRef()
                .addNewSubject().withKind("ServiceAccount").withName(user).withNamespace(NAMESPACE).endSubject().build())
                .createOr(existing -> existing.update());
        client.rbac().roleBindings().inNamespace(NAMESPACE).resource(new RoleBindingBuilder().withNewMetadata().withName(user).endMetadata()
                .withNewRoleRef().withApiGroup("rbac.authorization.k8s.io").withKind("Role").withName(role).endRoleRef()
                .addNewSubject().withKind("ServiceAccount").withName(user).withNamespace(NAMESPACE).endSubject().build())
                .createOr(existing -> existing.update());
    }

    @Override
    public String controllerUser() {
        return CONTROLLER;
    }

    @Override
    public String leaseNamespace() {
        return NAMESPACE;
    }

    @Override
    public RunningController startController(String user, String... flags) {
        RunningController controller = Injectors.startController(TestCluster.controllerSettings(kubeconfig(user), flags));
        controllers.add(controller);
        return controller;
    }

    /** Nothing to wait for: a real server's watch resumes from the list's resourceVersion, so nothing written meanwhile is missed. */
    @Override
    public void awaitInformersWatching(String user, long before) {
    }

    @Override
    public List<ApiWrite> writes() {
        return plane.audit().writes();
    }

    /** Waits until nothing has been written to {@code namespace} for {@code quiet}: every informer has seen its objects. */
    public void awaitQuiet(String namespace, Duration quiet) {
        Eventually.await("no write to " + namespace + " for " + quiet.toMillis() + " ms", READY, () -> {
            List<ApiWrite> written = writes(w -> w.namespace().equals(namespace));
            long last = written.isEmpty() ? 0 : written.get(written.size() - 1).nanos();
            return System.currentTimeMillis() * 1_000_000L - last >= quiet.toNanos();
        });
    }

    @Override
    public void stopControllers() {
        controllers.forEach(RunningController::close);
        controllers.clear();
    }

    private void apply(Path manifest) {
        try (InputStream in = Files.newInputStream(manifest)) {
            for (HasMetadata object : client.load(in).items()) {
                client.resource(object).createOr(existing -> existing.update());
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void close() throws Exception {
        stopControllers();
        kubelet.close();
        kubeletClient.close();
        client.close();
    }
}
