package dev.stateful.grpc.runtime;

import dev.stateful.grpc.security.BearerTokenInterceptor;
import io.grpc.BindableService;
import io.grpc.ServerBuilder;
import io.grpc.ServerInterceptor;
import io.grpc.ServerInterceptors;
import io.grpc.ServerServiceDefinition;
import io.grpc.health.v1.HealthGrpc;
import io.grpc.protobuf.services.HealthStatusManager;
import io.grpc.protobuf.services.ProtoReflectionService;
import io.grpc.protobuf.services.ProtoReflectionServiceV1;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Everything a server carries whatever its transport: the services (behind the token check when
 * a token is configured), health (open to probes without a token), reflection (v1 and v1alpha), the request bound,
 * malformed requests refused as INVALID_ARGUMENT ({@link MalformedRequests}), the call limits
 * ({@link CallLimits}) and errors that never echo much ({@link BoundedErrors}).
 * Used by {@link GrpcServer} for Netty and by tests for the in-process transport.
 */
public final class ServerAssembly {

    private ServerAssembly() {
    }

    @SuppressWarnings("deprecation") // the v1alpha service is deprecated in grpc-java, not gone from clients
    private static BindableService v1alphaReflection() {
        return ProtoReflectionService.newInstance();
    }

    public static void configure(ServerBuilder<?> builder, ServerSettings settings, List<BindableService> services,
                                 HealthStatusManager health) {
        builder.maxInboundMessageSize(settings.maxInboundMessageBytes());
        List<BindableService> all = new ArrayList<>(services);
        all.add(ProtoReflectionServiceV1.newInstance());
        // grpc.reflection.v1alpha too: older grpcurl builds and many clients speak only that one
        all.add(v1alphaReflection());
        all.add(health.getHealthService());
        // one counter for the whole server; the last interceptor runs first: errors are bounded whoever makes them
        ServerInterceptor limits = settings.limits().interceptor();
        ServerInterceptor bounded = new BoundedErrors();
        for (BindableService service : all) {
            ServerServiceDefinition guarded = MalformedRequests.guard(service.bindService());
            if (settings.token().isPresent()) {
                builder.addService(ServerInterceptors.intercept(guarded,
                        new BearerTokenInterceptor(settings.token().get(), Set.of(HealthGrpc.SERVICE_NAME)), limits, bounded));
            } else {
                builder.addService(ServerInterceptors.intercept(guarded, limits, bounded));
            }
        }
    }
}
