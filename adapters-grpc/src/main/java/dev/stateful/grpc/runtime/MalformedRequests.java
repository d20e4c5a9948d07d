package dev.stateful.grpc.runtime;

import io.grpc.Attributes;
import io.grpc.Metadata;
import io.grpc.MethodDescriptor;
import io.grpc.ServerCall;
import io.grpc.ServerCallHandler;
import io.grpc.ServerMethodDefinition;
import io.grpc.ServerServiceDefinition;
import io.grpc.Status;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;

/**
 * A request that does not parse (malformed protobuf, invalid UTF-8 in a string field) is the
 * caller's mistake: INVALID_ARGUMENT, and nothing in the log. grpc-java would close the call with
 * UNKNOWN ("Application error processing RPC") and log the parser's stack trace, as a parse
 * failure in the marshaller is thrown on the call's thread. So each method's request is parsed
 * into a {@link Parsed} that never throws, and the call is refused here when it failed.
 */
public final class MalformedRequests {

    /** How much of the parser's own message is kept: it names the problem, never the input. */
    private static final int MAX_REASON = 200;

    private MalformedRequests() {
    }

    public static ServerServiceDefinition guard(ServerServiceDefinition service) {
        // reflection reads the schema from the service descriptor: a new one, with the same schema and the tolerant methods
        io.grpc.ServiceDescriptor original = service.getServiceDescriptor();
        io.grpc.ServiceDescriptor.Builder descriptor = io.grpc.ServiceDescriptor.newBuilder(original.getName())
                .setSchemaDescriptor(original.getSchemaDescriptor());
        List<ServerMethodDefinition<?, ?>> methods = new ArrayList<>();
        for (ServerMethodDefinition<?, ?> method : service.getMethods()) {
            ServerMethodDefinition<?, ?> guarded = guard(method);
            descriptor.addMethod(guarded.getMethodDescriptor());
            methods.add(guarded);
        }
        ServerServiceDefinition.Builder out = ServerServiceDefinition.builder(descriptor.build());
        methods.forEach(out::addMethod);
        return out.build();
    }

    private static <Q, R> ServerMethodDefinition<Parsed<Q>, R> guard(ServerMethodDefinition<Q, R> method) {
        MethodDescriptor<Q, R> original = method.getMethodDescriptor();
        MethodDescriptor<Parsed<Q>, R> tolerant = original.toBuilder(new TolerantMarshaller<>(original.getRequestMarshaller()),
                original.getResponseMarshaller()).build();
        ServerCallHandler<Parsed<Q>, R> handler = (call, headers) -> {
            Unwrapped<Q, R> inner = new Unwrapped<>(call, original);
            ServerCall.Listener<Q> listener = method.getServerCallHandler().startCall(inner, headers);
            return new ServerCall.Listener<>() {
                private boolean refused;

                @Override
                public void onMessage(Parsed<Q> message) {
                    if (refused) {
                        return;
                    }
                    if (message.failure() != null) {
                        refused = true;
                        io.grpc.StatusRuntimeException invalid = dev.stateful.grpc.status.Failures.invalid("malformed request: " + message.failure());
                        call.close(invalid.getStatus(), invalid.getTrailers());
                        return;
                    }
                    listener.onMessage(message.value());
                }

                @Override
                public void onHalfClose() {
                    if (!refused) {
                        listener.onHalfClose();
                    }
                }

                @Override
                public void onCancel() {
                    listener.onCancel();
                }

                @Override
                public void onComplete() {
                    listener.onComplete();
                }

                @Override
                public void onReady() {
                    listener.onReady();
                }
            };
        };
        return ServerMethodDefinition.create(tolerant, handler);
    }

    /** A request parsed, or why it did not parse. */
    record Parsed<Q>(Q value, String failure) {
    }

    private static final class TolerantMarshaller<Q> implements MethodDescriptor.Marshaller<Parsed<Q>> {
        private final MethodDescriptor.Marshaller<Q> delegate;

        TolerantMarshaller(MethodDescriptor.Marshaller<Q> delegate) {
            this.delegate = delegate;
        }

        @Override
        public InputStream stream(Parsed<Q> value) {
            return delegate.stream(value.value());
        }

        @Override
        public Parsed<Q> parse(InputStream stream) {
            try {
                return new Parsed<>(delegate.parse(stream), null);
            } catch (RuntimeException e) {
                Throwable cause = e.getCause() != null ? e.getCause() : e;
                String reason = String.valueOf(cause.getMessage());
                return new Parsed<>(null, reason.length() > MAX_REASON ? reason.substring(0, MAX_REASON) + "…" : reason);
            }
        }
    }

    /** The call as the service sees it: typed with the service's own request. */
    private static final class Unwrapped<Q, R> extends ServerCall<Q, R> {
        private final ServerCall<Parsed<Q>, R> call;
        private final MethodDescriptor<Q, R> method;

        Unwrapped(ServerCall<Parsed<Q>, R> call, MethodDescriptor<Q, R> method) {
            this.call = call;
            this.method = method;
        }

        @Override
        public void request(int numMessages) {
            call.request(numMessages);
        }

        @Override
        public void sendHeaders(Metadata headers) {
            call.sendHeaders(headers);
        }

        @Override
        public void sendMessage(R message) {
            call.sendMessage(message);
        }

        @Override
        public boolean isReady() {
            return call.isReady();
        }

        @Override
        public void close(Status status, Metadata trailers) {
            call.close(status, trailers);
        }

        @Override
        public boolean isCancelled() {
            return call.isCancelled();
        }

        @Override
        public void setMessageCompression(boolean enabled) {
            call.setMessageCompression(enabled);
        }

        @Override
        public void setCompression(String compressor) {
            call.setCompression(compressor);
        }

        @Override
        public void setOnReadyThreshold(int numBytes) {
            call.setOnReadyThreshold(numBytes);
        }

        @Override
        public Attributes getAttributes() {
            return call.getAttributes();
        }

        @Override
        public String getAuthority() {
            return call.getAuthority();
        }

        @Override
        public io.grpc.SecurityLevel getSecurityLevel() {
            return call.getSecurityLevel();
        }

        @Override
        public MethodDescriptor<Q, R> getMethodDescriptor() {
            return method;
        }
    }
}
