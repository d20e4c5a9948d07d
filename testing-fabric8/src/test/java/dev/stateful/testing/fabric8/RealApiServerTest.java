package dev.stateful.testing.fabric8;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.stateful.fabric8.preflight.BuiltInControllerCheck.BuiltInControllerOnException;
import dev.stateful.testsupport.controlplane.ControlPlane;
import dev.stateful.testsupport.controlplane.ControlPlaneExtension;
import io.fabric8.kubernetes.api.model.NamespaceBuilder;
import io.fabric8.kubernetes.api.model.apps.StatefulSetBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The README's recipe for a real API server: {@code start} with {@code withoutGarbageCollector()}, the server's own collector. */
class RealApiServerTest {

    static final StatefulSetCluster.Options REAL = StatefulSetCluster.Options.defaults().withoutGarbageCollector();

    @Nested
    class WithoutTheBuiltInController {

        @RegisterExtension
        static final ControlPlaneExtension controlPlane = new ControlPlaneExtension(ControlPlane.Options.defaults());

        @Test
        void theSetComesUp(ControlPlane plane) {
            KubernetesClient client = plane.admin();
            client.namespaces().resource(new NamespaceBuilder().withNewMetadata().withName("db").endMetadata().build()).create();
            try (StatefulSetCluster cluster = StatefulSetCluster.start(client, REAL)) {
                client.apps().statefulSets().inNamespace("db").resource(new StatefulSetBuilder()
                        .withNewMetadata().withName("pg").endMetadata()
                        .withNewSpec().withReplicas(2).withServiceName("pg")
                        .withNewSelector().addToMatchLabels("app", "pg").endSelector()
                        .withNewTemplate().withNewMetadata().addToLabels("app", "pg").endMetadata()
                        .withNewSpec().addNewContainer().withName("pg").withImage("postgres:17").endContainer().endSpec()
                        .endTemplate().endSpec().build()).create();

                cluster.settle();

                assertThat(client.pods().inNamespace("db").list().getItems()).hasSize(2);
                assertThat(client.apps().statefulSets().inNamespace("db").withName("pg").get().getStatus().getReadyReplicas()).isEqualTo(2);
            }
        }
    }

    /** A cluster as shipped runs kube-controller-manager's own StatefulSet controller: two controllers would fight over the pods. */
    @Nested
    class WithTheBuiltInController {

        @RegisterExtension
        static final ControlPlaneExtension controlPlane = new ControlPlaneExtension(ControlPlane.Options.defaults()
                .withUpstreamStatefulSetController());

        @Test
        void startRefusesNamingTheBuiltInController(ControlPlane plane) {
            assertThatThrownBy(() -> StatefulSetCluster.start(plane.admin(), REAL).close())
                    .isInstanceOf(BuiltInControllerOnException.class)
                    .hasMessageContaining("kube-controller-manager's StatefulSet controller is on");
        }
    }
}
