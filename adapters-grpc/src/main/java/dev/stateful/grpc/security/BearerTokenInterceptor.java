package dev.stateful.grpc.security;

import io.grpc.Grpc;
import io.grpc.Metadata;
import io.grpc.ServerCall;
import io.grpc.ServerCallHandler;
import io.grpc.ServerInterceptor;
import io.grpc.Status;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Refuses every call without {@code authorization: Bearer <token>} (UNAUTHENTICATED), except to the
 * services listed as open (health checks). Logs who was refused, never what they presented.
 */
public final class BearerTokenInterceptor implements ServerInterceptor {

    public static final Metadata.Key<String> AUTHORIZATION = Metadata.Key.of("authorization", Metadata.ASCII_STRING_MARSHALLER);
    static final String SCHEME = "Bearer ";
    private static final Logger LOG = LoggerFactory.getLogger(BearerTokenInterceptor.class);

    private final BearerToken token;
    private final Set<String> openServices;

    /** @param openServices fully qualified service names callable without a token */
    public BearerTokenInterceptor(BearerToken token, Set<String> openServices) {
        this.token = token;
        this.openServices = Set.copyOf(openServices);
    }

    @Override
    public <Q, R> ServerCall.Listener<Q> interceptCall(ServerCall<Q, R> call, Metadata headers, ServerCallHandler<Q, R> next) {
        if (openServices.contains(call.getMethodDescriptor().getServiceName())) {
            return next.startCall(call, headers);
        }
        String header = headers.get(AUTHORIZATION);
        String refusal = null;
        if (header == null) {
            refusal = "missing bearer token: send the header 'authorization: Bearer <token>'";
        } else if (!header.regionMatches(true, 0, SCHEME, 0, SCHEME.length())) {
            refusal = "the authorization header is not a bearer token";
        } else if (!token.matches(header.substring(SCHEME.length()).strip())) {
            refusal = "invalid bearer token";
        }
        if (refusal == null) {
            return next.startCall(call, headers);
        }
        LOG.info("refused {} from {}: {}", call.getMethodDescriptor().getFullMethodName(),
                call.getAttributes().get(Grpc.TRANSPORT_ATTR_REMOTE_ADDR), refusal);
        call.close(Status.UNAUTHENTICATED.withDescription(refusal), new Metadata());
        return new ServerCall.Listener<>() {
        };
    }
}
