package dev.stateful.grpc.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.CodedOutputStream;
import dev.stateful.grpc.convert.RecentObjects;
import dev.stateful.grpc.v1.KubeObject;
import dev.stateful.grpc.v1.ObjectMetadata;
import dev.stateful.grpc.v1.ObservedPod;
import dev.stateful.grpc.v1.PlanRequest;
import dev.stateful.grpc.v1.StatefulSetServiceGrpc;
import io.grpc.MethodDescriptor;
import io.grpc.ServerMethodDefinition;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import org.junit.jupiter.api.Test;

/** The Plan request as the server reads it off the wire, whatever its stream says about its length. */
class PlanFromWireTest {

    private static final PlanRequest REQUEST = PlanRequest.newBuilder()
            .setStatefulSet(KubeObject.newBuilder().setJson("{\"kind\":\"StatefulSet\"}"))
            .addObservedPods(ObservedPod.newBuilder().setMetadata(ObjectMetadata.newBuilder().setName("web-0")).setPhase("Running"))
            .addObservedPods(ObservedPod.newBuilder().setMetadata(ObjectMetadata.newBuilder().setName("web-1")).setPhase("Pending"))
            .build();

    @SuppressWarnings("unchecked")
    private static MethodDescriptor.Marshaller<PlanFromWire.Input> marshaller() {
        ServerMethodDefinition<?, ?> plan = PlanFromWire.bind(StatefulSetServiceGrpc.bindService(new StatefulSetServiceGrpc.AsyncService() {
        }), (request, out) -> { }, new RecentObjects(16, 4096)).getMethod(StatefulSetServiceGrpc.getPlanMethod().getFullMethodName());
        return (MethodDescriptor.Marshaller<PlanFromWire.Input>) plan.getMethodDescriptor().getRequestMarshaller();
    }

    /** A stream that says fewer bytes are available than it holds, as any InputStream may. */
    private static InputStream understating(byte[] bytes, int available) {
        return new ByteArrayInputStream(bytes) {
            @Override
            public synchronized int available() {
                return Math.min(available, super.available());
            }
        };
    }

    @Test
    void aRequestWhoseStreamUnderstatesItsLengthIsReadWhole() {
        byte[] wire = REQUEST.toByteArray();
        for (int available : new int[] {0, 1, wire.length - 1, wire.length}) {
            PlanFromWire.Input input = marshaller().parse(understating(wire, available));

            assertThat(input.decoded().pods()).extracting(p -> p.status().phase()).as("available %d", available)
                    .containsExactly("Running", "Pending");
            assertThat(input.decoded().rest().getStatefulSet().getJson()).isEqualTo("{\"kind\":\"StatefulSet\"}");
        }
    }

    @Test
    void aShorterRequestAfterALongerOneIsReadAloneAndTheFirstIsUntouched() {
        MethodDescriptor.Marshaller<PlanFromWire.Input> marshaller = marshaller();
        PlanRequest longer = REQUEST.toBuilder()
                .addObservedPods(ObservedPod.newBuilder().setMetadata(ObjectMetadata.newBuilder().setName("web-2")).setPhase("Failed"))
                .build();

        PlanFromWire.Input first = marshaller.parse(new ByteArrayInputStream(longer.toByteArray()));
        PlanFromWire.Input second = marshaller.parse(new ByteArrayInputStream(REQUEST.toByteArray()));

        assertThat(second.decoded().pods()).extracting(p -> p.metadata().name()).containsExactly("web-0", "web-1");
        assertThat(first.decoded().pods()).extracting(p -> p.status().phase()).containsExactly("Running", "Pending", "Failed");
    }

    @Test
    void aRequestTheFastReadingGivesUpOnIsParsedByTheGeneratedParserFromItsOwnBytesOnly() throws IOException {
        MethodDescriptor.Marshaller<PlanFromWire.Input> marshaller = marshaller();
        marshaller.parse(new ByteArrayInputStream(REQUEST.toBuilder()
                .setStatefulSet(KubeObject.newBuilder().setJson("{\"kind\":\"StatefulSet\",\"x\":\"" + "x".repeat(500) + "\"}")).build().toByteArray()));
        // a pod whose metadata comes twice: protobuf merges the two, which the plain reading leaves to the generated parser
        ByteArrayOutputStream pod = new ByteArrayOutputStream();
        CodedOutputStream podOut = CodedOutputStream.newInstance(pod);
        podOut.writeMessage(ObservedPod.METADATA_FIELD_NUMBER, ObjectMetadata.newBuilder().setName("web-9").build());
        podOut.writeMessage(ObservedPod.METADATA_FIELD_NUMBER, ObjectMetadata.newBuilder().setNamespace("ns").build());
        podOut.flush();
        ByteArrayOutputStream wire = new ByteArrayOutputStream();
        wire.write(REQUEST.toByteArray());
        CodedOutputStream wireOut = CodedOutputStream.newInstance(wire);
        wireOut.writeByteArray(PlanRequest.OBSERVED_PODS_FIELD_NUMBER, pod.toByteArray());
        wireOut.flush();

        PlanFromWire.Input input = marshaller.parse(new ByteArrayInputStream(wire.toByteArray()));

        assertThat(input.decoded()).isNull();
        assertThat(input.message().getStatefulSet().getJson()).isEqualTo("{\"kind\":\"StatefulSet\"}");
        assertThat(input.message().getObservedPodsList()).extracting(p -> p.getMetadata().getName() + "/" + p.getMetadata().getNamespace())
                .containsExactly("web-0/", "web-1/", "web-9/ns");
    }
}
