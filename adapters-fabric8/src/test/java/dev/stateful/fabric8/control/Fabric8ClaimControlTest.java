package dev.stateful.fabric8.control;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.stateful.domain.model.ObjectMeta;
import dev.stateful.domain.model.OwnerReference;
import dev.stateful.domain.model.PersistentVolumeClaim;
import dev.stateful.domain.testing.Fixtures;
import dev.stateful.ports.ApiException;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import java.util.List;
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
}
