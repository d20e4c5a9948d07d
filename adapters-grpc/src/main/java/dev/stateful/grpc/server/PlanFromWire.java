package dev.stateful.grpc.server;

import dev.stateful.grpc.convert.ObservedWire;
import dev.stateful.grpc.convert.RecentObjects;
import dev.stateful.grpc.v1.PlanRequest;
import dev.stateful.grpc.v1.PlanResponse;
import dev.stateful.grpc.v1.StatefulSetServiceGrpc;
import io.grpc.MethodDescriptor;
import io.grpc.ServerMethodDefinition;
import io.grpc.ServerServiceDefinition;
import io.grpc.ServiceDescriptor;
import io.grpc.stub.ServerCalls;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Arrays;

/**
 * {@code Plan} with its request read by {@link ObservedWire}: the typed projection straight from the
 * wire into domain objects, instead of the generated {@link PlanRequest} message and then a copy of
 * it. Same method, same request bytes, same answers; a request the plain reading gives up on is
 * parsed by the generated marshaller, which also refuses malformed input as it always did.
 */
final class PlanFromWire {

    private PlanFromWire() {
    }

    /** A Plan request: the observed objects decoded from the wire, or (when {@code decoded} is null) the whole message. */
    record Input(PlanRequest message, ObservedWire.Decoded decoded) {
    }

    /**
     * {@code service} with its Plan method taking {@link Input}s; every other method, and the schema reflection reads, unchanged.
     * {@code recent} keeps the observed objects of recent requests decoded (see {@link RecentObjects}).
     */
    static ServerServiceDefinition bind(ServerServiceDefinition service, ServerCalls.UnaryMethod<Input, PlanResponse> plan,
                                        RecentObjects recent) {
        MethodDescriptor<PlanRequest, PlanResponse> generated = StatefulSetServiceGrpc.getPlanMethod();
        MethodDescriptor<Input, PlanResponse> fromWire = generated.toBuilder(new InputMarshaller(generated.getRequestMarshaller(), recent),
                generated.getResponseMarshaller()).build();
        ServiceDescriptor original = service.getServiceDescriptor();
        ServiceDescriptor.Builder descriptor = ServiceDescriptor.newBuilder(original.getName()).setSchemaDescriptor(original.getSchemaDescriptor());
        for (ServerMethodDefinition<?, ?> method : service.getMethods()) {
            boolean isPlan = method.getMethodDescriptor().getFullMethodName().equals(generated.getFullMethodName());
            descriptor.addMethod(isPlan ? fromWire : method.getMethodDescriptor());
        }
        ServerServiceDefinition.Builder out = ServerServiceDefinition.builder(descriptor.build());
        for (ServerMethodDefinition<?, ?> method : service.getMethods()) {
            if (method.getMethodDescriptor().getFullMethodName().equals(generated.getFullMethodName())) {
                out.addMethod(fromWire, ServerCalls.asyncUnaryCall(plan));
            } else {
                out.addMethod(method);
            }
        }
        return out.build();
    }

    private static final class InputMarshaller implements MethodDescriptor.Marshaller<Input> {
        /** Requests up to this size are read into the transport thread's own array (a few of them per server, so a few 256 KiB at most). */
        private static final int REUSED_BYTES = 256 * 1024;

        private final MethodDescriptor.Marshaller<PlanRequest> generated;
        private final RecentObjects recent;
        private final ThreadLocal<byte[]> scratch = new ThreadLocal<>();

        InputMarshaller(MethodDescriptor.Marshaller<PlanRequest> generated, RecentObjects recent) {
            this.generated = generated;
            this.recent = recent;
        }

        @Override
        public InputStream stream(Input value) {
            // only the server reads Inputs; a client sends PlanRequests with the generated method
            if (value.message() == null) {
                throw new UnsupportedOperationException("a Plan request decoded from the wire is not sent on");
            }
            return generated.stream(value.message());
        }

        @Override
        public Input parse(InputStream stream) {
            try {
                return parse(stream, stream.available());
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        /**
         * gRPC's message streams know their length: the bytes are read into one array of that size (this
         * thread's own when the request is small enough), not readAllBytes' chunks copied together. Nothing
         * decoded refers to the array ({@link ObservedWire}, {@link RecentObjects} and the generated parser
         * copy what they keep), so the next request on this thread reads into it again: a 100-pod Plan no
         * longer leaves 46 KB of garbage per call.
         */
        private Input parse(InputStream stream, int expected) throws IOException {
            byte[] bytes = expected <= REUSED_BYTES ? scratch(expected) : new byte[expected];
            int length = stream.readNBytes(bytes, 0, expected);
            // one byte to see whether available() told all; readAllBytes would allocate its 8 KiB buffer to find out
            int next = length < expected ? -1 : stream.read();
            if (next >= 0) {
                byte[] more = stream.readAllBytes();
                byte[] all = Arrays.copyOf(bytes, length + 1 + more.length);
                all[length] = (byte) next;
                System.arraycopy(more, 0, all, length + 1, more.length);
                bytes = all;
                length = all.length;
            }
            ObservedWire.Decoded decoded = ObservedWire.decode(bytes, length, recent);
            return decoded != null ? new Input(null, decoded) : new Input(generated.parse(new ByteArrayInputStream(bytes, 0, length)), null);
        }

        /** This thread's array for requests, at least {@code size} long. */
        private byte[] scratch(int size) {
            byte[] bytes = scratch.get();
            if (bytes == null || bytes.length < size) {
                bytes = new byte[Math.min(REUSED_BYTES, Math.max(size, bytes == null ? 0 : 2 * bytes.length))];
                scratch.set(bytes);
            }
            return bytes;
        }
    }
}
