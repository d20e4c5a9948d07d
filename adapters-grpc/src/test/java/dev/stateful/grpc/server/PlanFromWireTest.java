package dev.stateful.grpc.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stateful.grpc.convert.RecentObjects;
import dev.stateful.grpc.v1.KubeObject;
import dev.stateful.grpc.v1.ObjectMetadata;
import dev.stateful.grpc.v1.ObservedPod;
import dev.stateful.grpc.v1.PlanRequest;
import dev.stateful.grpc.v1.StatefulSetServiceGrpc;
import io.grpc.MethodDescriptor;
import io.grpc.ServerMethodDefinition;
import java.io.ByteArrayInputStream;
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
}
