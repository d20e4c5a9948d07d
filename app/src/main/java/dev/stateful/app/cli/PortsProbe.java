package dev.stateful.app.cli;

import dev.stateful.grpc.runtime.Channels;
import dev.stateful.grpc.runtime.ClientSettings;
import io.grpc.ManagedChannel;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.health.v1.HealthCheckRequest;
import io.grpc.health.v1.HealthGrpc;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * Tells the person running {@code engine} whether its ports server answers: the engine itself
 * retries quietly (its sync loop backs off), so without this an unreachable server looks like an
 * idle controller. So does a server that answers but refuses the engine's cluster watch (no remote
 * ports served there, a token it does not accept): the health check needs neither, so the refusal
 * the watch last met is asked for too. One line when either starts (or changes), one when the server
 * answers again.
 */
final class PortsProbe implements AutoCloseable {

    static final Duration INTERVAL = Duration.ofSeconds(5);

    private final ClientSettings settings;
    private final PrintWriter err;
    private final Supplier<Optional<Status>> watchRefusal;
    private final Thread thread;

    PortsProbe(ClientSettings settings, PrintWriter err, Supplier<Optional<Status>> watchRefusal) {
        this.settings = settings;
        this.err = err;
        this.watchRefusal = watchRefusal;
        this.thread = new Thread(this::run, "ports-probe");
        this.thread.setDaemon(true);
    }

    PortsProbe start() {
        thread.start();
        return this;
    }

    private void run() {
        ManagedChannel channel = Channels.open(settings);
        String reported = null;
        try {
            while (!Thread.currentThread().isInterrupted()) {
                String failure = probe(channel);
                if (failure != null && !failure.equals(reported)) {
                    err.println("warning: " + failure);
                    err.flush();
                    reported = failure;
                } else if (failure == null && reported != null) {
                    err.println("the remote ports at " + settings.target() + " answer again");
                    err.flush();
                    reported = null;
                }
                TimeUnit.MILLISECONDS.sleep(INTERVAL.toMillis());
                channel.resetConnectBackoff();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            channel.shutdownNow();
        }
    }

    /** Null when the server answers (a server without the health service answers too) and does not refuse the watch. */
    private String probe(ManagedChannel channel) {
        try {
            HealthGrpc.newBlockingStub(channel).withDeadlineAfter(3, TimeUnit.SECONDS).check(HealthCheckRequest.getDefaultInstance());
        } catch (StatusRuntimeException e) {
            Status.Code code = e.getStatus().getCode();
            if (code == Status.Code.UNAVAILABLE || code == Status.Code.DEADLINE_EXCEEDED) {
                return ServerCalls.describe(e.getStatus(), settings.target()) + "; retrying until it answers";
            }
        }
        return watchRefusal.get().map(this::refused).orElse(null);
    }

    private String refused(Status status) {
        String hint = status.getCode() == Status.Code.UNIMPLEMENTED ? " (is it `stateful serve --remote-ports`, or another server of the remote ports?)" : "";
        return "the server at " + settings.target() + " refuses the cluster watch: " + ServerCalls.describe(status, settings.target()) + hint
                + "; nothing is synced until it accepts it, retrying";
    }

    @Override
    public void close() {
        thread.interrupt();
    }
}
