package dev.stateful.testing.fabric8;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import org.junit.jupiter.api.Test;

/** Without the annotation: one call starts the cluster on any client, closing it leaves the client open. */
@EnableKubernetesMockClient(crud = true)
class OneCallTest {

    KubernetesClient client;

    @Test
    void startSettleAndCloseOnAClientTheTestOwns() {
        try (StatefulSetCluster cluster = StatefulSetCluster.start(client)) {
            client.apps().statefulSets().inNamespace("shop").resource(OperatorStyleTest.web(2, "nginx:1.27", "Retain")).create();
            cluster.settle();
            assertThat(client.pods().inNamespace("shop").list().getItems()).hasSize(2);
        }
        // the client is still the test's to use
        assertThat(client.apps().statefulSets().inNamespace("shop").withName("web").get().getStatus().getReadyReplicas()).isEqualTo(2);
    }
}
