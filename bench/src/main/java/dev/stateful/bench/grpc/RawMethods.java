package dev.stateful.bench.grpc;

import dev.stateful.grpc.v1.StatefulSetServiceGrpc;
import io.grpc.MethodDescriptor;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;

/** Unary methods whose messages are bytes as they are on the wire: no protobuf encoding or decoding on the caller's side. */
final class RawMethods {

    private RawMethods() {
    }

    private static final MethodDescriptor.Marshaller<byte[]> BYTES = new MethodDescriptor.Marshaller<>() {
        @Override
        public InputStream stream(byte[] value) {
            return new ByteArrayInputStream(value);
        }

        @Override
        public byte[] parse(InputStream stream) {
            try {
                return stream.readAllBytes();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    };

    /** A method of the bare floor server: empty in, empty out. */
    static final MethodDescriptor<byte[], byte[]> EMPTY = unary("bench.Floor/Empty");

    /** {@code stateful.v1.StatefulSetService/Plan} itself, with a request encoded once beforehand and the answer left encoded. */
    static final MethodDescriptor<byte[], byte[]> PLAN = unary(StatefulSetServiceGrpc.getPlanMethod().getFullMethodName());

    private static MethodDescriptor<byte[], byte[]> unary(String fullName) {
        return MethodDescriptor.<byte[], byte[]>newBuilder().setType(MethodDescriptor.MethodType.UNARY).setFullMethodName(fullName)
                .setRequestMarshaller(BYTES).setResponseMarshaller(BYTES).build();
    }
}
