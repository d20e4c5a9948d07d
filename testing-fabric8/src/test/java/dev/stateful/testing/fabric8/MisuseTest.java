package dev.stateful.testing.fabric8;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import org.junit.jupiter.api.Test;

/** A mock in expectations mode stores nothing: starting on it says what is missing. */
@EnableKubernetesMockClient
class MisuseTest {

    KubernetesClient client;

    @Test
    void startingOnAMockWithoutCrudModeNamesCrudMode() {
        assertThatThrownBy(() -> StatefulSetCluster.start(client)).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("@EnableKubernetesMockClient(crud = true)");
    }
}
