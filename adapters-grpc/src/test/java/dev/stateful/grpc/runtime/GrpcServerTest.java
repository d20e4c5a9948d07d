package dev.stateful.grpc.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.stateful.grpc.security.BearerToken;
import dev.stateful.grpc.testing.Kube;
import dev.stateful.grpc.testing.Manifests;
import dev.stateful.grpc.testing.NettyServers;
import dev.stateful.grpc.v1.StatefulSetServiceGrpc;
import dev.stateful.grpc.v1.ValidateRequest;
import dev.stateful.inmemory.InMemoryCluster;
import io.grpc.ManagedChannel;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.health.v1.HealthCheckRequest;
import io.grpc.health.v1.HealthCheckResponse.ServingStatus;
import io.grpc.health.v1.HealthGrpc;
import io.grpc.reflection.v1.ServerReflectionGrpc;
import io.grpc.reflection.v1.ServerReflectionRequest;
import io.grpc.reflection.v1.ServerReflectionResponse;
import io.grpc.reflection.v1.ServiceResponse;
import io.grpc.stub.StreamObserver;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The server on loopback Netty: where it listens, health, reflection and the request size bound. */
class GrpcServerTest {

    private final InMemoryCluster cluster = InMemoryCluster.create();
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

    private GrpcServer start(ServerSettings settings, AtomicBoolean ready) {
        server = NettyServers.statefulSetService(cluster, settings, ready::get);
        channel = Channels.open(NettyServers.client(server));
        return server;
    }

    private ServingStatus health(String service) {
        return HealthGrpc.newBlockingStub(channel).withDeadlineAfter(5, TimeUnit.SECONDS)
                .check(HealthCheckRequest.newBuilder().setService(service).build()).getStatus();
    }

    @Test
    void healthSaysNotServingUntilTheClusterViewIsCompleteThenServing() throws InterruptedException {
        AtomicBoolean ready = new AtomicBoolean(false);
        start(ServerSettings.loopback(0), ready);

        assertThat(health("")).isEqualTo(ServingStatus.NOT_SERVING);
        assertThat(health(StatefulSetServiceGrpc.SERVICE_NAME)).isEqualTo(ServingStatus.NOT_SERVING);

        ready.set(true);
        long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (health("") != ServingStatus.SERVING && System.nanoTime() < until) {
            TimeUnit.MILLISECONDS.sleep(20);
        }
        assertThat(health("")).isEqualTo(ServingStatus.SERVING);
        assertThat(health(StatefulSetServiceGrpc.SERVICE_NAME)).isEqualTo(ServingStatus.SERVING);
    }

    @Test
    void healthTurnsNotServingWhenWhatServesTheCallsIsGone() throws InterruptedException {
        AtomicBoolean ready = new AtomicBoolean(true);
        start(ServerSettings.loopback(0), ready);
        awaitHealth(ServingStatus.SERVING);

        ready.set(false); // e.g. the thread running serve's embedded cluster died

        awaitHealth(ServingStatus.NOT_SERVING);
        assertThat(health(StatefulSetServiceGrpc.SERVICE_NAME)).isEqualTo(ServingStatus.NOT_SERVING);
    }

    private void awaitHealth(ServingStatus wanted) throws InterruptedException {
        long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (health("") != wanted && System.nanoTime() < until) {
            TimeUnit.MILLISECONDS.sleep(20);
        }
        assertThat(health("")).isEqualTo(wanted);
    }

    @Test
    void byDefaultItListensOnLoopbackOnly() {
        assertThat(ServerSettings.loopback(0).bindAddress()).isEqualTo("127.0.0.1");
        assertThat(ServerSettings.loopback(0).loopbackOnly()).isTrue();
        assertThat(ServerSettings.loopback(0).withBindAddress("0.0.0.0").loopbackOnly()).isFalse();
    }

    @Test
    void itRefusesToListenBeyondLoopbackWithoutAToken() {
        assertThatThrownBy(() -> start(ServerSettings.loopback(0).withBindAddress("0.0.0.0"), new AtomicBoolean(true)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("refusing to listen on 0.0.0.0 without authentication")
                .hasMessageContaining("--token-file");
    }

    private static final BearerToken LONG_TOKEN = BearerToken.of("0123456789abcdef0123456789abcdef");

    @Test
    void beyondLoopbackATokenShorterThan32BytesIsRefused() {
        assertThatThrownBy(() -> start(ServerSettings.loopback(0).withBindAddress("0.0.0.0").withToken(BearerToken.of("s3cret"))
                .withInsecurePlaintext(true), new AtomicBoolean(true)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("refusing to listen on 0.0.0.0 with a 6-byte token: beyond loopback the bearer token must be at least "
                        + "32 bytes (e.g. `openssl rand -hex 32`)");
    }

    @Test
    void beyondLoopbackPlaintextIsRefusedUnlessAskedForByItsInsecureName() {
        assertThatThrownBy(() -> start(ServerSettings.loopback(0).withBindAddress("0.0.0.0").withToken(LONG_TOKEN), new AtomicBoolean(true)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("refusing to serve plaintext on 0.0.0.0: beyond loopback TLS is required")
                .hasMessageContaining("--insecure-plaintext");
    }

    @Test
    void beyondLoopbackWithALongTokenAndPlaintextAskedForItStarts() {
        start(ServerSettings.loopback(0).withBindAddress("0.0.0.0").withToken(LONG_TOKEN).withInsecurePlaintext(true), new AtomicBoolean(true));

        assertThat(server.port()).isPositive();
    }

    @Test
    void aPortInUseIsOneClearError() {
        start(ServerSettings.loopback(0), new AtomicBoolean(true));

        assertThatThrownBy(() -> GrpcServer.start(ServerSettings.loopback(server.port()), List.of(), () -> true))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("cannot listen on 127.0.0.1:" + server.port());
    }

    @Test
    void aRequestLargerThanTheBoundIsRefused() {
        start(ServerSettings.loopback(0), new AtomicBoolean(true));
        String padding = "x".repeat(ServerSettings.DEFAULT_MAX_INBOUND_MESSAGE_BYTES + 1);
        String huge = Manifests.webJson(1, "nginx:1.25").replace("\"web\"", "\"web\",\"annotations\":{\"pad\":\"" + padding + "\"}");

        StatusRuntimeException e = catchThrowableOfType(StatusRuntimeException.class, () -> StatefulSetServiceGrpc.newBlockingStub(channel)
                .validate(ValidateRequest.newBuilder().setStatefulSet(Kube.json(huge)).build()));

        assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.RESOURCE_EXHAUSTED);
    }

    @Test
    void theBoundIsConfigurable() {
        start(ServerSettings.loopback(0).withMaxInboundMessageBytes(1024), new AtomicBoolean(true));

        StatusRuntimeException e = catchThrowableOfType(StatusRuntimeException.class, () -> StatefulSetServiceGrpc.newBlockingStub(channel)
                .validate(ValidateRequest.newBuilder().setStatefulSet(Kube.json(Manifests.webJson(1, "nginx:" + "1".repeat(2000)))).build()));

        assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.RESOURCE_EXHAUSTED);
    }

    @Test
    void aClientThatSpeaksOnlyReflectionV1alphaFindsTheServicesAndTheirFiles() throws Exception {
        start(ServerSettings.loopback(0), new AtomicBoolean(true));
        BlockingQueue<io.grpc.reflection.v1alpha.ServerReflectionResponse> answers = new LinkedBlockingQueue<>();
        CompletableFuture<Void> ended = new CompletableFuture<>();
        StreamObserver<io.grpc.reflection.v1alpha.ServerReflectionRequest> requests = io.grpc.reflection.v1alpha.ServerReflectionGrpc
                .newStub(channel).serverReflectionInfo(new StreamObserver<>() {
                    @Override
                    public void onNext(io.grpc.reflection.v1alpha.ServerReflectionResponse value) {
                        answers.add(value);
                    }

                    @Override
                    public void onError(Throwable t) {
                        ended.completeExceptionally(t);
                    }

                    @Override
                    public void onCompleted() {
                        ended.complete(null);
                    }
                });
        requests.onNext(io.grpc.reflection.v1alpha.ServerReflectionRequest.newBuilder().setListServices("").build());
        requests.onNext(io.grpc.reflection.v1alpha.ServerReflectionRequest.newBuilder()
                .setFileContainingSymbol("stateful.v1.StatefulSetService").build());

        var listed = answers.poll(5, TimeUnit.SECONDS);
        var file = answers.poll(5, TimeUnit.SECONDS);
        requests.onCompleted();
        assertThat(ended).isNotCompletedExceptionally();
        assertThat(listed.getListServicesResponse().getServiceList()).extracting(io.grpc.reflection.v1alpha.ServiceResponse::getName)
                .contains("stateful.v1.StatefulSetService", "grpc.reflection.v1alpha.ServerReflection", "grpc.reflection.v1.ServerReflection");
        assertThat(file.getFileDescriptorResponse().getFileDescriptorProtoCount()).isPositive();
    }

    @Test
    void reflectionListsTheServicesSoToolsCanDiscoverThem() throws Exception {
        start(ServerSettings.loopback(0), new AtomicBoolean(true));
        CompletableFuture<ServerReflectionResponse> answer = new CompletableFuture<>();
        StreamObserver<ServerReflectionRequest> requests = ServerReflectionGrpc.newStub(channel).serverReflectionInfo(new StreamObserver<>() {
            @Override
            public void onNext(ServerReflectionResponse value) {
                answer.complete(value);
            }

            @Override
            public void onError(Throwable t) {
                answer.completeExceptionally(t);
            }

            @Override
            public void onCompleted() {
            }
        });
        requests.onNext(ServerReflectionRequest.newBuilder().setListServices("").build());

        List<String> services = answer.get(5, TimeUnit.SECONDS).getListServicesResponse().getServiceList().stream()
                .map(ServiceResponse::getName).toList();
        requests.onCompleted();
        assertThat(services).contains("stateful.v1.StatefulSetService", "grpc.health.v1.Health", "grpc.reflection.v1.ServerReflection");
    }
}
