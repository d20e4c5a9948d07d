package dev.stateful.fabric8.control;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.stateful.codec.JsonParser;
import dev.stateful.domain.identity.PodIdentity;
import dev.stateful.domain.json.Json;
import dev.stateful.domain.model.ObjectMeta;
import dev.stateful.domain.model.OwnerReference;
import dev.stateful.domain.model.Pod;
import dev.stateful.domain.model.PodStatus;
import dev.stateful.domain.storage.PodClaims;
import dev.stateful.fabric8.convert.Fabric8Codec;
import dev.stateful.fabric8.convert.LivePods;
import dev.stateful.fabric8.convert.SlimPod;
import dev.stateful.ports.ApiException;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

@EnableKubernetesMockClient(crud = true, https = false)
class Fabric8PodControlTest {

    static final OwnerReference WEB = OwnerReference.controllerRef("apps/v1", "StatefulSet", ObjectMeta.named("default", "web").withUid("web-uid"));

    KubernetesClient client;
    KubernetesMockServer server;
    Fabric8PodControl pods;

    @BeforeEach
    void setUp() {
        pods = new Fabric8PodControl(client);
    }

    static Pod pod(String name) {
        return new Pod(ObjectMeta.named("default", name).withLabels(Map.of("app", "nginx")),
                Json.object("containers", Json.array(Json.object("name", "nginx", "image", "nginx:1.25"))), PodStatus.NONE);
    }

    @Test
    void create_returns_the_pod_as_stored_by_the_server() {
        Pod created = pods.create(pod("web-0"));

        assertThat(created.metadata().uid()).isNotEmpty();
        assertThat(created.metadata().resourceVersion()).isNotEmpty();
        assertThat(created.spec()).isEqualTo(pod("web-0").spec());
        assertThat(client.pods().inNamespace("default").withName("web-0").get()).isNotNull();
    }

    @Test
    void creating_a_pod_that_exists_is_AlreadyExists() {
        pods.create(pod("web-0"));

        assertThatThrownBy(() -> pods.create(pod("web-0"))).isInstanceOf(ApiException.AlreadyExists.class);
    }

    @Test
    void update_writes_against_the_resourceVersion_it_was_read_at() {
        Pod created = pods.create(pod("web-0"));

        Pod updated = pods.update(created.withMetadata(created.metadata().withLabel("extra", "yes")));

        assertThat(updated.metadata().labels()).containsEntry("extra", "yes");
        assertThat(updated.metadata().resourceVersion()).isNotEqualTo(created.metadata().resourceVersion());
    }

    @Test
    void updating_from_a_stale_read_is_Conflict() {
        Pod created = pods.create(pod("web-0"));
        pods.update(created.withMetadata(created.metadata().withLabel("first", "writer")));

        assertThatThrownBy(() -> pods.update(created.withMetadata(created.metadata().withLabel("second", "writer"))))
                .isInstanceOf(ApiException.Conflict.class);
    }

    @Test
    void updating_without_a_resourceVersion_is_refused_before_sending() {
        int before = server.getRequestCount();

        assertThatThrownBy(() -> pods.update(pod("web-0"))).isInstanceOf(ApiException.Invalid.class);
        assertThat(server.getRequestCount()).isEqualTo(before);
    }

    @Test
    void delete_removes_the_pod_in_the_background_guarded_by_its_uid() throws Exception {
        Pod created = pods.create(pod("web-0"));

        pods.delete("default", "web-0", created.metadata().uid());

        var request = server.getLastRequest();
        assertThat(client.pods().inNamespace("default").withName("web-0").get()).isNull();
        assertThat(request.getMethod()).isEqualTo("DELETE");
        assertThat(request.getPath()).isEqualTo("/api/v1/namespaces/default/pods/web-0");
        assertThat(JsonParser.parseObject(request.getUtf8Body())).isEqualTo(Json.object("apiVersion", "v1", "kind", "DeleteOptions",
                "propagationPolicy", "Background", "preconditions", Json.object("uid", created.metadata().uid())));
    }

    @Test
    void deleting_a_missing_pod_is_NotFound() {
        assertThatThrownBy(() -> pods.delete("default", "web-9", "some-uid")).isInstanceOf(ApiException.NotFound.class);
    }

    @Test
    void adopt_adds_a_controller_reference_by_json_patch() throws Exception {
        Pod orphan = pods.create(pod("web-0"));

        Pod adopted = pods.adopt(orphan, WEB);

        assertThat(adopted.metadata().ownerReferences()).containsExactly(WEB);
        assertThat(server.getLastRequest().getHeader("Content-Type")).startsWith("application/json-patch+json");
        assertThat(ownersOnServer(client, "web-0")).containsExactly(WEB);
    }

    @Test
    void adopt_keeps_owner_references_that_are_already_there() {
        OwnerReference other = new OwnerReference("v1", "ConfigMap", "cm", "cm-uid", null, null);
        Pod created = pods.create(pod("web-0").withMetadata(pod("web-0").metadata().withOwnerReferences(List.of(other))));

        Pod adopted = pods.adopt(created, WEB);

        assertThat(adopted.metadata().ownerReferences()).containsExactly(other, WEB);
    }

    @Test
    void adopting_from_a_stale_read_of_a_pod_without_owners_is_Conflict_not_an_overwrite() {
        Pod created = pods.create(pod("web-0"));
        pods.update(created.withMetadata(created.metadata().withLabel("changed", "meanwhile")));

        assertThatThrownBy(() -> pods.adopt(created, WEB)).isInstanceOf(ApiException.Conflict.class);
        assertThat(ownersOnServer(client, "web-0")).isEmpty();
    }

    @Test
    void release_removes_only_the_owner_reference_with_that_uid() {
        OwnerReference other = new OwnerReference("v1", "ConfigMap", "cm", "cm-uid", null, null);
        Pod owned = pods.create(pod("web-0").withMetadata(pod("web-0").metadata().withOwnerReferences(List.of(WEB, other))));

        Pod released = pods.release(owned, "web-uid");

        assertThat(released.metadata().ownerReferences()).containsExactly(other);
        assertThat(ownersOnServer(client, "web-0")).containsExactly(other);
    }

    @Test
    void releasing_the_last_owner_leaves_no_owner_references() {
        Pod owned = pods.create(pod("web-0").withMetadata(pod("web-0").metadata().withOwnerReferences(List.of(WEB))));

        assertThat(pods.release(owned, "web-uid").metadata().ownerReferences()).isEmpty();
    }

    @Test
    void releasing_an_owner_the_pod_does_not_have_sends_nothing() {
        Pod created = pods.create(pod("web-0"));
        int before = server.getRequestCount();

        assertThat(pods.release(created, "web-uid")).isEqualTo(created);
        assertThat(server.getRequestCount()).isEqualTo(before);
    }

    @Test
    void patching_a_pod_that_is_gone_is_NotFound() {
        Pod created = pods.create(pod("web-0"));
        client.pods().inNamespace("default").withName("web-0").delete();

        assertThatThrownBy(() -> pods.adopt(created, WEB)).isInstanceOf(ApiException.NotFound.class);
    }

    // ---------------------------------------------------------------- repairs of cached (slim) pods

    static final dev.stateful.domain.model.StatefulSet WEB_SET = dev.stateful.domain.testing.Fixtures.statefulSet("web", 3);

    /** What the pod cache holds for the pod as it is now on the server. */
    Pod cached(String name) {
        return SlimPod.of(Fabric8Codec.toDomain(client.pods().inNamespace("default").withName(name).get()));
    }

    Json.Obj onServer(String name) {
        return Fabric8Codec.tree(client.pods().inNamespace("default").withName(name).get());
    }

    /** The pod less what the server sets on every write (resourceVersion, and generation on a spec change). */
    static Json.Obj withoutServerFields(Json.Obj pod) {
        return pod.update("metadata", m -> m.without("resourceVersion").without("generation"));
    }

    @Test
    void repairing_the_storage_and_identity_of_a_cached_pod_changes_only_those_fields_on_the_server() {
        client.pods().inNamespace("default").resource(LivePods.running(0, "wrong-claim")).create();
        Json.Obj before = onServer("web-0");
        Pod slim = cached("web-0");
        Pod repaired = PodClaims.updateStorage(WEB_SET, slim);
        repaired = repaired.withMetadata(repaired.metadata().withLabel(PodIdentity.POD_INDEX_LABEL, "0").withLabel("extra", "yes"));

        Pod updated = pods.update(repaired);

        Json.Obj after = onServer("web-0");
        Json.Obj expected = before
                .update("metadata", m -> m.update("labels", l -> l.with("extra", "yes")))
                .update("spec", spec -> spec.with("volumes", Json.array(
                        Json.object("name", "www", "persistentVolumeClaim", Json.object("claimName", "www-web-0")),
                        spec.array("volumes").get(1))));
        assertThat(withoutServerFields(after)).isEqualTo(withoutServerFields(expected));
        assertThat(after.objectOrEmpty("spec").array("containers")).isNotEmpty();
        assertThat(after.objectOrEmpty("status").array("containerStatuses")).isNotEmpty();
        assertThat(after.objectOrEmpty("metadata").objectOrEmpty("annotations").fields()).hasSize(2);
        assertThat(updated.metadata().resourceVersion()).isNotEqualTo(slim.metadata().resourceVersion());
        assertThat(PodClaims.storageMatches(WEB_SET, cached("web-0"))).isTrue();
    }

    @Test
    void repairing_a_cached_pod_that_changed_since_it_was_cached_is_Conflict_and_writes_nothing() {
        client.pods().inNamespace("default").resource(LivePods.running(0, "wrong-claim")).create();
        Pod slim = cached("web-0");
        client.pods().inNamespace("default").withName("web-0").edit(p -> {
            p.getMetadata().getLabels().put("changed", "meanwhile");
            return p;
        });
        Json.Obj meanwhile = onServer("web-0");

        assertThatThrownBy(() -> pods.update(PodClaims.updateStorage(WEB_SET, slim))).isInstanceOf(ApiException.Conflict.class);
        assertThat(onServer("web-0")).isEqualTo(meanwhile);
    }

    @Test
    void repairing_a_cached_pod_that_is_gone_is_NotFound() {
        client.pods().inNamespace("default").resource(LivePods.running(0, "wrong-claim")).create();
        Pod slim = cached("web-0");
        client.pods().inNamespace("default").withName("web-0").delete();

        assertThatThrownBy(() -> pods.update(PodClaims.updateStorage(WEB_SET, slim))).isInstanceOf(ApiException.NotFound.class);
    }

    private static List<OwnerReference> ownersOnServer(KubernetesClient client, String name) {
        return dev.stateful.fabric8.convert.Fabric8Codec.toDomain(client.pods().inNamespace("default").withName(name).get())
                .metadata().ownerReferences();
    }
}
