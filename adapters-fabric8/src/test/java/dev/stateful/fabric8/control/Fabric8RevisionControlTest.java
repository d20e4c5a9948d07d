package dev.stateful.fabric8.control;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.stateful.codec.ModelCodec;
import dev.stateful.domain.model.ControllerRevision;
import dev.stateful.domain.model.ObjectMeta;
import dev.stateful.domain.model.OwnerReference;
import dev.stateful.ports.ApiException;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

@EnableKubernetesMockClient(crud = true, https = false)
class Fabric8RevisionControlTest {

    /** Go-marshalled template data: sorted keys, HTML-escaped, Go float formatting. */
    static final String DATA = "{\"spec\":{\"template\":{\"$patch\":\"replace\",\"metadata\":{\"labels\":{\"app\":\"nginx\"}},"
            + "\"spec\":{\"containers\":[{\"command\":[\"sh\",\"-c\",\"a \\u0026\\u0026 b \\u003e c\"],\"image\":\"nginx:1.25\","
            + "\"name\":\"nginx\",\"resources\":{}}],\"dnsPolicy\":\"ClusterFirst\",\"securityContext\":{},"
            + "\"terminationGracePeriodSeconds\":30}}}}";
    static final OwnerReference WEB = OwnerReference.controllerRef("apps/v1", "StatefulSet", ObjectMeta.named("default", "web").withUid("web-uid"));

    KubernetesClient client;
    KubernetesMockServer server;
    Fabric8RevisionControl revisions;

    @BeforeEach
    void setUp() {
        revisions = new Fabric8RevisionControl(client);
    }

    static ControllerRevision revision(String name, long number) {
        return ModelCodec.controllerRevision(ObjectMeta.named("default", name).withLabels(Map.of("controller.kubernetes.io/hash", "7b6c9f8d5")),
                DATA, number);
    }

    @Test
    void a_created_revision_reads_back_with_identical_data_bytes() {
        revisions.create(revision("web-7b6c9f8d5", 1));

        ControllerRevision read = revisions.get("default", "web-7b6c9f8d5").orElseThrow();

        assertThat(read.data()).isEqualTo(DATA);
        assertThat(read.revision()).isEqualTo(1);
        assertThat(read.metadata().labels()).containsEntry("controller.kubernetes.io/hash", "7b6c9f8d5");
    }

    /** The revision's name hashes these bytes, so they go out as they are, not re-formatted by a JSON writer. */
    @Test
    void a_revision_is_created_with_its_data_as_the_exact_bytes_it_holds() {
        var sent = new AtomicReference<String>();
        server.expect().post().withPath("/apis/apps/v1/namespaces/default/controllerrevisions").andReply(201, request -> {
            sent.set(request.getBody().readUtf8());
            return sent.get();
        }).once();

        ControllerRevision created = revisions.create(revision("web-7b6c9f8d5", 1));

        assertThat(sent.get()).contains("\"data\":" + DATA).contains("\"revision\":1");
        assertThat(created.data()).isEqualTo(DATA);
    }

    @Test
    void creating_a_revision_whose_name_is_taken_is_AlreadyExists() {
        revisions.create(revision("web-7b6c9f8d5", 1));

        assertThatThrownBy(() -> revisions.create(revision("web-7b6c9f8d5", 2))).isInstanceOf(ApiException.AlreadyExists.class);
    }

    @Test
    void get_of_a_missing_revision_is_empty() {
        assertThat(revisions.get("default", "web-nope")).isEmpty();
    }

    @Test
    void update_renumbers_and_leaves_the_data_alone() {
        ControllerRevision created = revisions.create(revision("web-7b6c9f8d5", 1));

        ControllerRevision updated = revisions.update(created.withRevision(5));

        assertThat(updated.revision()).isEqualTo(5);
        assertThat(revisions.get("default", "web-7b6c9f8d5").orElseThrow().data()).isEqualTo(DATA);
    }

    @Test
    void updating_from_a_stale_read_is_Conflict() {
        ControllerRevision created = revisions.create(revision("web-7b6c9f8d5", 1));
        revisions.update(created.withRevision(2));

        assertThatThrownBy(() -> revisions.update(created.withRevision(3))).isInstanceOf(ApiException.Conflict.class);
    }

    @Test
    void delete_removes_the_revision() {
        revisions.create(revision("web-7b6c9f8d5", 1));

        revisions.delete("default", "web-7b6c9f8d5");

        assertThat(revisions.get("default", "web-7b6c9f8d5")).isEmpty();
    }

    @Test
    void deleting_a_missing_revision_is_NotFound() {
        assertThatThrownBy(() -> revisions.delete("default", "web-nope")).isInstanceOf(ApiException.NotFound.class);
    }

    @Test
    void adopt_makes_the_set_the_controller_of_an_orphaned_revision() {
        ControllerRevision orphan = revisions.create(revision("web-7b6c9f8d5", 1));

        ControllerRevision adopted = revisions.adopt(orphan, WEB);

        assertThat(adopted.metadata().ownerReferences()).containsExactly(WEB);
        assertThat(revisions.get("default", "web-7b6c9f8d5").orElseThrow().metadata().ownerReferences()).containsExactly(WEB);
        assertThat(adopted.data()).isEqualTo(DATA);
    }

    @Test
    void a_revision_with_a_controller_is_not_adopted_and_nothing_is_sent() {
        OwnerReference other = OwnerReference.controllerRef("apps/v1", "StatefulSet", ObjectMeta.named("default", "db").withUid("db-uid"));
        ControllerRevision owned = revisions.create(revision("web-7b6c9f8d5", 1).withMetadata(
                revision("web-7b6c9f8d5", 1).metadata().withOwnerReferences(List.of(other))));
        int before = server.getRequestCount();

        assertThatThrownBy(() -> revisions.adopt(owned, WEB))
                .isInstanceOf(ApiException.Conflict.class)
                .hasMessageContaining("attempt to adopt revision owned by");
        assertThat(server.getRequestCount()).isEqualTo(before);
    }
}
