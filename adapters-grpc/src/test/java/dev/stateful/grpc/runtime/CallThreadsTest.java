package dev.stateful.grpc.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stateful.grpc.server.StatefulSetServiceImpl;
import dev.stateful.grpc.testing.Kube;
import dev.stateful.grpc.testing.Manifests;
import dev.stateful.grpc.testing.NettyServers;
import dev.stateful.grpc.v1.GetStatefulSetRequest;
import dev.stateful.grpc.v1.ObjectRef;
import dev.stateful.grpc.v1.PlanRequest;
import dev.stateful.grpc.v1.StatefulSetServiceGrpc;
import dev.stateful.inmemory.InMemoryCluster;
import io.grpc.BindableService;
import io.grpc.ForwardingServerCallListener;
import io.grpc.ManagedChannel;
import io.grpc.Metadata;
import io.grpc.ServerCall;
import io.grpc.ServerCallHandler;
import io.grpc.ServerInterceptor;
import io.grpc.ServerInterceptors;
import io.grpc.StatusRuntimeException;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Which threads a call runs on over loopback Netty: a pure call (Plan) from its start to its end on
 * the transport thread that read it, with no hop to the call pool on the way; any other call on the pool.
 */
class CallThreadsTest {

    private final InMemoryCluster cluster = InMemoryCluster.create();
    /** Per method: the thread that started the call and the one that saw its last message. */
    private final Map<String, Thread> started = new ConcurrentHashMap<>();
    private final Map<String, Thread> halfClosed = new ConcurrentHashMap<>();
    private GrpcServer server;
    private ManagedChannel channel;

    @AfterEach
    void close() {
        if (channel != null) {
            channel.shutdownNow();
        }
        if (server != null) {
            server.close();
        }
    }

    private StatefulSetServiceGrpc.StatefulSetServiceBlockingStub start() {
        StatefulSetServiceImpl service = NettyServers.service(cluster);
        BindableService recorded = () -> ServerInterceptors.intercept(service, new Recording());
        server = GrpcServer.start(ServerSettings.loopback(0), List.of(recorded), () -> true);
        channel = Channels.open(NettyServers.client(server));
        return StatefulSetServiceGrpc.newBlockingStub(channel);
    }

    @Test
    void aPlanStartsAndEndsOnTheTransportThreadThatReadIt() {
        var stub = start();

        for (int i = 0; i < 20; i++) {
            assertThat(stub.plan(PlanRequest.newBuilder().setStatefulSet(Kube.json(Manifests.webJson(3, "nginx:1.25"))).build())
                    .getValid()).isTrue();
            String plan = StatefulSetServiceGrpc.getPlanMethod().getFullMethodName();
            assertThat(started.get(plan)).as("call %d", i).isSameAs(halfClosed.get(plan));
            assertThat(started.get(plan).getName()).doesNotStartWith("grpc-call-");
        }
    }

    @Test
    void aCallThatReadsTheClusterRunsOnTheCallPool() {
        var stub = start();

        try {
            stub.getStatefulSet(GetStatefulSetRequest.newBuilder().setRef(ObjectRef.newBuilder().setName("absent")).build());
        } catch (StatusRuntimeException notFound) {
            // the answer does not matter here, only where it was computed
        }

        String get = StatefulSetServiceGrpc.getGetStatefulSetMethod().getFullMethodName();
        assertThat(started.get(get).getName()).startsWith("grpc-call-");
        assertThat(halfClosed.get(get).getName()).startsWith("grpc-call-");
    }

    private final class Recording implements ServerInterceptor {
        @Override
        public <Q, R> ServerCall.Listener<Q> interceptCall(ServerCall<Q, R> call, Metadata headers, ServerCallHandler<Q, R> next) {
            String method = call.getMethodDescriptor().getFullMethodName();
            started.put(method, Thread.currentThread());
            return new ForwardingServerCallListener.SimpleForwardingServerCallListener<>(next.startCall(call, headers)) {
                @Override
                public void onHalfClose() {
                    halfClosed.put(method, Thread.currentThread());
                    super.onHalfClose();
                }
            };
        }
    }
}
