package dev.stateful.grpc.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.common.util.concurrent.Futures;
import com.google.common.util.concurrent.ListenableFuture;
import com.google.common.util.concurrent.MoreExecutors;
import com.google.common.util.concurrent.Uninterruptibles;
import dev.stateful.grpc.server.StatefulSetServiceImpl;
import dev.stateful.grpc.testing.Kube;
import dev.stateful.grpc.testing.Manifests;
import dev.stateful.grpc.testing.NettyServers;
import dev.stateful.grpc.v1.GetStatefulSetRequest;
import dev.stateful.grpc.v1.KubeObject;
import dev.stateful.grpc.v1.ObjectRef;
import dev.stateful.grpc.v1.PlanRequest;
import dev.stateful.grpc.v1.PlanResponse;
import dev.stateful.grpc.v1.StatefulSetServiceGrpc;
import dev.stateful.grpc.v1.ValidateRequest;
import dev.stateful.grpc.v1.ValidateResponse;
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
import io.grpc.health.v1.HealthCheckRequest;
import io.grpc.health.v1.HealthGrpc;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Which threads a call runs on over loopback Netty: a pure call (Plan) from its start to its end on
 * the transport thread that read it, with no hop to the call pool on the way, unless its request is
 * large; any other call on the pool.
 */
class CallThreadsTest {

    private final InMemoryCluster cluster = InMemoryCluster.create();
    /** Per method: the thread that started the call and the one that saw its last message. */
    private final Map<String, Thread> started = new ConcurrentHashMap<>();
    private final Map<String, Thread> halfClosed = new ConcurrentHashMap<>();
    /** When set, the next Plan or Validate waits for it in onHalfClose, where the unary handler calls the service. */
    private final AtomicReference<CountDownLatch> gate = new AtomicReference<>();
    private final CountDownLatch waiting = new CountDownLatch(1);
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

    /** Large requests: the set with 2,000 environment variables (about 150 KB). */
    enum Large {
        PLAN, PLAN_GZIP, VALIDATE;

        /** The answer's {@code valid}. */
        ListenableFuture<Boolean> send(ManagedChannel channel) {
            var stub = StatefulSetServiceGrpc.newFutureStub(channel).withDeadlineAfter(2, TimeUnit.MINUTES);
            KubeObject set = Kube.json(manyVariables());
            PlanRequest plan = PlanRequest.newBuilder().setStatefulSet(set).build();
            return switch (this) {
                case PLAN -> valid(stub.plan(plan), PlanResponse::getValid);
                // a request that is small on the wire and large only once decompressed
                case PLAN_GZIP -> valid(stub.withCompression("gzip").plan(plan), PlanResponse::getValid);
                case VALIDATE -> valid(stub.validate(ValidateRequest.newBuilder().setStatefulSet(set).build()), ValidateResponse::getValid);
            };
        }

        private static <R> ListenableFuture<Boolean> valid(ListenableFuture<R> answer, Function<R, Boolean> valid) {
            return Futures.transform(answer, valid::apply, MoreExecutors.directExecutor());
        }

        private static String manyVariables() {
            String env = IntStream.range(0, 2000)
                    .mapToObj(i -> "{\"name\":\"VARIABLE_%04d\",\"value\":\"a value long enough to make the request large\"}".formatted(i))
                    .collect(Collectors.joining(",", ",\"env\":[", "]"));
            String json = Manifests.webJson(3, "nginx:1.25").replace("\"image\":\"nginx:1.25\"", "\"image\":\"nginx:1.25\"" + env);
            assertThat(json.length()).isGreaterThan(2 * InlineCalls.LARGE);
            return json;
        }
    }

    @ParameterizedTest
    @EnumSource(Large.class)
    void whileALargePureCallIsComputedTheOtherCallsOnItsConnectionAreAnswered(Large large) throws Exception {
        start();
        CountDownLatch open = new CountDownLatch(1);
        gate.set(open);
        try {
            ListenableFuture<Boolean> answer = large.send(channel);
            assertThat(waiting.await(1, TimeUnit.MINUTES)).as("the large call reached the service").isTrue();

            // the same channel: the same connection, read by the same event loop on the server; on that loop the
            // large call would hold them until the gate opens. The wait is bounded here, not by a deadline: the
            // client's deadline timers may run on that very loop (client and server share grpc-java's event loops)
            var health = HealthGrpc.newFutureStub(channel).check(HealthCheckRequest.getDefaultInstance());
            var small = StatefulSetServiceGrpc.newFutureStub(channel)
                    .plan(PlanRequest.newBuilder().setStatefulSet(Kube.json(Manifests.webJson(3, "nginx:1.25"))).build());
            assertThat(health.get(30, TimeUnit.SECONDS).getStatus()).isNotNull();
            assertThat(small.get(30, TimeUnit.SECONDS).getValid()).isTrue();

            open.countDown();
            assertThat(answer.get(1, TimeUnit.MINUTES)).isTrue();
        } finally {
            open.countDown();
        }
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
                    CountDownLatch closed = InlineCalls.PURE_UNARY.contains(method) ? gate.getAndSet(null) : null;
                    if (closed != null) {
                        waiting.countDown();
                        Uninterruptibles.awaitUninterruptibly(closed);
                    }
                    super.onHalfClose();
                }
            };
        }
    }
}
