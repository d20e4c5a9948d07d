package dev.stateful.grpc.remote.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.stateful.grpc.runtime.ServerSettings;
import dev.stateful.grpc.testing.InProcessServer;
import dev.stateful.grpc.v1.ClusterReaderServiceGrpc;
import dev.stateful.grpc.v1.ListObjectsRequest;
import dev.stateful.grpc.v1.ListObjectsResponse;
import dev.stateful.ports.ApiException;
import io.grpc.Status;
import io.grpc.stub.StreamObserver;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * What the remote_ports.proto error contract promises of the client: only UNAVAILABLE is tried
 * again within a call; DEADLINE_EXCEEDED fails the call at once, as Unavailable, and the engine
 * retries the whole sync later with backoff.
 */
class RemoteCallsTest {

    private static final CallPolicy FOUR_ATTEMPTS = new CallPolicy(Duration.ofSeconds(5), 4, Duration.ofMillis(1), Duration.ofMillis(1));

    private final AtomicInteger attempts = new AtomicInteger();
    private final Failing service = new Failing();
    private final InProcessServer server = InProcessServer.start(ServerSettings.loopback(0), List.of(service));
    private final GrpcClusterReader reader = new GrpcClusterReader(ClusterReaderServiceGrpc.newBlockingStub(server.channel()),
            new RemoteCalls(FOUR_ATTEMPTS, () -> { }));

    @AfterEach
    void close() {
        server.close();
    }

    @Test
    void aDeadlineExceededFailsTheCallAtOnceAsUnavailable() {
        service.code = Status.DEADLINE_EXCEEDED;

        assertThatThrownBy(() -> reader.pods("default")).isInstanceOf(ApiException.Unavailable.class);
        assertThat(attempts).hasValue(1);
    }

    @Test
    void anUnavailableIsTriedAgainUpToTheAttemptsOfThePolicy() {
        service.code = Status.UNAVAILABLE;

        assertThatThrownBy(() -> reader.pods("default")).isInstanceOf(ApiException.Unavailable.class);
        assertThat(attempts).hasValue(FOUR_ATTEMPTS.maxAttempts());
    }

    /** Answers every ListPods with one status. */
    private final class Failing extends ClusterReaderServiceGrpc.ClusterReaderServiceImplBase {

        private volatile Status code;

        @Override
        public void listPods(ListObjectsRequest request, StreamObserver<ListObjectsResponse> out) {
            attempts.incrementAndGet();
            out.onError(code.withDescription("scripted").asRuntimeException());
        }
    }
}
