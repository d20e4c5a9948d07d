package dev.stateful.bench.startup;

import dev.stateful.bench.ControllerJar;
import dev.stateful.bench.Figure;
import dev.stateful.bench.Log;
import dev.stateful.bench.Row;
import dev.stateful.bench.Scale;
import dev.stateful.bench.StandInKubeconfig;
import dev.stateful.bench.Stats;
import dev.stateful.bench.upstream.BenchPlane;
import dev.stateful.testsupport.LoopbackPorts;
import dev.stateful.testsupport.controlplane.ControlPlane;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;

/**
 * The start-up figure (docs/benchmarks.md, 6a to 6c): from process start to ready. Ours: {@code java -jar app/target/stateful.jar controller
 * --kubeconfig K --metrics-port N --metrics-secure=false --leader-elect=false} as a separate process, the clock running from
 * {@code ProcessBuilder.start()} until {@code GET /readyz} answers 200 (polled every 5 ms; ready means
 * the informer caches of pods, sets, claims and revisions have synced). Baseline: a fresh JVM listing the
 * same pods and claims once with the raw fabric8 client ({@link ListPods}), from start until it prints the count.
 * JVM start-up is in both. A real control plane ({@link StartupCluster}) holds the pods with their sets,
 * revisions and bound claims, in a steady state (nothing for the controller to create or delete),
 * filled once: unlike fabric8's mock, kube-apiserver does not
 * replay a namespace's objects to each new watch, so a run leaves nothing behind for the next. Runs
 * alternate; medians of 3.
 */
public final class StartupFigure implements Figure {

    @Override
    public int number() {
        return 6;
    }

    @Override
    public String title() {
        return "start-up to /readyz";
    }

    @Override
    public String expectedDuration(Scale scale) {
        return scale.isQuick() ? "~30 s" : "~4 min (half of it filling the control plane, once)";
    }

    @Override
    public List<Row> run(Scale scale) throws Exception {
        int pods = scale.isQuick() ? 30 : Integer.getInteger("bench.startupPods", 10_000);
        int runs = scale.isQuick() ? 1 : 3;
        List<String> controllerCommand = ControllerJar.command(List.of());
        // e.g. -Dbench.controllerJvmFlags=-XX:StartFlightRecording=filename=ours.jfr,settings=profile to see where the time goes
        String extra = System.getProperty("bench.controllerJvmFlags", "").trim();
        List<String> readyCommand = extra.isEmpty() ? controllerCommand : ControllerJar.command(List.of(extra.split("\\s+")));
        long[] ours = new long[runs];
        long[] baseline = new long[runs];
        // only the service account controller, which gives the namespace the default account pods need:
        // no garbage collector or volume binder at work on the objects while they are listed
        try (ControlPlane plane = ControlPlane.start("bench-6-startup", ControlPlane.Options.defaults().withControllers("serviceaccount"))) {
            BenchPlane.createNamespace(plane.admin(), StartupCluster.NAMESPACE);
            long fillStart = System.nanoTime();
            StartupCluster.fill(plane, pods);
            Log.progress("  filled the control plane with %,d pods and %,d claims (and their sets and revisions) in %.1f s", pods, pods,
                    (System.nanoTime() - fillStart) / 1e9);
            // both read as the same user, whose reads the audit log does not record
            Path kubeconfig = plane.kubeconfig("admin");
            for (int i = 0; i < runs; i++) {
                baseline[i] = listInFreshJvm(kubeconfig, pods);
                ours[i] = controllerToReady(readyCommand, kubeconfig, plane.logs().resolve("stateful-controller-" + (i + 1) + ".log"));
                Log.progress("  run %d: controller ready after %s, raw client listed after %s", i + 1,
                        Stats.duration(ours[i]), Stats.duration(baseline[i]));
            }
        }
        long o = Stats.median(ours);
        long b = Stats.median(baseline);
        String how = ControllerJar.description();
        List<Row> rows = new ArrayList<>();
        rows.add(new Row("6a", String.format(Locale.ROOT,
                "start-up: process start to /readyz (%s) with %,d pods and %,d claims on kube-apiserver vs a fresh JVM listing the pods and claims with the raw client (%s)",
                how, pods, pods, runs == 1 ? "one run" : "median of " + runs + ", alternating"),
                Stats.duration(o), Stats.duration(b), (double) o / b, "≤ 2x", Row.Verdict.of(o <= 2 * b)));
        rows.addAll(firstRequestRows(controllerCommand, how, scale.isQuick() ? 1 : 5));
        return rows;
    }

    /**
     * 6b/6c: process start to the first API request, ours against a fresh JVM whose raw client lists
     * pods, on a stand-in API that answers 404; 6c with the class-data archive the image ships
     * (trained as the Dockerfile trains it: a controller run against an API that is not there).
     */
    private static List<Row> firstRequestRows(List<String> controllerCommand, String how, int runs) throws Exception {
        Path archive = Files.createTempFile("stateful-bench-", ".jsa");
        Files.delete(archive);
        try {
            boolean trained = trainArchive(controllerCommand, archive);
            long[] ours = new long[runs];
            long[] withArchive = new long[runs];
            long[] baseline = new long[runs];
            for (int i = 0; i < runs; i++) {
                baseline[i] = untilFirstRequest(List.of(ControllerJar.java(), "-cp", System.getProperty("java.class.path"), ListPods.class.getName()));
                ours[i] = untilFirstRequest(controllerCommand);
                if (trained) {
                    List<String> command = new ArrayList<>(controllerCommand);
                    command.add(1, "-XX:SharedArchiveFile=" + archive);
                    withArchive[i] = untilFirstRequest(command);
                }
            }
            long b = Stats.median(baseline);
            long o = Stats.median(ours);
            String runsText = runs == 1 ? "one run" : "median of " + runs;
            List<Row> rows = new ArrayList<>();
            rows.add(new Row("6b", String.format(Locale.ROOT,
                    "start-up: process start to the first API request (%s) vs a fresh JVM's raw client to its first request (%s)", how, runsText),
                    Stats.duration(o), Stats.duration(b), (double) o / b, "≤ 1.5 s", Row.Verdict.of(o <= 1_500_000_000L)));
            if (trained) {
                long c = Stats.median(withArchive);
                rows.add(new Row("6c", String.format(Locale.ROOT,
                        "start-up: as 6b with the image's class-data archive (-XX:SharedArchiveFile, trained at image build) (%s)", runsText),
                        Stats.duration(c), Stats.duration(b), (double) c / b, "≤ 1.5 s", Row.Verdict.of(c <= 1_500_000_000L)));
            } else {
                rows.add(new Row("6c", "start-up: as 6b with the image's class-data archive: not measured (no stateful.jar to train it on)",
                        "-", Stats.duration(b), Double.NaN, "≤ 1.5 s", Row.Verdict.INFO));
            }
            return rows;
        } finally {
            Files.deleteIfExists(archive);
        }
    }

    /** The Dockerfile's training run: the controller against a port nothing listens on exits after its first request. */
    private static boolean trainArchive(List<String> controllerCommand, Path archive) throws Exception {
        if (ControllerJar.jar().isEmpty()) {
            return false;
        }
        Path kubeconfig = Files.createTempFile("stateful-bench-nothing-", ".kubeconfig");
        try {
            Files.writeString(kubeconfig, StandInKubeconfig.forServer("http://127.0.0.1:" + LoopbackPorts.free()));
            List<String> command = new ArrayList<>(controllerCommand);
            command.add(1, "-XX:ArchiveClassesAtExit=" + archive);
            command.addAll(List.of("--kubeconfig", kubeconfig.toString(), "--metrics-port", "0", "--bind-address=127.0.0.1", "--metrics-secure=false", "--leader-elect=false"));
            Process process = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            if (!process.waitFor(3, TimeUnit.MINUTES)) {
                stop(process);
            }
            return Files.isRegularFile(archive) && Files.size(archive) > 0;
        } finally {
            Files.deleteIfExists(kubeconfig);
        }
    }

    /** Starts {@code base} (with a kubeconfig for a {@link FirstRequest} stand-in) and times it to its first request. */
    private static long untilFirstRequest(List<String> base) throws Exception {
        try (FirstRequest api = new FirstRequest()) {
            Path kubeconfig = Files.createTempFile("stateful-bench-first-", ".kubeconfig");
            try {
                Files.writeString(kubeconfig, StandInKubeconfig.forServer(api.url()));
                List<String> command = new ArrayList<>(base);
                if (base.get(base.size() - 1).equals("controller")) {
                    command.addAll(List.of("--kubeconfig", kubeconfig.toString(), "--metrics-port", "0", "--bind-address=127.0.0.1", "--metrics-secure=false", "--leader-elect=false"));
                } else {
                    command.add(kubeconfig.toString());
                }
                long start = System.nanoTime();
                Process process = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
                try {
                    return api.awaitSince(start, 3, TimeUnit.MINUTES);
                } finally {
                    stop(process);
                }
            } finally {
                Files.deleteIfExists(kubeconfig);
            }
        }
    }

    /** Starts the controller with its output to {@code log} (kept beside the plane's logs) and times it to /readyz. */
    private static long controllerToReady(List<String> base, Path kubeconfig, Path log) throws Exception {
        int port = LoopbackPorts.free();
        List<String> command = new ArrayList<>(base);
        // apps/v1 sets, as the figure has always measured; the plane runs no built-in StatefulSet controller to check for
        command.addAll(List.of("--kubeconfig", kubeconfig.toString(), "--metrics-port", Integer.toString(port), "--bind-address=127.0.0.1", "--metrics-secure=false", "--leader-elect=false",
                "--kinds=apps", "--builtin-controller-check=false"));
        HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofMillis(200)).build();
        HttpRequest readyz = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/readyz")).timeout(Duration.ofSeconds(1)).build();
        long start = System.nanoTime();
        Process process = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        try {
            long deadline = start + TimeUnit.MINUTES.toNanos(3);
            while (System.nanoTime() < deadline) {
                if (!process.isAlive()) {
                    throw new IllegalStateException("the controller exited with " + process.exitValue() + ": "
                            + tail(log));
                }
                try {
                    if (http.send(readyz, HttpResponse.BodyHandlers.discarding()).statusCode() == 200) {
                        return System.nanoTime() - start;
                    }
                } catch (IOException notYet) {
                    // not listening yet
                }
                Thread.sleep(5);
            }
            throw new IllegalStateException("the controller was not ready within 3 minutes: " + tail(log));
        } finally {
            stop(process);
        }
    }

    private static long listInFreshJvm(Path kubeconfig, int pods) throws Exception {
        List<String> command = List.of(ControllerJar.java(), "-cp", System.getProperty("java.class.path"), ListPods.class.getName(), kubeconfig.toString());
        long start = System.nanoTime();
        Process process = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        try (BufferedReader out = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
            String line;
            while ((line = out.readLine()) != null) {
                if (line.startsWith("listed ")) {
                    long took = System.nanoTime() - start;
                    int n = Integer.parseInt(line.substring("listed ".length()).trim());
                    if (n != pods) {
                        throw new IllegalStateException("the raw client listed " + n + " pods, not " + pods);
                    }
                    return took;
                }
            }
            throw new IllegalStateException("the listing JVM printed no count (exit " + process.waitFor() + ")");
        } finally {
            stop(process);
        }
    }

    private static void stop(Process process) throws InterruptedException {
        process.destroy();
        if (!process.waitFor(10, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            process.waitFor(5, TimeUnit.SECONDS);
        }
    }

    private static String tail(Path log) {
        try {
            List<String> lines = Files.readAllLines(log);
            return String.join("\n", lines.subList(Math.max(0, lines.size() - 15), lines.size()));
        } catch (IOException e) {
            return "(no log: " + e.getMessage() + ")";
        }
    }
}
