package dev.stateful.grpc.convert;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.ByteString;
import com.google.protobuf.Timestamp;
import dev.stateful.grpc.v1.KubeObject;
import dev.stateful.grpc.v1.ObjectMetadata;
import dev.stateful.grpc.v1.ObservedClaim;
import dev.stateful.grpc.v1.ObservedPod;
import dev.stateful.grpc.v1.ObservedRevision;
import dev.stateful.grpc.v1.OwnerReference;
import dev.stateful.grpc.v1.PlanRequest;
import dev.stateful.grpc.v1.PodCondition;
import dev.stateful.grpc.v1.PodVolume;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Reading the typed projection straight from the wire gives exactly the objects the generated
 * messages convert to, and gives up (so the generated parser decides) on every encoding whose
 * meaning it does not reproduce.
 */
class ObservedWireTest {

    private static final Timestamp T = Timestamp.newBuilder().setSeconds(1_700_000_000L).setNanos(5).build();

    private static ObjectMetadata meta(String name) {
        return ObjectMetadata.newBuilder().setName(name).setNamespace("prod").setUid("uid-" + name).setResourceVersion("42")
                .setGeneration(3).putLabels("app", "web").putLabels("tier", "db").putAnnotations("a", "b")
                .putAnnotations("note", "café, ünïcödé").putAnnotations("long", "x".repeat(300))
                .addOwnerReferences(OwnerReference.newBuilder().setApiVersion("apps/v1").setKind("StatefulSet").setName("web")
                        .setUid("set-uid").setController(true).setBlockOwnerDeletion(true))
                .addOwnerReferences(OwnerReference.newBuilder().setApiVersion("v1").setKind("Other").setName("x").setUid("x-uid"))
                .addFinalizers("f/one").addFinalizers("f/two").setCreationTimestamp(T).setDeletionTimestamp(T).build();
    }

    private static ObservedPod richPod() {
        return ObservedPod.newBuilder().setMetadata(meta("web-0")).setPhase("Running").setHostname("web-0").setSubdomain("web")
                .addVolumes(PodVolume.newBuilder().setName("data").setClaimName("data-web-0"))
                .addVolumes(PodVolume.newBuilder().setName("scratch"))
                .addConditions(PodCondition.newBuilder().setType("Ready").setStatus("True").setLastTransitionTime(T))
                .addConditions(PodCondition.newBuilder().setType("Initialized").setStatus("True"))
                .build();
    }

    private static PlanRequest request(ObservedPod... pods) {
        return PlanRequest.newBuilder().setStatefulSet(KubeObject.newBuilder().setJson("{\"kind\":\"StatefulSet\"}"))
                .addPods(KubeObject.newBuilder().setJson("{\"kind\":\"Pod\"}")).setNow(T)
                .addAllObservedPods(List.of(pods))
                .addObservedClaims(ObservedClaim.newBuilder().setMetadata(meta("data-web-0")).setPhase("Bound"))
                .addObservedClaims(ObservedClaim.getDefaultInstance())
                .addObservedRevisions(ObservedRevision.newBuilder().setMetadata(meta("web-abc")).setRevision(7).setData("{\"spec\":{}}"))
                .addObservedRevisions(ObservedRevision.newBuilder().setData("not json"))
                .build();
    }

    private static void decodesAsTheGeneratedMessages(byte[] wire) throws Exception {
        PlanRequest generated = PlanRequest.parseFrom(wire);
        ObservedWire.Decoded decoded = ObservedWire.decode(wire);

        assertThat(decoded).isNotNull();
        assertThat(decoded.pods()).isEqualTo(generated.getObservedPodsList().stream().map(ObservedObjects::pod).toList());
        assertThat(decoded.claims()).isEqualTo(generated.getObservedClaimsList().stream().map(ObservedObjects::claim).toList());
        assertThat(decoded.revisions()).isEqualTo(generated.getObservedRevisionsList().stream().map(ObservedObjects::revision).toList());
        assertThat(decoded.rest()).isEqualTo(generated.toBuilder().clearObservedPods().clearObservedClaims().clearObservedRevisions().build());
    }

    @Test
    void everyProjectedFieldDecodesToWhatTheGeneratedMessageConvertsTo() throws Exception {
        decodesAsTheGeneratedMessages(request(richPod(), ObservedPod.getDefaultInstance(),
                ObservedPod.newBuilder().setMetadata(ObjectMetadata.newBuilder().setName("bare")).build()).toByteArray());
    }

    @Test
    void stringsRepeatedAcrossObjectsDecodeToEqualValues() throws Exception {
        ObservedWire.Decoded decoded = ObservedWire.decode(request(richPod(), richPod().toBuilder()
                .setMetadata(meta("web-1")).build()).toByteArray());

        assertThat(decoded.pods().get(1).metadata().labels()).isEqualTo(decoded.pods().get(0).metadata().labels());
        assertThat(decoded.pods().get(1).metadata().annotations()).containsEntry("note", "café, ünïcödé");
        assertThat(decoded.pods().get(1).metadata().name()).isEqualTo("web-1");
    }

    @Test
    void unknownFieldsAreSkippedAsTheConversionIgnoresThem() throws Exception {
        ObservedPod withUnknown = richPod().toBuilder().setUnknownFields(com.google.protobuf.UnknownFieldSet.newBuilder()
                .addField(99, com.google.protobuf.UnknownFieldSet.Field.newBuilder().addVarint(1).addLengthDelimited(ByteString.copyFromUtf8("x")).build())
                .build()).build();
        decodesAsTheGeneratedMessages(request(withUnknown).toByteArray());
    }

    @Test
    void aRepeatedScalarFieldKeepsItsLastValueAsProtobufDoes() throws Exception {
        byte[] twoPhases = concat(ObservedPod.newBuilder().setPhase("Pending").build().toByteArray(),
                ObservedPod.newBuilder().setPhase("Running").build().toByteArray());
        byte[] wire = concat(request().toByteArray(), delimited(PlanRequest.OBSERVED_PODS_FIELD_NUMBER, twoPhases));

        decodesAsTheGeneratedMessages(wire);
        assertThat(ObservedWire.decode(wire).pods().get(0).status().phase()).isEqualTo("Running");
    }

    @Test
    void aMessageFieldSentTwiceIsLeftToTheGeneratedParserWhichMergesIt() throws Exception {
        byte[] twoMetadatas = concat(ObservedPod.newBuilder().setMetadata(ObjectMetadata.newBuilder().setName("a")).build().toByteArray(),
                ObservedPod.newBuilder().setMetadata(ObjectMetadata.newBuilder().setUid("u")).build().toByteArray());

        assertThat(ObservedWire.decode(delimited(PlanRequest.OBSERVED_PODS_FIELD_NUMBER, twoMetadatas))).isNull();
    }

    @Test
    void aMapKeySentTwiceIsLeftToTheGeneratedParser() {
        byte[] twoLabelMaps = concat(ObjectMetadata.newBuilder().putLabels("app", "a").build().toByteArray(),
                ObjectMetadata.newBuilder().putLabels("app", "b").build().toByteArray());
        byte[] pod = delimited(ObservedPod.METADATA_FIELD_NUMBER, twoLabelMaps);

        assertThat(ObservedWire.decode(delimited(PlanRequest.OBSERVED_PODS_FIELD_NUMBER, pod))).isNull();
    }

    @Test
    void aKnownFieldWithAnotherWireTypeIsLeftToTheGeneratedParser() {
        // field 3 (phase) as a varint: protobuf keeps it as an unknown field
        byte[] pod = {(3 << 3), 1};

        assertThat(ObservedWire.decode(delimited(PlanRequest.OBSERVED_PODS_FIELD_NUMBER, pod))).isNull();
    }

    @Test
    void aTimestampOutOfRangeIsLeftToTheConversionThatReportsIt() {
        ObservedPod pod = ObservedPod.newBuilder().setMetadata(ObjectMetadata.newBuilder()
                .setCreationTimestamp(Timestamp.newBuilder().setSeconds(Long.MAX_VALUE))).build();

        assertThat(ObservedWire.decode(request(pod).toByteArray())).isNull();
    }

    @Test
    void malformedInputIsLeftToTheGeneratedParserThatReportsIt() {
        byte[] invalidUtf8 = delimited(PlanRequest.OBSERVED_PODS_FIELD_NUMBER, delimited(ObservedPod.PHASE_FIELD_NUMBER, new byte[] {(byte) 0xff}));
        byte[] truncated = java.util.Arrays.copyOf(request(richPod()).toByteArray(), 100);

        assertThat(ObservedWire.decode(invalidUtf8)).isNull();
        assertThat(ObservedWire.decode(truncated)).isNull();
    }

    private static byte[] delimited(int field, byte[] value) {
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        try {
            com.google.protobuf.CodedOutputStream coded = com.google.protobuf.CodedOutputStream.newInstance(out);
            coded.writeByteArray(field, value);
            coded.flush();
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        return out.toByteArray();
    }

    private static byte[] concat(byte[] a, byte[] b) {
        byte[] out = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }
}
