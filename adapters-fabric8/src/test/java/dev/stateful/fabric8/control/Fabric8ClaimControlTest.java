package dev.stateful.fabric8.control;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.stateful.codec.ModelCodec;
import dev.stateful.domain.json.Json;
import dev.stateful.domain.model.ObjectMeta;
import dev.stateful.domain.model.OwnerReference;
import dev.stateful.domain.model.PersistentVolumeClaim;
import dev.stateful.domain.testing.Fixtures;
import dev.stateful.fabric8.convert.Fabric8Codec;
import dev.stateful.fabric8.convert.SlimClaim;
import dev.stateful.ports.ApiException;
import io.fabric8.kubernetes.api.model.PersistentVolumeClaimStatusBuilder;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

@EnableKubernetesMockClient(crud = true, https = false)
class Fabric8ClaimControlTest {

    KubernetesClient client;
    Fabric8ClaimControl claims;

    @BeforeEach
    void setUp() {
        claims = new Fabric8ClaimControl(client);
    }

    static PersistentVolumeClaim claim(String name) {
        return Fixtures.claimTemplate("www").withMetadata(ObjectMeta.named("default", name));
    }

    @Test
    void create_stores_the_claim_spec() {
        PersistentVolumeClaim created = claims.create(claim("www-web-0"));

        assertThat(created.metadata().uid()).isNotEmpty();
        assertThat(created.spec()).isEqualTo(claim("www-web-0").spec());
        assertThat(client.persistentVolumeClaims().inNamespace("default").withName("www-web-0").get()).isNotNull();
    }

    @Test
    void creating_a_claim_that_exists_is_AlreadyExists() {
        claims.create(claim("www-web-0"));

        assertThatThrownBy(() -> claims.create(claim("www-web-0"))).isInstanceOf(ApiException.AlreadyExists.class);
    }

    @Test
    void update_replaces_the_owner_references() {
        PersistentVolumeClaim created = claims.create(claim("www-web-0"));
        OwnerReference owner = OwnerReference.controllerRef("apps/v1", "StatefulSet", ObjectMeta.named("default", "web").withUid("web-uid"));

        PersistentVolumeClaim updated = claims.update(created.withMetadata(created.metadata().withOwnerReferences(List.of(owner))));

        assertThat(updated.metadata().ownerReferences()).containsExactly(owner);
    }

    @Test
    void updating_from_a_stale_read_is_Conflict() {
        PersistentVolumeClaim created = claims.create(claim("www-web-0"));
        claims.update(created.withMetadata(created.metadata().withLabel("a", "1")));

        assertThatThrownBy(() -> claims.update(created.withMetadata(created.metadata().withLabel("b", "2"))))
                .isInstanceOf(ApiException.Conflict.class);
    }

    /** A claim as a binder and provisioner leave it: annotations, a bound volume, a status. */
    private io.fabric8.kubernetes.api.model.PersistentVolumeClaim boundOnServer(String name) {
        var claim = Fabric8Codec.toFabric8(claim(name));
        claim.getMetadata().setAnnotations(Map.of("pv.kubernetes.io/bind-completed", "yes", "volume.kubernetes.io/selected-node", "node-1"));
        claim.getSpec().setVolumeName("pvc-" + name);
        claim.setStatus(new PersistentVolumeClaimStatusBuilder().withPhase("Bound").withCapacity(Map.of("storage", new Quantity("1Gi"))).build());
        return client.persistentVolumeClaims().inNamespace("default").resource(claim).create();
    }

    private Json.Obj onServer(String name) {
        return Fabric8Codec.tree(client.persistentVolumeClaims().inNamespace("default").withName(name).get());
    }

    @Test
    void updating_the_owners_of_a_cached_slim_claim_changes_only_the_owners_on_the_server() {
        boundOnServer("www-web-0");
        Json.Obj before = onServer("www-web-0");
        PersistentVolumeClaim slim = SlimClaim.of(Fabric8Codec.toDomain(client.persistentVolumeClaims().inNamespace("default").withName("www-web-0").get()));
        OwnerReference owner = OwnerReference.controllerRef("apps/v1", "StatefulSet", ObjectMeta.named("default", "web").withUid("web-uid"));

        PersistentVolumeClaim updated = claims.update(slim.withMetadata(slim.metadata().withOwnerReferences(List.of(owner))));

        Json.Obj after = onServer("www-web-0");
        Json.Obj expected = before.update("metadata", m -> m.with("ownerReferences", ModelCodec.encode(updated).objectOrEmpty("metadata").get("ownerReferences").orElseThrow()));
        assertThat(after.update("metadata", m -> m.without("resourceVersion"))).isEqualTo(expected.update("metadata", m -> m.without("resourceVersion")));
        assertThat(updated.metadata().ownerReferences()).containsExactly(owner);
        assertThat(after.objectOrEmpty("spec").string("volumeName")).contains("pvc-www-web-0");
        assertThat(after.objectOrEmpty("metadata").objectOrEmpty("annotations").fields()).hasSize(2);
        assertThat(updated.metadata().resourceVersion()).isNotEqualTo(slim.metadata().resourceVersion());
    }

    @Test
    void updating_a_cached_slim_claim_that_changed_since_it_was_cached_is_Conflict_and_writes_nothing() {
        boundOnServer("www-web-0");
        PersistentVolumeClaim slim = SlimClaim.of(Fabric8Codec.toDomain(client.persistentVolumeClaims().inNamespace("default").withName("www-web-0").get()));
        client.persistentVolumeClaims().inNamespace("default").withName("www-web-0").edit(c -> {
            c.getMetadata().getAnnotations().put("changed", "meanwhile");
            return c;
        });
        Json.Obj meanwhile = onServer("www-web-0");

        assertThatThrownBy(() -> claims.update(slim.withMetadata(slim.metadata().withLabel("a", "1")))).isInstanceOf(ApiException.Conflict.class);
        assertThat(onServer("www-web-0")).isEqualTo(meanwhile);
    }

    @Test
    void updating_a_claim_that_is_gone_is_NotFound() {
        PersistentVolumeClaim created = claims.create(claim("www-web-0"));
        client.persistentVolumeClaims().inNamespace("default").withName("www-web-0").delete();

        assertThatThrownBy(() -> claims.update(created.withMetadata(created.metadata().withLabel("a", "1")))).isInstanceOf(ApiException.NotFound.class);
    }
}
