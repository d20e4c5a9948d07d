package dev.stateful.fabric8.convert;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stateful.codec.ModelCodec;
import dev.stateful.domain.json.Json;
import dev.stateful.domain.model.ControllerRevision;
import dev.stateful.domain.model.ObjectMeta;
import dev.stateful.domain.model.OwnerReference;
import dev.stateful.domain.model.PersistentVolumeClaim;
import dev.stateful.domain.model.Pod;
import dev.stateful.domain.model.PodStatus;
import dev.stateful.domain.model.StatefulSet;
import dev.stateful.domain.model.StatefulSetStatus;
import dev.stateful.domain.testing.Fixtures;
import io.fabric8.kubernetes.client.utils.Serialization;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class Fabric8CodecTest {

    @Test
    void a_statefulSet_survives_the_trip_through_fabric8_unchanged() {
        StatefulSet set = Fixtures.statefulSet("web", 3).withStatus(new StatefulSetStatus(1, 3, 2, 3, 3, 2, "web-a", "web-b", 0, List.of()));

        StatefulSet back = Fabric8Codec.toDomain(Fabric8Codec.toFabric8(set));

        assertThat(back).isEqualTo(set);
    }

    @Test
    void a_pod_template_keeps_empty_objects_and_unknown_fields_because_revision_hashes_cover_them() {
        Json.Obj template = Fixtures.template("nginx", "nginx:1.25").update("spec", spec -> spec.with("someFutureField", Json.object("x", 1)));
        StatefulSet set = Fixtures.statefulSet("web", 1).withSpec(Fixtures.statefulSet("web", 1).spec().withTemplate(template));

        StatefulSet back = Fabric8Codec.toDomain(Fabric8Codec.toFabric8(set));

        assertThat(back.spec().template()).isEqualTo(template);
        assertThat(back.spec().template().toString()).contains("\"resources\":{}", "\"securityContext\":{}", "\"someFutureField\":{\"x\":1}");
    }

    @Test
    void a_pod_keeps_metadata_spec_phase_and_conditions() {
        ObjectMeta meta = ObjectMeta.named("default", "web-0").withUid("u-1").withResourceVersion("42")
                .withLabels(Map.of("app", "nginx")).withAnnotations(Map.of("note", "<&>"))
                .withOwnerReferences(List.of(OwnerReference.controllerRef("apps/v1", "StatefulSet", ObjectMeta.named("default", "web").withUid("s-1"))))
                .withCreationTimestamp(Fixtures.T0);
        Pod pod = new Pod(meta, Json.object("hostname", "web-0", "containers", Json.array(Json.object("name", "c", "image", "i"))),
                PodStatus.runningAndReady(Fixtures.T0));

        assertThat(Fabric8Codec.toDomain(Fabric8Codec.toFabric8(pod))).isEqualTo(pod);
    }

    @Test
    void a_claim_keeps_its_spec_and_phase() {
        PersistentVolumeClaim claim = Fixtures.claimTemplate("www-web-0").withMetadata(ObjectMeta.named("default", "www-web-0").withUid("c-1"));
        claim = new PersistentVolumeClaim(claim.metadata(), claim.spec(), "Bound");

        assertThat(Fabric8Codec.toDomain(Fabric8Codec.toFabric8(claim))).isEqualTo(claim);
    }

    @Test
    void a_revision_comes_back_from_the_fabric8_object_with_its_bytes_and_its_decoded_data() {
        String data = "{\"spec\":{\"template\":{\"$patch\":\"replace\",\"spec\":{\"x\":\"\\u003c\"}}}}";
        ControllerRevision revision = ModelCodec.controllerRevision(ObjectMeta.named("default", "web-123"), data, 3);

        ControllerRevision back = Fabric8Codec.toDomain(Fabric8Codec.toFabric8(revision));

        assertThat(back.data()).isEqualTo(data);
        assertThat(back.decoded()).isEqualTo(revision.decoded());
    }

    @Test
    void revision_data_goes_out_as_the_exact_bytes_the_hash_was_computed_over() {
        String data = "{\"spec\":{\"template\":{\"$patch\":\"replace\",\"metadata\":{\"labels\":{\"app\":\"a\\u0026b\"}},"
                + "\"spec\":{\"containers\":[{\"args\":[\"\\u003cx\\u003e\"],\"image\":\"i\",\"name\":\"c\"}],\"priority\":1e+21,\"ratio\":0.5}}}}";
        ControllerRevision revision = ModelCodec.controllerRevision(ObjectMeta.named("default", "web-123"), data, 3);

        String wire = Serialization.asJson(Fabric8Codec.toFabric8(revision));

        assertThat(wire).contains("\"data\":" + data);
    }

    @Test
    void revision_data_read_back_from_a_server_equals_what_was_written() {
        String data = "{\"spec\":{\"template\":{\"$patch\":\"replace\",\"metadata\":{\"labels\":{\"app\":\"a\\u0026b\"}},"
                + "\"spec\":{\"containers\":[{\"args\":[\"\\u003cx\\u003e\"],\"image\":\"i\",\"name\":\"c\"}],\"priority\":1e+21,\"ratio\":0.5}}}}";
        ControllerRevision revision = ModelCodec.controllerRevision(ObjectMeta.named("default", "web-123"), data, 3);
        // What a server sends back: the bytes we wrote, decoded by fabric8 into a generic map.
        var asReceived = Serialization.unmarshal(Serialization.asJson(Fabric8Codec.toFabric8(revision)),
                io.fabric8.kubernetes.api.model.apps.ControllerRevision.class);

        ControllerRevision back = Fabric8Codec.toDomain(asReceived);

        assertThat(back.data()).isEqualTo(data);
        assertThat(back).isEqualTo(revision);
    }
}
