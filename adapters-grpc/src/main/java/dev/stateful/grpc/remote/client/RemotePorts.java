package dev.stateful.grpc.remote.client;

import dev.stateful.grpc.remote.PortSet;
import dev.stateful.grpc.runtime.Channels;
import dev.stateful.grpc.runtime.ClientSettings;
import dev.stateful.grpc.v1.ClaimControlServiceGrpc;
import dev.stateful.grpc.v1.ClusterEventsServiceGrpc;
import dev.stateful.grpc.v1.ClusterReaderServiceGrpc;
import dev.stateful.grpc.v1.EventRecorderServiceGrpc;
import dev.stateful.grpc.v1.PodControlServiceGrpc;
import dev.stateful.grpc.v1.RevisionControlServiceGrpc;
import dev.stateful.grpc.v1.StatusWriterServiceGrpc;
import io.grpc.Channel;
import io.grpc.ManagedChannel;
import io.grpc.Status;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * Every port implemented by calling remote-ports services: the gRPC client adapter. Writes and
 * reads are unary calls with a deadline each and bounded retries on UNAVAILABLE; the watch is one
 * server stream that reconnects. Status codes come back as the port's ApiExceptions.
 */
public final class RemotePorts implements AutoCloseable {

    private final Optional<ManagedChannel> owned;
    private final PortSet ports;
    private final GrpcClusterEvents events;

    private RemotePorts(Channel channel, Optional<ManagedChannel> owned, CallPolicy policy, String namespace) {
        this.owned = owned;
        // a channel waits out its own reconnect backoff (up to minutes); our retries ask it to try now
        Runnable reconnectNow = channel instanceof ManagedChannel managed ? managed::resetConnectBackoff : () -> { };
        RemoteCalls calls = new RemoteCalls(policy, reconnectNow);
        this.events = new GrpcClusterEvents(ClusterEventsServiceGrpc.newStub(channel), namespace, reconnectNow);
        this.ports = new PortSet(
                new GrpcClusterReader(ClusterReaderServiceGrpc.newBlockingStub(channel), calls),
                events,
                new GrpcPodControl(PodControlServiceGrpc.newBlockingStub(channel), calls),
                new GrpcClaimControl(ClaimControlServiceGrpc.newBlockingStub(channel), calls),
                new GrpcRevisionControl(RevisionControlServiceGrpc.newBlockingStub(channel), calls),
                new GrpcStatusWriter(StatusWriterServiceGrpc.newBlockingStub(channel), calls),
                new GrpcEventRecorder(EventRecorderServiceGrpc.newBlockingStub(channel), calls));
    }

    /** Connects to a remote-ports server; closing closes the channel. */
    public static RemotePorts connect(ClientSettings settings, CallPolicy policy) {
        ManagedChannel channel = Channels.open(settings);
        return new RemotePorts(channel, Optional.of(channel), policy, "");
    }

    /** Over a channel the caller owns (and closes). */
    public static RemotePorts over(Channel channel, CallPolicy policy) {
        return new RemotePorts(channel, Optional.empty(), policy, "");
    }

    public PortSet ports() {
        return ports;
    }

    /**
     * Why the server refuses the cluster watch, while it refuses it in a way that retrying alone
     * does not mend: UNIMPLEMENTED (it does not serve the remote ports, e.g. a {@code serve} without
     * {@code --remote-ports}), UNAUTHENTICATED or PERMISSION_DENIED (a token or client certificate
     * it does not accept). Nothing syncs before the watch has listed, so this is what an engine
     * that stays idle is waiting for. Empty once the stream delivers.
     */
    public Optional<Status> watchRefusal() {
        return events.refusal();
    }

    @Override
    public void close() {
        events.close();
        owned.ifPresent(channel -> {
            channel.shutdown();
            try {
                if (!channel.awaitTermination(2, TimeUnit.SECONDS)) {
                    channel.shutdownNow();
                }
            } catch (InterruptedException e) {
                channel.shutdownNow();
                Thread.currentThread().interrupt();
            }
        });
    }
}
