package dev.stateful.testing.fabric8;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/** JUnit's {@code @Nested} classes get the cluster of the enclosing class's annotations and client field. */
@EnableKubernetesMockClient(crud = true)
@EnableStatefulSets(unstartableImages = "never-starts")
class NestedClassesTest {

    KubernetesClient client;

    @Nested
    class WhenScaled {

        StatefulSetCluster cluster;

        @Test
        void aNestedTestGetsTheClusterOnTheEnclosingClient() {
            client.apps().statefulSets().inNamespace("shop").resource(OperatorStyleTest.web(1, "nginx:1.27", "Retain")).create();
            cluster.settle();
            assertThat(client.pods().inNamespace("shop").list().getItems()).hasSize(1);
        }

        @Nested
        class Deeper {

            @Test
            void theEnclosingAnnotationsOptionsHoldTwoLevelsDown(StatefulSetCluster cluster) {
                client.apps().statefulSets().inNamespace("shop").resource(OperatorStyleTest.web(2, "never-starts:1", "Retain")).create();
                cluster.settle();
                assertThat(client.pods().inNamespace("shop").list().getItems()).singleElement()
                        .satisfies(p -> assertThat(p.getStatus().getPhase()).isEqualTo("Pending"));
            }
        }
    }
}
