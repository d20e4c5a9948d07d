package dev.stateful.grpc.testing;

import dev.stateful.grpc.remote.PortSet;
import dev.stateful.grpc.remote.server.RemotePortsServices;
import dev.stateful.grpc.runtime.GrpcServer;
import dev.stateful.grpc.runtime.ServerSettings;
import dev.stateful.inmemory.InMemoryCluster;
import java.time.Duration;
import java.util.concurrent.ScheduledExecutorService;

/**
 * An in-memory cluster's ports (or any) served on loopback Netty, as {@code serve --remote-ports} does, that
 * a test can stop and start again on the same port (the remote side failing and coming back).
 */
public final class RemotePortsServer implements AutoCloseable {

    private final PortSet ports;
    private final ScheduledExecutorService executor = Daemons.scheduler(2);
    private GrpcServer server;
    private int port;

    public RemotePortsServer(InMemoryCluster cluster) {
        this(InMemory.ports(cluster));
    }

    public RemotePortsServer(PortSet ports) {
        this.ports = ports;
        this.server = start(0);
        this.port = server.port();
    }

    private GrpcServer start(int wanted) {
        return GrpcServer.start(ServerSettings.loopback(wanted).withShutdownGrace(Duration.ofMillis(100)), RemotePortsServices.of(ports, executor), () -> true);
    }

    public int port() {
        return port;
    }

    public String target() {
        return "localhost:" + port;
    }

    public void stop() {
        server.close();
        server = null;
    }

    /** Starts again on the same port (retrying while the old socket lingers). */
    public void restart() {
        long until = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (true) {
            try {
                server = start(port);
                return;
            } catch (IllegalArgumentException portStillTaken) {
                if (System.nanoTime() > until) {
                    throw portStillTaken;
                }
                pause();
            }
        }
    }

    private static void pause() {
        try {
            Thread.sleep(50);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted restarting the server", e);
        }
    }

    @Override
    public void close() {
        if (server != null) {
            server.close();
        }
        executor.shutdownNow();
    }
}
