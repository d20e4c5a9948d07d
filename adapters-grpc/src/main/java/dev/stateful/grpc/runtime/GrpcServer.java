package dev.stateful.grpc.runtime;

import io.grpc.BindableService;
import io.grpc.InsecureServerCredentials;
import io.grpc.Server;
import io.grpc.ServerCredentials;
import io.grpc.netty.NettyServerBuilder;
import io.grpc.protobuf.services.HealthStatusManager;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** A running gRPC server on Netty; closing drains calls for the grace period, then cuts them. */
public final class GrpcServer implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(GrpcServer.class);

    private final Server server;
    private final ServerSettings settings;
    private final Readiness readiness;
    private final java.util.concurrent.ExecutorService executor;

    private GrpcServer(Server server, ServerSettings settings, Readiness readiness, java.util.concurrent.ExecutorService executor) {
        this.server = server;
        this.settings = settings;
        this.readiness = readiness;
        this.executor = executor;
    }

    /**
     * Checks the settings, binds and starts. Health turns SERVING once {@code ready} holds.
     *
     * @throws IllegalArgumentException with a clear message when the settings are unsafe or the port is taken
     */
    public static GrpcServer start(ServerSettings settings, List<BindableService> services, BooleanSupplier ready) {
        settings.check();
        ServerCredentials credentials = settings.tls().isPresent() ? settings.tls().get().credentials() : InsecureServerCredentials.create();
        NettyServerBuilder builder;
        try {
            builder = NettyServerBuilder.forAddress(new InetSocketAddress(settings.address(), settings.port()), credentials);
        } catch (IllegalArgumentException e) {
            throw settings.tls().map(tls -> tls.unusable(e)).orElse(e);
        }
        HealthStatusManager health = new HealthStatusManager();
        ServerAssembly.configure(builder, settings, services, health);
        java.util.concurrent.ExecutorService executor = settings.limits().executor();
        CallLimits limits = settings.limits();
        // the transport's own bound stays above the per-connection limits, so a caller past them gets RESOURCE_EXHAUSTED, not a queue
        builder.maxConcurrentCallsPerConnection(2 * (limits.callsPerConnection() + limits.streamsPerConnection()));
        // grpc-java's ServerImpl runs each call's method lookup (and with it the interceptors' startCall) on the builder's
        // executor before it asks the callExecutor where the rest goes; with the pool there, a Plan still crossed to a pool
        // thread and back to the event loop (ServerStream.request) before its message was read: two wake-ups per call.
        // The lookup is a map read and a few objects, so it runs where the headers arrived, and every call that is
        // not pure goes to the pool from there, as before; a pure one too once its request turns out large.
        InlineCalls inline = new InlineCalls(executor);
        builder.directExecutor().callExecutor(inline).addStreamTracerFactory(inline);
        Server server = builder.build();
        try {
            server.start();
        } catch (IOException e) {
            executor.shutdownNow();
            throw new IllegalArgumentException("cannot listen on " + settings.bindAddress() + ":" + settings.port() + ": " + e.getMessage(), e);
        }
        GrpcServer running = new GrpcServer(server, settings, Readiness.watch(server, health, ready), executor);
        LOG.info("gRPC server listening on {}:{} ({}{})", settings.bindAddress(), running.port(),
                settings.tls().map(t -> t.mutual() ? "mutual TLS" : "TLS").orElse("plaintext"),
                settings.token().isPresent() ? ", bearer token required" : "");
        return running;
    }

    /** The bound port (the chosen one when configured with 0). */
    public int port() {
        return server.getPort();
    }

    public ServerSettings settings() {
        return settings;
    }

    /** Blocks until the server has terminated. */
    public void awaitTermination() throws InterruptedException {
        server.awaitTermination();
    }

    @Override
    public void close() {
        readiness.close();
        server.shutdown();
        try {
            if (!server.awaitTermination(settings.shutdownGrace().toMillis(), TimeUnit.MILLISECONDS)) {
                server.shutdownNow();
                server.awaitTermination(1, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            server.shutdownNow();
            Thread.currentThread().interrupt();
        } finally {
            executor.shutdownNow();
        }
    }
}
