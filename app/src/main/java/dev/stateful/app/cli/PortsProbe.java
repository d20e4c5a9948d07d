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
import java.util.concurrent.TimeUnit;

/**
 * Tells the person running {@code engine} whether its ports server answers: the engine itself
 * retries quietly (its sync loop backs off), so without this an unreachable server looks like an
 * idle controller. One line when the server cannot be reached, one when it answers again.
 */
final class PortsProbe implements AutoCloseable {

    static final Duration INTERVAL = Duration.ofSeconds(5);

    private final ClientSettings settings;
    private final PrintWriter err;
    private final Thread thread;

    PortsProbe(ClientSettings settings, PrintWriter err) {
        this.settings = settings;
        this.err = err;
        this.thread = new Thread(this::run, "ports-probe");
        this.thread.setDaemon(true);
    }

    PortsProbe start() {
        thread.start();
        return this;
    }

    private void run() {
        ManagedChannel channel = Channels.open(settings);
        boolean reported = false;
        try {
            while (!Thread.currentThread().isInterrupted()) {
                String failure = probe(channel);
                if (failure != null && !reported) {
                    err.println("warning: " + failure + "; retrying until it answers");
                    err.flush();
                    reported = true;
                } else if (failure == null && reported) {
                    err.println("the remote ports at " + settings.target() + " answer again");
                    err.flush();
                    reported = false;
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

    /** Null when the server answers (a server without the health service answers too). */
    private String probe(ManagedChannel channel) {
        try {
            HealthGrpc.newBlockingStub(channel).withDeadlineAfter(3, TimeUnit.SECONDS).check(HealthCheckRequest.getDefaultInstance());
            return null;
        } catch (StatusRuntimeException e) {
            Status.Code code = e.getStatus().getCode();
            if (code != Status.Code.UNAVAILABLE && code != Status.Code.DEADLINE_EXCEEDED) {
                return null;
            }
            return ServerCalls.describe(e.getStatus(), settings.target());
        }
    }

    @Override
    public void close() {
        thread.interrupt();
    }
}
