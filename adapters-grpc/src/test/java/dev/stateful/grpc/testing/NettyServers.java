package dev.stateful.grpc.testing;

import dev.stateful.grpc.runtime.ClientSettings;
import dev.stateful.grpc.runtime.GrpcServer;
import dev.stateful.grpc.runtime.ServerSettings;
import dev.stateful.grpc.server.StatefulSetServiceImpl;
import dev.stateful.inmemory.InMemoryCluster;
import io.grpc.BindableService;
import java.time.Clock;
import java.util.List;


/** A real server on loopback Netty in front of an in-memory cluster. */
public final class NettyServers {

    private NettyServers() {
    }

    public static GrpcServer statefulSetService(InMemoryCluster cluster, ServerSettings settings) {
        List<BindableService> services = List.of(new StatefulSetServiceImpl(InMemory.backend(cluster),
                Daemons.scheduler(1), Clock.systemUTC()));
        return GrpcServer.start(settings, services, () -> true);
    }

    public static ClientSettings client(GrpcServer server) {
        return ClientSettings.plaintext("localhost:" + server.port());
    }
}
