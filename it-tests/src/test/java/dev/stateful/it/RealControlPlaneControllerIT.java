package dev.stateful.it;

import dev.stateful.it.support.RealCluster;
import dev.stateful.testsupport.controlplane.ControlPlaneExtension;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.time.Duration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The core scenarios on the real control plane: kube-apiserver and etcd built from upstream's
 * modules, kube-controller-manager with every controller but the StatefulSet controller (the real
 * garbage collector), RBAC on with the controller running as deploy/'s service account, and the
 * simulated kubelet on a registered Node.
 */
class RealControlPlaneControllerIT extends CoreScenarios {

    @RegisterExtension
    static final ControlPlaneExtension controlPlane = new ControlPlaneExtension(RealCluster.options());
    static RealCluster cluster;

    @BeforeAll
    static void startController() {
        cluster = new RealCluster(controlPlane.get());
        cluster.startController(RealCluster.CONTROLLER);
    }

    @AfterAll
    static void stop() throws Exception {
        if (cluster != null) {
            cluster.close();
        }
    }

    @Override
    protected Environment environment() {
        return new Environment() {
            @Override
            public KubernetesClient client() {
                return cluster.client();
            }

            @Override
            public Duration timeout() {
                return Duration.ofSeconds(60);
            }

            @Override
            public String newNamespace() {
                return cluster.newNamespace();
            }

            @Override
            public void collectGarbage(String namespace) {
                // kube-controller-manager's garbage collector runs; the scenario waits for its work
            }
        };
    }
}
