package dev.stateful.grpc.hostile;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import com.google.protobuf.Duration;
import com.google.protobuf.Timestamp;
import dev.stateful.grpc.runtime.CallLimits;
import dev.stateful.grpc.runtime.Channels;
import dev.stateful.grpc.runtime.GrpcServer;
import dev.stateful.grpc.runtime.ServerSettings;
import dev.stateful.grpc.testing.Kube;
import dev.stateful.grpc.testing.Manifests;
import dev.stateful.grpc.testing.NettyServers;
import dev.stateful.grpc.v1.GetStatefulSetRequest;
import dev.stateful.grpc.v1.ObjectRef;
import dev.stateful.grpc.v1.PlanRequest;
import dev.stateful.grpc.v1.RolloutEvent;
import dev.stateful.grpc.v1.StatefulSetServiceGrpc;
import dev.stateful.grpc.v1.WatchRolloutRequest;
import dev.stateful.inmemory.InMemoryCluster;
import io.grpc.CallOptions;
import io.grpc.ManagedChannel;
import io.grpc.MethodDescriptor;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.stub.ClientCalls;
import io.grpc.stub.StreamObserver;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Malformed and out-of-range requests over real loopback Netty: every one is INVALID_ARGUMENT with a
 * message that echoes at most a few hundred characters, and the limits on concurrent calls and streams
 * answer RESOURCE_EXHAUSTED beyond them.
 */
class HostileRequestsTest {

    private final InMemoryCluster cluster = InMemoryCluster.create();
    private final List<ManagedChannel> channels = new ArrayList<>();
    private GrpcServer server;
    private ManagedChannel channel;

    @AfterEach
    void close() {
        channels.forEach(ManagedChannel::shutdownNow);
        if (server != null) {
            server.close();
        }
    }

    private StatefulSetServiceGrpc.StatefulSetServiceBlockingStub serve(ServerSettings settings) {
        cluster.apply(Manifests.web(3, "nginx:1.25"));
        server = NettyServers.statefulSetService(cluster, settings);
        channel = open();
        return stub(channel);
    }

    private ManagedChannel open() {
        ManagedChannel opened = Channels.open(NettyServers.client(server));
        channels.add(opened);
        return opened;
    }

    private static StatefulSetServiceGrpc.StatefulSetServiceBlockingStub stub(ManagedChannel channel) {
        return StatefulSetServiceGrpc.newBlockingStub(channel).withDeadlineAfter(10, TimeUnit.SECONDS);
    }

    private static StatusRuntimeException failure(Runnable call) {
        return catchThrowableOfType(StatusRuntimeException.class, call::run);
    }

    /** Sends raw bytes as the request of {@code method}, as a broken or hostile client could. */
    private StatusRuntimeException raw(String method, byte[] request) {
        MethodDescriptor<byte[], byte[]> descriptor = MethodDescriptor.<byte[], byte[]>newBuilder()
                .setType(MethodDescriptor.MethodType.UNARY).setFullMethodName(method)
                .setRequestMarshaller(Bytes.INSTANCE).setResponseMarshaller(Bytes.INSTANCE).build();
        return failure(() -> ClientCalls.blockingUnaryCall(channel, descriptor,
                CallOptions.DEFAULT.withDeadlineAfter(10, TimeUnit.SECONDS), request));
    }

    @Test
    void malformedProtobufIsInvalidArgument() {
        serve(ServerSettings.loopback(0));

        StatusRuntimeException e = raw("stateful.v1.StatefulSetService/GetStatefulSet", new byte[] {(byte) 0xFF, (byte) 0xFF, (byte) 0xFF});

        assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.INVALID_ARGUMENT);
        assertThat(e.getStatus().getDescription()).startsWith("malformed request");
        assertThat(dev.stateful.grpc.testing.BadRequests.of(e)).singleElement()
                .satisfies(v -> assertThat(v.getDescription()).startsWith("malformed request"));
    }

    @Test
    void invalidUtf8InAStringFieldIsInvalidArgument() {
        serve(ServerSettings.loopback(0));
        // GetStatefulSetRequest{ref: ObjectRef{name: 0xC3 0x28}}: field 1 (message), field 2 (string) of two bytes
        byte[] request = {0x0A, 0x04, 0x12, 0x02, (byte) 0xC3, 0x28};

        StatusRuntimeException e = raw("stateful.v1.StatefulSetService/GetStatefulSet", request);

        assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.INVALID_ARGUMENT);
        assertThat(e.getStatus().getDescription()).contains("UTF-8");
    }

    @Test
    void aPlanAtTheSmallestTimestampIsInvalidArgumentNamingTheField() {
        var stub = serve(ServerSettings.loopback(0));

        StatusRuntimeException e = failure(() -> stub.plan(PlanRequest.newBuilder()
                .setStatefulSet(Kube.json(Manifests.webJson(3, "nginx:1.25")))
                .setNow(Timestamp.newBuilder().setSeconds(Long.MIN_VALUE)).build()));

        assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.INVALID_ARGUMENT);
        assertThat(e.getStatus().getDescription()).startsWith("now: seconds -9223372036854775808 is out of range");
        assertThat(dev.stateful.grpc.testing.BadRequests.fields(e)).containsExactly("now");
    }

    @Test
    void aHugeProgressDeadlineIsInvalidArgument() {
        serve(ServerSettings.loopback(0));

        StatusRuntimeException e = failure(() -> StatefulSetServiceGrpc.newBlockingStub(channel).withDeadlineAfter(10, TimeUnit.SECONDS)
                .watchRollout(WatchRolloutRequest.newBuilder().setRef(ObjectRef.newBuilder().setName("web"))
                        .setProgressDeadline(Duration.newBuilder().setSeconds(Long.MAX_VALUE)).build()).next());

        assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.INVALID_ARGUMENT);
        assertThat(e.getStatus().getDescription()).startsWith("progress_deadline: seconds");
    }

    @Test
    void aHundredKilobyteNameIsEchoedAtMostAFewHundredCharactersAndTheChannelGoesOn() {
        var stub = serve(ServerSettings.loopback(0));
        String name = "x".repeat(100_000);

        StatusRuntimeException e = failure(() -> stub.getStatefulSet(GetStatefulSetRequest.newBuilder()
                .setRef(ObjectRef.newBuilder().setName(name)).build()));

        assertThat(e.getStatus().getCode()).isIn(Status.Code.INVALID_ARGUMENT, Status.Code.NOT_FOUND);
        assertThat(e.getStatus().getDescription()).hasSizeLessThan(500);
        assertThat(e.getTrailers() == null ? 0 : e.getTrailers().toString().length()).isLessThan(10_000);
        assertThat(stub.getStatefulSet(GetStatefulSetRequest.newBuilder().setRef(ObjectRef.newBuilder().setName("web")).build())
                .getStatefulSet().getRef().getName()).isEqualTo("web");
    }

    @Test
    void aLongNameIsCutInTheBadRequestDetailsOfASmallErrorToo() throws Exception {
        var stub = serve(ServerSettings.loopback(0));
        String container = "c".repeat(900);

        StatusRuntimeException e = failure(() -> stub.setImage(dev.stateful.grpc.v1.SetImageRequest.newBuilder()
                .setRef(ObjectRef.newBuilder().setName("web")).putImages(container, "nginx:2").build()));

        // grpc-go and grpc-js show the details' message, not the status description
        com.google.rpc.Status details = io.grpc.protobuf.StatusProto.fromThrowable(e);
        assertThat(details.getMessage()).hasSizeLessThan(400);
        assertThat(details.getDetailsList()).singleElement().satisfies(any -> assertThat(any.unpack(com.google.rpc.BadRequest.class)
                .getFieldViolationsList()).isNotEmpty().allSatisfy(v -> {
                    assertThat(v.getField()).hasSizeLessThan(400);
                    assertThat(v.getDescription()).hasSizeLessThan(400).contains("characters, cut");
                }));
    }

    @Test
    void streamsBeyondThePerConnectionLimitAreResourceExhausted() throws Exception {
        serve(ServerSettings.loopback(0).withLimits(new CallLimits(100, 1000, 2, 1000, 4)));
        StatefulSetServiceGrpc.StatefulSetServiceStub async = StatefulSetServiceGrpc.newStub(channel);
        List<CompletableFuture<Status>> open = new ArrayList<>();
        for (int i = 0; i < 2; i++) {
            CompletableFuture<RolloutEvent> first = new CompletableFuture<>();
            async.watchRollout(watchWeb(), observer(first, new CompletableFuture<>()));
            first.get(10, TimeUnit.SECONDS); // the stream is open and counted
        }

        CompletableFuture<Status> third = new CompletableFuture<>();
        async.watchRollout(watchWeb(), observer(new CompletableFuture<>(), third));

        Status refused = third.get(10, TimeUnit.SECONDS);
        assertThat(refused.getCode()).isEqualTo(Status.Code.RESOURCE_EXHAUSTED);
        assertThat(refused.getDescription()).contains("more than 2 concurrent streams on one connection");
        // another connection has its own allowance
        CompletableFuture<RolloutEvent> other = new CompletableFuture<>();
        StatefulSetServiceGrpc.newStub(open()).watchRollout(watchWeb(), observer(other, new CompletableFuture<>()));
        assertThat(other.get(10, TimeUnit.SECONDS)).isNotNull();
    }

    @Test
    void streamsBeyondTheServersLimitAreResourceExhaustedWhateverTheConnection() throws Exception {
        serve(ServerSettings.loopback(0).withLimits(new CallLimits(100, 1000, 100, 1, 4)));
        CompletableFuture<RolloutEvent> first = new CompletableFuture<>();
        StatefulSetServiceGrpc.newStub(channel).watchRollout(watchWeb(), observer(first, new CompletableFuture<>()));
        first.get(10, TimeUnit.SECONDS);

        CompletableFuture<Status> second = new CompletableFuture<>();
        StatefulSetServiceGrpc.newStub(open()).watchRollout(watchWeb(), observer(new CompletableFuture<>(), second));

        assertThat(second.get(10, TimeUnit.SECONDS).getCode()).isEqualTo(Status.Code.RESOURCE_EXHAUSTED);
    }

    @Test
    void callsRunOnAFixedNumberOfThreads() throws Exception {
        var stub = serve(ServerSettings.loopback(0).withLimits(new CallLimits(1000, 1000, 100, 1000, 3)));
        StatefulSetServiceGrpc.StatefulSetServiceFutureStub futures = StatefulSetServiceGrpc.newFutureStub(channel);
        List<com.google.common.util.concurrent.ListenableFuture<?>> calls = new ArrayList<>();
        for (int i = 0; i < 300; i++) {
            calls.add(futures.getStatefulSet(GetStatefulSetRequest.newBuilder().setRef(ObjectRef.newBuilder().setName("web")).build()));
        }
        for (var call : calls) {
            call.get(30, TimeUnit.SECONDS);
        }

        long callThreads = Thread.getAllStackTraces().keySet().stream().filter(t -> t.getName().startsWith("grpc-call-")).count();
        assertThat(callThreads).isBetween(1L, 3L);
        assertThat(stub.getStatefulSet(GetStatefulSetRequest.newBuilder().setRef(ObjectRef.newBuilder().setName("web")).build())
                .getStatefulSet().getRef().getName()).isEqualTo("web");
    }

    private static WatchRolloutRequest watchWeb() {
        return WatchRolloutRequest.newBuilder().setRef(ObjectRef.newBuilder().setName("web")).build();
    }

    private static StreamObserver<RolloutEvent> observer(CompletableFuture<RolloutEvent> first, CompletableFuture<Status> end) {
        return new StreamObserver<>() {
            @Override
            public void onNext(RolloutEvent value) {
                first.complete(value);
            }

            @Override
            public void onError(Throwable t) {
                end.complete(Status.fromThrowable(t));
            }

            @Override
            public void onCompleted() {
                end.complete(Status.OK);
            }
        };
    }

    private enum Bytes implements MethodDescriptor.Marshaller<byte[]> {
        INSTANCE;

        @Override
        public InputStream stream(byte[] value) {
            return new ByteArrayInputStream(value);
        }

        @Override
        public byte[] parse(InputStream stream) {
            try {
                return stream.readAllBytes();
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
        }
    }
}
