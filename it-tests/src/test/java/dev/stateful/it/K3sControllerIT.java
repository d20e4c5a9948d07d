package dev.stateful.it;

import dev.stateful.app.controller.RunningController;
import dev.stateful.app.wiring.Injectors;
import dev.stateful.it.support.TestCluster;
import dev.stateful.testsupport.Eventually;
import io.fabric8.kubernetes.api.model.NamespaceBuilder;
import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.testcontainers.junit.jupiter.Testcontainers;
import org.testcontainers.k3s.K3sContainer;
import org.testcontainers.utility.DockerImageName;

/**
 * The core scenarios on a real Kubernetes: k3s in a container with its own StatefulSet
 * controller switched off, a real kubelet running pause pods, real garbage collection, and the
 * controller in this JVM connected through the container's kubeconfig. Skipped where there is no
 * Docker engine.
 */
@Testcontainers(disabledWithoutDocker = true)
class K3sControllerIT extends CoreScenarios {

    static final DockerImageName K3S = DockerImageName.parse("rancher/k3s:v1.34.1-k3s1");
    /** kube-controller-manager's controllers, all but the StatefulSet controller: this one replaces it. */
    static final String WITHOUT_STATEFULSET_CONTROLLER = "--kube-controller-manager-arg=controllers=*,-statefulset";

    static K3sContainer k3s;
    static KubernetesClient client;
    static RunningController controller;
    static final AtomicInteger namespaces = new AtomicInteger();

    @BeforeAll
    static void startK3sAndTheController() throws IOException {
        // created here, not in a field: the container reads the Docker host as it is built
        k3s = new K3sContainer(K3S);
        k3s.withCommand(Stream.concat(Stream.of(k3s.getCommandParts()), Stream.of(WITHOUT_STATEFULSET_CONTROLLER)).toArray(String[]::new));
        k3s.start();
        Path kubeconfig = Files.writeString(Files.createTempDirectory("k3s").resolve("kubeconfig"), k3s.getKubeConfigYaml());
        client = new KubernetesClientBuilder().withConfig(Config.fromKubeconfig(kubeconfig.toFile())).build();
        // --kinds=apps without the harness's --builtin-controller-check=false: the check runs, and finds k3s's controller off
        controller = Injectors.startController(TestCluster.controllerSettings(kubeconfig, "--kinds=apps"));
    }

    @AfterAll
    static void stop() {
        if (controller != null) {
            controller.close();
        }
        if (client != null) {
            client.close();
        }
        if (k3s != null) {
            k3s.stop();
        }
    }

    @Override
    protected Environment environment() {
        return new Environment() {
            @Override
            public KubernetesClient client() {
                return client;
            }

            @Override
            public Duration timeout() {
                return Duration.ofMinutes(3); // image pulls
            }

            /** Pods can be created once the namespace's default service account exists. */
            @Override
            public String newNamespace() {
                String name = "scenario-" + namespaces.incrementAndGet();
                client.namespaces().resource(new NamespaceBuilder().withNewMetadata().withName(name).endMetadata().build()).create();
                Eventually.await("the default service account of " + name, timeout(),
                        () -> client.serviceAccounts().inNamespace(name).withName("default").get() != null);
                return name;
            }

            @Override
            public void collectGarbage(String namespace) {
                // k3s runs the real garbage collector; the scenario waits for its work
            }
        };
    }
}
