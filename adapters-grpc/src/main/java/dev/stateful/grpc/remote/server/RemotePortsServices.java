package dev.stateful.grpc.remote.server;

import dev.stateful.grpc.remote.PortSet;
import io.grpc.BindableService;
import java.util.List;
import java.util.concurrent.ScheduledExecutorService;

/**
 * The remote-ports services over a set of ports objects (the app backs them with the in-memory
 * cluster), so that an engine in another process can drive them. Port exceptions become the
 * status codes of the contract in {@code remote_ports.proto}.
 */
public final class RemotePortsServices {

    private RemotePortsServices() {
    }

    /** @param executor sends the watch streams */
    public static List<BindableService> of(PortSet ports, ScheduledExecutorService executor) {
        return List.of(
                new PodControlEndpoint(ports.pods()),
                new ClaimControlEndpoint(ports.claims()),
                new RevisionControlEndpoint(ports.revisions()),
                new StatusWriterEndpoint(ports.status()),
                new EventRecorderEndpoint(ports.events()),
                new ClusterReaderEndpoint(ports.reader()),
                new ClusterEventsEndpoint(ports.clusterEvents(), ports.reader(), executor));
    }
}
