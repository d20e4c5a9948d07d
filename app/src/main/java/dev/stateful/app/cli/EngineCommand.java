package dev.stateful.app.cli;

import com.google.inject.Injector;
import dev.stateful.app.ExitCodes;
import dev.stateful.app.wiring.Injectors;
import dev.stateful.grpc.engine.SyncLoop;
import dev.stateful.grpc.remote.client.CallPolicy;
import dev.stateful.grpc.remote.client.RemotePorts;
import dev.stateful.ports.reconcile.StatefulSetReconciler;
import java.io.PrintWriter;
import java.time.Clock;
import java.time.Duration;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code stateful engine --ports grpc://host:port}: the StatefulSet controller driving remote
 * ports (any infrastructure that implements the {@code stateful.v1} remote-ports services, e.g.
 * {@code stateful serve --remote-ports}). Blocks until SIGTERM (or interruption).
 */
@Command(name = "engine", mixinStandardHelpOptions = true,
        description = "Run the StatefulSet controller against remote ports served over gRPC (e.g. by `stateful serve --remote-ports`).")
public final class EngineCommand implements Callable<Integer> {

    @Option(names = "--ports", required = true, paramLabel = "grpc://HOST:PORT",
            description = "the remote-ports server, e.g. grpc://127.0.0.1:50051 (the address `stateful serve --remote-ports` prints)")
    String ports;

    @Option(names = "--resync-seconds", paramLabel = "SECONDS", defaultValue = "30", description = "sync every set at least this often (default: ${DEFAULT-VALUE})")
    long resyncSeconds;

    @Option(names = "--call-timeout-seconds", paramLabel = "SECONDS", defaultValue = "10", description = "deadline of each remote call (default: ${DEFAULT-VALUE})")
    long callTimeoutSeconds;

    @Mixin
    ConnectionOptions connection;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        // zero would spin (a resync every instant) or fail every call (a deadline already passed)
        requireAtLeastOne("--resync-seconds", resyncSeconds);
        requireAtLeastOne("--call-timeout-seconds", callTimeoutSeconds);
        PrintWriter out = spec.commandLine().getOut();
        CallPolicy defaults = CallPolicy.defaults();
        CallPolicy policy = new CallPolicy(Duration.ofSeconds(callTimeoutSeconds), defaults.maxAttempts(), defaults.initialBackoff(), defaults.maxBackoff());
        CountDownLatch stop = new CountDownLatch(1);
        CountDownLatch stopped = new CountDownLatch(1);
        Thread shutdown = new Thread(() -> {
            stop.countDown();
            awaitQuietly(stopped); // let the sync in flight finish before the JVM exits
        }, "engine-shutdown");
        try (RemotePorts remote = RemotePorts.connect(connection.settings(ports), policy);
             PortsProbe probe = new PortsProbe(connection.settings(ports), spec.commandLine().getErr(), remote::watchRefusal).start()) {
            Injector injector = Injectors.remoteEngine(remote.ports());
            try (SyncLoop loop = new SyncLoop(remote.ports().reader(), remote.ports().clusterEvents(),
                    injector.getInstance(StatefulSetReconciler.class), Duration.ofSeconds(resyncSeconds), Clock.systemUTC()).start()) {
                out.println("the controller runs against the remote ports at " + ports);
                out.flush();
                Runtime.getRuntime().addShutdownHook(shutdown);
                stop.await();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (IllegalArgumentException e) {
            spec.commandLine().getErr().println("error: " + e.getMessage());
            return ExitCodes.INVALID;
        } finally {
            stopped.countDown();
            try {
                Runtime.getRuntime().removeShutdownHook(shutdown);
            } catch (IllegalStateException | IllegalArgumentException ignored) {
                // exiting, or never added
            }
        }
        return ExitCodes.OK;
    }

    private static void awaitQuietly(CountDownLatch latch) {
        try {
            latch.await(30, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void requireAtLeastOne(String option, long seconds) {
        if (seconds < 1) {
            throw new CommandLine.ParameterException(spec.commandLine(), option + " must be at least 1, got " + seconds);
        }
    }
}
