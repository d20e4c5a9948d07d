package dev.stateful.bench.upstream;

import dev.stateful.bench.ControllerJar;
import dev.stateful.testsupport.LoopbackPorts;
import java.io.IOException;
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
 * Our controller as an operator runs it, a process of its own ({@code java -jar stateful.jar
 * controller}), so its resident memory compares with kube-controller-manager's. The JVM gets the
 * heap bound the Dockerfile gives it in deploy/'s 512 MiB container ({@code MaxRAMPercentage=75}):
 * {@value #HEAP}, instead of 75 % of this machine's memory, and the image's other runtime flags
 * ({@link #IMAGE_FLAGS}).
 */
final class OurControllerProcess implements AutoCloseable {

    static final String HEAP = "-Xmx384m";
    /**
     * The Dockerfile ENTRYPOINT's flags that change how the controller runs, in the same order
     * ({@code ImageFlagsTest} keeps the two in step): C1 only, TLS suites with ChaCha20-Poly1305 first
     * (C1 has no AES-GCM intrinsics), and exit on running out of memory. The
     * ENTRYPOINT's others do not apply here: the heap bound is {@link #HEAP}, the class-data archive
     * is built only in the image, and {@code -UsePerfData} is for its read-only root filesystem.
     */
    static final List<String> IMAGE_FLAGS = List.of("-XX:TieredStopAtLevel=1",
            "-Djdk.tls.client.cipherSuites=TLS_CHACHA20_POLY1305_SHA256,TLS_AES_128_GCM_SHA256,TLS_AES_256_GCM_SHA384,"
                    + "TLS_ECDHE_ECDSA_WITH_CHACHA20_POLY1305_SHA256,TLS_ECDHE_RSA_WITH_CHACHA20_POLY1305_SHA256,"
                    + "TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256,TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256,"
                    + "TLS_ECDHE_ECDSA_WITH_AES_256_GCM_SHA384,TLS_ECDHE_RSA_WITH_AES_256_GCM_SHA384,"
                    + "TLS_ECDHE_ECDSA_WITH_AES_128_CBC_SHA,TLS_ECDHE_RSA_WITH_AES_128_CBC_SHA,"
                    + "TLS_ECDHE_ECDSA_WITH_AES_256_CBC_SHA,TLS_ECDHE_RSA_WITH_AES_256_CBC_SHA",
            "-XX:+ExitOnOutOfMemoryError");
    private static final Duration READY = Duration.ofMinutes(2);

    private final Process process;
    private final int port;
    private final Path log;
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofMillis(500)).build();
    /**
     * A bench stopped before {@link #close()} (Ctrl-C, a kill) still stops the controller, as
     * {@code ControlPlane} stops its processes: otherwise it outlives the bench, reconnecting to a
     * plane that is gone and taking CPU from the next run.
     */
    private final Thread shutdownHook;

    private OurControllerProcess(Process process, int port, Path log) {
        this.process = process;
        this.port = port;
        this.log = log;
        this.shutdownHook = new Thread(process::destroyForcibly, "our-controller-shutdown");
        Runtime.getRuntime().addShutdownHook(shutdownHook);
    }

    /** Starts it against {@code kubeconfig} with the client rate limit given, and waits for /readyz. */
    static OurControllerProcess start(Path kubeconfig, RateLimit rate, Path log) throws IOException, InterruptedException {
        return start(kubeconfig, rate, log, "apps");
    }

    /**
     * As {@link #start(Path, RateLimit, Path)}, managing the StatefulSets of {@code kinds} ({@code --kinds}):
     * {@code crd} on a plane whose apps/v1 sets are upstream's makes it a bystander
     * ({@link BenchPlane#bystander()}).
     */
    static OurControllerProcess start(Path kubeconfig, RateLimit rate, Path log, String kinds) throws IOException, InterruptedException {
        int port = LoopbackPorts.free();
        List<String> jvm = new ArrayList<>(List.of(HEAP));
        jvm.addAll(IMAGE_FLAGS);
        // e.g. -Dbench.controllerJvmFlags=-XX:StartFlightRecording=filename=ours.jfr,settings=profile to profile it
        String extra = System.getProperty("bench.controllerJvmFlags", "").trim();
        if (!extra.isEmpty()) {
            jvm.addAll(List.of(extra.split("\\s+")));
        }
        List<String> command = new ArrayList<>(ControllerJar.command(jvm));
        // apps/v1 sets, the kind upstream's controller manages (crd for a bystander); our side's plane runs
        // kube-controller-manager with -statefulset, so the built-in controller check has nothing to find and is skipped
        command.addAll(List.of("--kubeconfig", kubeconfig.toString(), "--metrics-port", Integer.toString(port), "--bind-address=127.0.0.1", "--metrics-secure=false", "--leader-elect=false",
                "--kinds=" + kinds, "--builtin-controller-check=false", "--qps", rate.qpsText(), "--burst", Integer.toString(rate.burst())));
        Files.createDirectories(log.getParent());
        Process process = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        OurControllerProcess controller = new OurControllerProcess(process, port, log);
        try {
            controller.awaitReady();
        } catch (IOException | InterruptedException | RuntimeException e) {
            controller.close();
            throw e;
        }
        return controller;
    }

    long pid() {
        return process.pid();
    }

    /**
     * Heap in use right after a full collection ({@code jcmd PID GC.run}, then the JVM's own
     * {@code jvm_memory_used_bytes{area="heap"}} on /metrics): what the caches and the controller keep.
     */
    long heapAfterGc() throws IOException, InterruptedException {
        Path jcmd = Path.of(ControllerJar.java()).resolveSibling("jcmd");
        Process gc = new ProcessBuilder(jcmd.toString(), Long.toString(pid()), "GC.run").redirectErrorStream(true).start();
        String out = new String(gc.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        if (!gc.waitFor(60, TimeUnit.SECONDS) || gc.exitValue() != 0) {
            throw new IllegalStateException("jcmd GC.run failed: " + out);
        }
        String metrics = metrics();
        long heap = 0;
        for (String line : metrics.lines().toList()) {
            if (line.startsWith("jvm_memory_used_bytes{") && line.contains("area=\"heap\"")) {
                heap += (long) Double.parseDouble(line.substring(line.lastIndexOf(' ') + 1));
            }
        }
        if (heap == 0) {
            throw new IllegalStateException("no jvm_memory_used_bytes{area=\"heap\"} on /metrics");
        }
        return heap;
    }

    private void awaitReady() throws IOException, InterruptedException {
        long deadline = System.nanoTime() + READY.toNanos();
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                throw new IllegalStateException("our controller exited with " + process.exitValue() + "; log " + log);
            }
            try {
                if (get("/readyz").statusCode() == 200) {
                    return;
                }
            } catch (IOException notYet) {
                // not listening yet
            }
            Thread.sleep(50);
        }
        throw new IllegalStateException("our controller was not ready within " + READY.toSeconds() + " s; log " + log);
    }

    private HttpResponse<String> get(String path) throws IOException, InterruptedException {
        return http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path)).timeout(Duration.ofSeconds(10)).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    /** Its /metrics, in Prometheus' text format. */
    String metrics() throws IOException, InterruptedException {
        return get("/metrics").body();
    }

    @Override
    public void close() throws InterruptedException {
        try {
            Runtime.getRuntime().removeShutdownHook(shutdownHook);
        } catch (IllegalStateException shuttingDown) {
            // the hook is running or about to: it stops the process
        }
        process.destroy();
        if (!process.waitFor(15, TimeUnit.SECONDS)) {
            process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
    }
}
