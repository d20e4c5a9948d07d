package dev.stateful.grpc.runtime;

import io.grpc.ForwardingServerCall;
import io.grpc.Metadata;
import io.grpc.ServerCall;
import io.grpc.ServerCallHandler;
import io.grpc.ServerInterceptor;
import io.grpc.Status;

/**
 * No error echoes more than {@value #MAX_DESCRIPTION} characters of anything: a status description is
 * cut there and says how long it was, and so are the message and field violations of the
 * {@code google.rpc.Status} details. A 100 KB name echoed whole would make trailers larger
 * than a client accepts (8 KiB of headers by default in grpc-java and Go), and the call would fail
 * on the client with no status at all.
 */
public final class BoundedErrors implements ServerInterceptor {

    public static final int MAX_DESCRIPTION = 300;
    static final int MAX_TRAILER_BYTES = 4096;

    @Override
    public <Q, R> ServerCall.Listener<Q> interceptCall(ServerCall<Q, R> call, Metadata headers, ServerCallHandler<Q, R> next) {
        return next.startCall(new ForwardingServerCall.SimpleForwardingServerCall<>(call) {
            @Override
            public void close(Status status, Metadata trailers) {
                super.close(bounded(status), bounded(trailers));
            }
        }, headers);
    }

    static Status bounded(Status status) {
        String description = status.getDescription();
        if (description == null || description.length() <= MAX_DESCRIPTION) {
            return status;
        }
        return status.withDescription(cut(description));
    }

    private static final Metadata.Key<byte[]> DETAILS = Metadata.Key.of("grpc-status-details-bin", Metadata.BINARY_BYTE_MARSHALLER);
    private static final int MAX_VIOLATIONS = 100;

    /**
     * The {@code google.rpc.Status} details: its message and each field violation cut like the description, whatever
     * their size (grpc-go and grpc-js show the details' message, not the description). Other details stay, unless the
     * details are larger than {@value #MAX_TRAILER_BYTES} bytes.
     */
    private static Metadata bounded(Metadata trailers) {
        byte[] details = trailers.get(DETAILS);
        if (details == null) {
            return trailers;
        }
        try {
            com.google.rpc.Status status = com.google.rpc.Status.parseFrom(details);
            com.google.rpc.Status.Builder cut = status.toBuilder().setMessage(cut(status.getMessage())).clearDetails();
            for (com.google.protobuf.Any any : status.getDetailsList()) {
                if (any.is(com.google.rpc.BadRequest.class)) {
                    com.google.rpc.BadRequest.Builder request = com.google.rpc.BadRequest.newBuilder();
                    any.unpack(com.google.rpc.BadRequest.class).getFieldViolationsList().stream().limit(MAX_VIOLATIONS)
                            .forEach(v -> request.addFieldViolations(v.toBuilder().setField(cut(v.getField()))
                                    .setDescription(cut(v.getDescription()))));
                    cut.addDetails(com.google.protobuf.Any.pack(request.build()));
                } else if (details.length <= MAX_TRAILER_BYTES) {
                    cut.addDetails(any);
                }
            }
            byte[] bounded = cut.build().toByteArray();
            if (java.util.Arrays.equals(bounded, details)) {
                return trailers;
            }
            Metadata out = new Metadata();
            out.merge(trailers);
            out.removeAll(DETAILS);
            out.put(DETAILS, bounded);
            return out;
        } catch (com.google.protobuf.InvalidProtocolBufferException e) {
            // not ours to repair: the status code and description still reach the caller
            return trailers;
        }
    }

    private static String cut(String text) {
        return text.length() <= MAX_DESCRIPTION ? text : text.substring(0, MAX_DESCRIPTION) + "… (" + text.length() + " characters, cut)";
    }
}
