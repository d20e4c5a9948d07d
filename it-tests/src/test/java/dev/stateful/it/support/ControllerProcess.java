package dev.stateful.it.support;

import dev.stateful.testsupport.Eventually;
import dev.stateful.testsupport.LoopbackPorts;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * {@code stateful controller} as a separate JVM (the test's own classpath, the real main), so
 * that it can be stopped with SIGTERM, killed with SIGKILL like a pod, or paused with SIGSTOP and
 * resumed with SIGCONT.
 */
public final class ControllerProcess implements AutoCloseable {

    private final Process process;
    private final Path log;
    private final int port;

    private ControllerProcess(Process process, Path log, int port) {
        this.process = process;
        this.log = log;
        this.port = port;
    }

    /**
     * Starts {@code stateful controller --kubeconfig <kubeconfig> --metrics-port <free port> --metrics-secure=false
     * --bind-address=127.0.0.1 <flags>} (the address only if {@code flags} name none),
     * output to {@code log}.
     */
    public static ControllerProcess start(Path kubeconfig, Path log, String... flags) {
        int port = LoopbackPorts.free();
        List<String> command = new ArrayList<>(List.of(
                // quick to start on a small machine: client compiler only, serial GC
                Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx256m", "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC",
                "-cp", System.getProperty("java.class.path"), "dev.stateful.app.cli.Main", "controller",
                "--kubeconfig", kubeconfig.toString(), "--metrics-port", String.valueOf(port), TestCluster.INSECURE_METRICS));
        if (java.util.stream.Stream.of(flags).noneMatch(f -> f.startsWith("--kinds"))) {
            command.addAll(TestCluster.APPS_KIND);
        }
        if (java.util.stream.Stream.of(flags).noneMatch(f -> f.startsWith("--bind-address"))) {
            command.add(TestCluster.LOOPBACK);
        }
        command.addAll(List.of(flags));
        try {
            Process process = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
            return new ControllerProcess(process, log, port);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Waits until /readyz answers 200: the process is up and its caches are synced. */
    public ControllerProcess awaitReady(Duration timeout) {
        HttpClient http = HttpClient.newHttpClient();
        HttpRequest readyz = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/readyz")).build();
        try {
            Eventually.await("controller process ready", timeout, () -> {
                if (!process.isAlive()) {
                    throw new AssertionError("controller exited with " + process.exitValue());
                }
                try {
                    return http.send(readyz, HttpResponse.BodyHandlers.discarding()).statusCode() == 200;
                } catch (IOException e) {
                    return false;
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return false;
                }
            });
        } catch (AssertionError e) {
            throw new AssertionError(e.getMessage() + "; its log:\n" + log(), e);
        }
        return this;
    }

    /** SIGKILL: the process dies without releasing anything. */
    public void kill() {
        process.destroyForcibly();
        awaitExit();
    }

    /** SIGSTOP: the process freezes where it is (a long GC pause, a stopped container), holding whatever it held. */
    public void pause() {
        signal("STOP");
    }

    /** SIGCONT: a paused process runs on from where it froze; its monotonic clock has moved on meanwhile. */
    public void resume() {
        signal("CONT");
    }

    private void signal(String name) {
        try {
            Process kill = new ProcessBuilder("kill", "-" + name, String.valueOf(process.pid())).redirectErrorStream(true).start();
            if (!kill.waitFor(10, TimeUnit.SECONDS) || kill.exitValue() != 0) {
                throw new AssertionError("kill -" + name + " " + process.pid() + " failed: " + new String(kill.getInputStream().readAllBytes()));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** Waits for the process to end on its own; returns the exit code. */
    public int awaitExit(Duration timeout) {
        try {
            if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                throw new AssertionError("controller did not exit within " + timeout + ":\n" + log());
            }
            return process.exitValue();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** SIGTERM: the shutdown hook runs; returns the exit code. */
    public int terminate() {
        process.destroy();
        return awaitExit();
    }

    private int awaitExit() {
        return awaitExit(Duration.ofSeconds(60));
    }

    public boolean isAlive() {
        return process.isAlive();
    }

    public String log() {
        try {
            return Files.readString(log);
        } catch (IOException e) {
            return "(no log: " + e.getMessage() + ")";
        }
    }

    @Override
    public void close() {
        if (process.isAlive()) {
            kill();
        }
    }
}
