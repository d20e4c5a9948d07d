package dev.stateful.grpc.testing;

import dev.stateful.grpc.runtime.ClientSettings;
import dev.stateful.grpc.runtime.GrpcServer;
import dev.stateful.grpc.runtime.ServerSettings;
import dev.stateful.grpc.server.StatefulSetServiceImpl;
import dev.stateful.inmemory.InMemoryCluster;
import io.grpc.BindableService;
import java.time.Clock;
import java.util.List;
import java.util.function.BooleanSupplier;


/** A real server on loopback Netty in front of an in-memory cluster. */
public final class NettyServers {

    private NettyServers() {
    }

    /** The service as the tests serve it: over the cluster, one watch scheduler thread, the system clock. */
    public static StatefulSetServiceImpl service(InMemoryCluster cluster) {
        return new StatefulSetServiceImpl(InMemory.backend(cluster), Daemons.scheduler(1), Clock.systemUTC());
    }

    public static GrpcServer statefulSetService(InMemoryCluster cluster, ServerSettings settings) {
        return statefulSetService(cluster, settings, () -> true);
    }

    /** @param ready what the server's health service answers */
    public static GrpcServer statefulSetService(InMemoryCluster cluster, ServerSettings settings, BooleanSupplier ready) {
        List<BindableService> services = List.of(service(cluster));
        return GrpcServer.start(settings, services, ready);
    }

    public static ClientSettings client(GrpcServer server) {
        return ClientSettings.plaintext("localhost:" + server.port());
    }
}
