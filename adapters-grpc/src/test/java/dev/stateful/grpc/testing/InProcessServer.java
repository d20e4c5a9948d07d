package dev.stateful.grpc.testing;

import dev.stateful.grpc.runtime.Readiness;
import dev.stateful.grpc.runtime.ServerAssembly;
import dev.stateful.grpc.runtime.ServerSettings;
import dev.stateful.grpc.security.BearerToken;
import dev.stateful.grpc.security.BearerTokenClientInterceptor;
import io.grpc.BindableService;
import io.grpc.ManagedChannel;
import io.grpc.Server;
import io.grpc.inprocess.InProcessChannelBuilder;
import io.grpc.inprocess.InProcessServerBuilder;
import io.grpc.protobuf.services.HealthStatusManager;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

/** The server assembly of production (interceptors, health, reflection, size bound) on the in-process transport. */
public final class InProcessServer implements AutoCloseable {

    private final Server server;
    private final Readiness readiness;
    private final String name;
    private final ManagedChannel channel;

    private InProcessServer(Server server, Readiness readiness, String name, Optional<BearerToken> token) {
        this.server = server;
        this.readiness = readiness;
        this.name = name;
        InProcessChannelBuilder builder = InProcessChannelBuilder.forName(name).directExecutor();
        token.ifPresent(t -> builder.intercept(new BearerTokenClientInterceptor(t)));
        this.channel = builder.build();
    }

    public static InProcessServer start(ServerSettings settings, List<BindableService> services) {
        return start(settings, services, () -> true);
    }

    /** The client channel carries the settings' token, if any. */
    public static InProcessServer start(ServerSettings settings, List<BindableService> services, BooleanSupplier ready) {
        String name = InProcessServerBuilder.generateName();
        InProcessServerBuilder builder = InProcessServerBuilder.forName(name);
        HealthStatusManager health = new HealthStatusManager();
        ServerAssembly.configure(builder, settings, services, health);
        Server server = builder.build();
        try {
            server.start();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return new InProcessServer(server, Readiness.watch(server, health, ready), name, settings.token());
    }

    /** A channel that sends the server's token (when it has one). */
    public ManagedChannel channel() {
        return channel;
    }

    /** A channel without credentials. */
    public ManagedChannel anonymousChannel() {
        return InProcessChannelBuilder.forName(name).directExecutor().build();
    }

    @Override
    public void close() {
        channel.shutdownNow();
        readiness.close();
        server.shutdownNow();
        try {
            server.awaitTermination(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
