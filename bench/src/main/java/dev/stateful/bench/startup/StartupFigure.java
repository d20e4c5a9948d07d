package dev.stateful.bench.startup;

import dev.stateful.bench.ControllerJar;
import dev.stateful.bench.Figure;
import dev.stateful.bench.Log;
import dev.stateful.bench.Row;
import dev.stateful.bench.Scale;
import dev.stateful.bench.Stats;
import dev.stateful.bench.api.MockApi;
import dev.stateful.bench.memory.RealisticObjects;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.ServerSocket;
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
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

/**
 * Figure 6 of docs/benchmarks.md: from process start to ready. Ours: {@code java -jar app/target/stateful.jar controller
 * --kubeconfig K --metrics-port N --metrics-secure=false --leader-elect=false} as a separate process, the clock running from
 * {@code ProcessBuilder.start()} until {@code GET /readyz} answers 200 (polled every 5 ms; ready means
 * the informer caches of pods, sets, claims and revisions have synced). Baseline: a fresh JVM listing the
 * same pods and claims once with the raw fabric8 client ({@link ListPods}), from start until it prints the count.
 * JVM start-up is in both. The mock holds the pods with their sets, revisions and bound claims, in a
 * steady state (nothing for the controller to do). Runs alternate; medians of 3.
 */
public final class StartupFigure implements Figure {

    private static final String NAMESPACE = "startup";

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
        return scale.isQuick() ? "~10 s" : "~2 min (a third of it filling the mock API, once per run)";
    }

    @Override
    public List<Row> run(Scale scale) throws Exception {
        int pods = scale.isQuick() ? 30 : Integer.getInteger("bench.startupPods", 10_000);
        int runs = scale.isQuick() ? 1 : 3;
        List<String> controllerCommand = ControllerJar.command(List.of());
        long[] ours = new long[runs];
        long[] baseline = new long[runs];
        for (int i = 0; i < runs; i++) {
            // a fresh API per run: a killed controller's watches stall fabric8's mock for 30 s, which
            // would land on whatever is measured next
            try (MockApi api = new MockApi()) {
                long fillStart = System.nanoTime();
                try (KubernetesClient filler = api.fillingClient()) {
                    fill(filler, pods);
                }
                Log.progress("  run %d: filled the mock API with %d pods (and their sets, revisions, claims) in %.1f s", i + 1, pods,
                        (System.nanoTime() - fillStart) / 1e9);
                Path kubeconfig = Files.createTempFile("stateful-bench-startup-", ".kubeconfig");
                try {
                    Files.writeString(kubeconfig, kubeconfigFor(api.url()));
                    baseline[i] = listInFreshJvm(kubeconfig, pods);
                    ours[i] = controllerToReady(controllerCommand, kubeconfig);
                } finally {
                    Files.deleteIfExists(kubeconfig);
                }
                Log.progress("  run %d: controller ready after %s, raw client listed after %s", i + 1,
                        Stats.duration(ours[i]), Stats.duration(baseline[i]));
            }
        }
        long o = Stats.median(ours);
        long b = Stats.median(baseline);
        String how = ControllerJar.description();
        List<Row> rows = new ArrayList<>();
        rows.add(new Row("6a", String.format(Locale.ROOT,
                "start-up: process start to /readyz (%s) with %,d pods and their claims on the mock API vs a fresh JVM listing the pods and claims with the raw client (%s)",
                how, pods, runs == 1 ? "one run" : "median of " + runs + ", a freshly filled mock API each"),
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
            Files.writeString(kubeconfig, kubeconfigFor("http://127.0.0.1:" + freePort()));
            List<String> command = new ArrayList<>(controllerCommand);
            command.add(1, "-XX:ArchiveClassesAtExit=" + archive);
            command.addAll(List.of("--kubeconfig", kubeconfig.toString(), "--metrics-port", "0", "--metrics-secure=false", "--leader-elect=false"));
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
                Files.writeString(kubeconfig, kubeconfigFor(api.url()));
                List<String> command = new ArrayList<>(base);
                if (base.get(base.size() - 1).equals("controller")) {
                    command.addAll(List.of("--kubeconfig", kubeconfig.toString(), "--metrics-port", "0", "--metrics-secure=false", "--leader-elect=false"));
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

    /** The kubeconfig MockApi writes, written again here because the figure needs its path for a child process. */
    private static String kubeconfigFor(String url) {
        return """
                apiVersion: v1
                kind: Config
                clusters:
                - name: mock
                  cluster:
                    server: %s
                users:
                - name: bench
                  user:
                    token: bench
                contexts:
                - name: mock
                  context:
                    cluster: mock
                    user: bench
                    namespace: default
                current-context: mock
                """.formatted(url);
    }

    static void fill(KubernetesClient client, int pods) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(32);
        try {
            List<Future<?>> writes = new ArrayList<>();
            int podsPerSet = 100;
            for (int s = 0; s * podsPerSet < pods; s++) {
                int replicas = Math.min(podsPerSet, pods - s * podsPerSet);
                var objects = RealisticObjects.forSet(NAMESPACE, String.format(Locale.ROOT, "web-%03d", s), replicas);
                writes.add(pool.submit(() -> client.apps().statefulSets().inNamespace(NAMESPACE).resource(objects.set()).create()));
                writes.add(pool.submit(() -> client.apps().controllerRevisions().inNamespace(NAMESPACE).resource(objects.revision()).create()));
                for (var claim : objects.claims()) {
                    writes.add(pool.submit(() -> client.persistentVolumeClaims().inNamespace(NAMESPACE).resource(claim).create()));
                }
                for (var pod : objects.pods()) {
                    writes.add(pool.submit(() -> client.pods().inNamespace(NAMESPACE).resource(pod).create()));
                }
            }
            for (Future<?> f : writes) {
                f.get();
            }
        } finally {
            pool.shutdownNow();
        }
    }

    private static long controllerToReady(List<String> base, Path kubeconfig) throws Exception {
        int port = freePort();
        List<String> command = new ArrayList<>(base);
        // apps/v1 sets, as the figure has always measured; the mock runs no built-in controller to check for
        command.addAll(List.of("--kubeconfig", kubeconfig.toString(), "--metrics-port", Integer.toString(port), "--metrics-secure=false", "--leader-elect=false",
                "--kinds=apps", "--builtin-controller-check=false"));
        File log = File.createTempFile("stateful-bench-controller-", ".log");
        HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofMillis(200)).build();
        HttpRequest readyz = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/readyz")).timeout(Duration.ofSeconds(1)).build();
        long start = System.nanoTime();
        Process process = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log).start();
        try {
            long deadline = start + TimeUnit.MINUTES.toNanos(3);
            while (System.nanoTime() < deadline) {
                if (!process.isAlive()) {
                    throw new IllegalStateException("the controller exited with " + process.exitValue() + ": "
                            + tail(log.toPath()));
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
            throw new IllegalStateException("the controller was not ready within 3 minutes: " + tail(log.toPath()));
        } finally {
            stop(process);
            Files.deleteIfExists(log.toPath());
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

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
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
