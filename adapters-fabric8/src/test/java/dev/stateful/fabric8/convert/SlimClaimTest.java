package dev.stateful.fabric8.convert;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stateful.domain.json.Json;
import dev.stateful.domain.model.ObjectMeta;
import dev.stateful.domain.model.OwnerReference;
import dev.stateful.domain.model.PersistentVolumeClaim;
import dev.stateful.domain.testing.Fixtures;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SlimClaimTest {

    static PersistentVolumeClaim bound(String name) {
        OwnerReference owner = OwnerReference.controllerRef("apps/v1", "StatefulSet", ObjectMeta.named("default", "web").withUid("web-uid"));
        PersistentVolumeClaim template = Fixtures.claimTemplate("www");
        ObjectMeta meta = ObjectMeta.named("default", name).withUid("uid-" + name).withResourceVersion("7")
                .withLabel("app", "web").withOwnerReferences(List.of(owner));
        return new PersistentVolumeClaim(new ObjectMeta(meta.name(), meta.generateName(), meta.namespace(), meta.uid(), meta.resourceVersion(),
                meta.generation(), meta.labels(), Map.of("pv.kubernetes.io/bind-completed", "yes"), meta.ownerReferences(),
                List.of("kubernetes.io/pvc-protection"), Instant.parse("2026-01-01T00:00:00Z"), Instant.parse("2026-01-01T00:05:00Z")),
                template.spec().with("volumeName", "pvc-" + name), "Bound");
    }

    @Test
    void a_slim_claim_keeps_the_metadata_the_rules_read_and_drops_annotations_and_the_volume_name() {
        PersistentVolumeClaim whole = bound("www-web-0");

        PersistentVolumeClaim slim = SlimClaim.of(whole);

        assertThat(slim.metadata().annotations()).isEmpty();
        assertThat(slim.metadata().withAnnotations(whole.metadata().annotations())).isEqualTo(whole.metadata());
        assertThat(slim.isTerminating()).isTrue();
        assertThat(slim.phase()).isEqualTo("Bound");
        assertThat(slim.spec()).isEqualTo(whole.spec().without("volumeName"));
        assertThat(slim.spec().string("volumeName")).isEmpty();
    }

    @Test
    void the_claims_of_one_template_share_one_spec() {
        PersistentVolumeClaim a = SlimClaim.of(bound("www-web-0"));
        PersistentVolumeClaim b = SlimClaim.of(bound("www-web-1"));

        assertThat(a.spec()).isSameAs(b.spec()).isNotEqualTo(Json.EMPTY_OBJECT);
    }
}
