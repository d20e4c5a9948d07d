package dev.stateful.fabric8.control;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.stateful.domain.model.StatefulSet;
import dev.stateful.domain.model.StatefulSetStatus;
import dev.stateful.domain.testing.Fixtures;
import dev.stateful.fabric8.convert.Fabric8Codec;
import dev.stateful.ports.ApiException;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

@EnableKubernetesMockClient(crud = true, https = false)
class Fabric8StatusWriterTest {

    KubernetesClient client;
    KubernetesMockServer server;
    Fabric8StatusWriter status;

    @BeforeEach
    void setUp() {
        status = new Fabric8StatusWriter(client);
    }

    StatefulSet stored(String name) {
        StatefulSet set = Fixtures.statefulSet(name, 3);
        set = set.withMetadata(set.metadata().withUid(null).withCreationTimestamp(null));
        return Fabric8Codec.toDomain(client.apps().statefulSets().inNamespace("default").resource(Fabric8Codec.toFabric8(set)).create());
    }

    @Test
    void status_is_written_through_the_status_subresource() throws Exception {
        StatefulSet set = stored("web");
        StatefulSetStatus observed = new StatefulSetStatus(1, 3, 2, 3, 3, 2, "web-a", "web-a", 0, List.of());

        StatefulSet written = status.updateStatus(set.withStatus(observed));

        var request = server.getLastRequest();
        assertThat(request.getMethod()).isEqualTo("PUT");
        assertThat(request.getPath()).isEqualTo("/apis/apps/v1/namespaces/default/statefulsets/web/status");
        assertThat(written.status()).isEqualTo(observed);
        assertThat(status.get("default", "web").orElseThrow().status()).isEqualTo(observed);
    }

    @Test
    void a_status_write_without_a_resourceVersion_is_refused_before_sending() {
        int before = server.getRequestCount();

        assertThatThrownBy(() -> status.updateStatus(Fixtures.statefulSet("web", 3))).isInstanceOf(ApiException.Invalid.class);
        assertThat(server.getRequestCount()).isEqualTo(before);
    }

    @Test
    void get_reads_the_server_not_a_cache() throws Exception {
        stored("web");

        assertThat(status.get("default", "web")).map(StatefulSet::name).contains("web");
        assertThat(server.getLastRequest().getPath()).isEqualTo("/apis/apps/v1/namespaces/default/statefulsets/web");
        assertThat(status.get("default", "nope")).isEmpty();
    }
}
