package dev.stateful.grpc.runtime;

import io.grpc.Server;
import io.grpc.ServerServiceDefinition;
import io.grpc.ServiceDescriptor;
import io.grpc.health.v1.HealthCheckResponse.ServingStatus;
import io.grpc.protobuf.services.HealthStatusManager;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@code grpc.health.v1.Health} for a server: NOT_SERVING for the server ("") and each service
 * until {@code ready} holds (the caches have synced), SERVING while it holds, NOT_SERVING again when
 * it stops holding (what serves the calls is gone, e.g. the thread running the embedded cluster),
 * and NOT_SERVING for good once closed.
 */
public final class Readiness implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(Readiness.class);
    private static final long POLL_MILLIS = 50;

    private final HealthStatusManager health;
    private final List<String> services;
    private final BooleanSupplier ready;
    private final ScheduledExecutorService poller;
    private volatile boolean serving;

    private Readiness(HealthStatusManager health, List<String> services, BooleanSupplier ready) {
        this.health = health;
        this.services = services;
        this.ready = ready;
        setAll(ServingStatus.NOT_SERVING);
        this.poller = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "grpc-readiness");
            t.setDaemon(true);
            return t;
        });
        poller.scheduleWithFixedDelay(this::check, 0, POLL_MILLIS, TimeUnit.MILLISECONDS);
    }

    /** Starts reporting for every service of {@code server}. */
    public static Readiness watch(Server server, HealthStatusManager health, BooleanSupplier ready) {
        List<String> names = server.getServices().stream()
                .map(ServerServiceDefinition::getServiceDescriptor).map(ServiceDescriptor::getName).toList();
        return new Readiness(health, names, ready);
    }

    private void check() {
        boolean now = ready.getAsBoolean();
        if (now == serving) {
            return;
        }
        serving = now;
        setAll(now ? ServingStatus.SERVING : ServingStatus.NOT_SERVING);
        if (now) {
            LOG.info("gRPC server is serving");
        } else {
            LOG.error("gRPC server is no longer serving: what answers its calls is gone");
        }
    }

    private void setAll(ServingStatus status) {
        services.forEach(name -> health.setStatus(name, status));
        health.setStatus(HealthStatusManager.SERVICE_NAME_ALL_SERVICES, status);
    }

    @Override
    public void close() {
        poller.shutdownNow();
        health.enterTerminalState();
    }
}
