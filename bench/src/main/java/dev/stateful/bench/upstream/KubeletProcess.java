package dev.stateful.bench.upstream;

import dev.stateful.bench.ControllerJar;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The simulated kubelet of one side as a fresh JVM ({@link KubeletMain}), started with that side's
 * plane. In the bench's own JVM it was compiled while the first side ran and already compiled when
 * the second did: with our side first, the bench's compiler threads used 1.06 s of CPU during our 8a
 * against 0.45 s during upstream's, 3.40 s against 1.76 s during 8c, on two cores that both sides
 * share with it (docs/benchmarks.md, "The bench's own compiler, and where the machine's time goes").
 * A process per side gives both the same cold start and the same warm-up. C1 only (as the
 * controller's image runs) and the serial collector: what is left of its compiling is short, and
 * alike on both sides.
 */
final class KubeletProcess implements AutoCloseable {

    static final List<String> JVM_FLAGS = List.of("-Xmx512m", "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC");
    private static final long READY_SECONDS = 120;

    private final Process process;
    private final BufferedReader answers;
    private final PrintStream questions;
    private final Thread shutdownHook;

    private KubeletProcess(Process process) {
        this.process = process;
        this.answers = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
        this.questions = new PrintStream(process.getOutputStream(), true, StandardCharsets.UTF_8);
        this.shutdownHook = new Thread(process::destroyForcibly, "simulated-kubelet-shutdown");
        Runtime.getRuntime().addShutdownHook(shutdownHook);
    }

    /** Starts it as {@code kubeconfig}'s user on {@code node}; returns once its pod informer watches. */
    static KubeletProcess start(Path kubeconfig, String node, int threads, Path log) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(ControllerJar.java()));
        command.addAll(JVM_FLAGS);
        command.addAll(List.of("-cp", System.getProperty("java.class.path"), KubeletMain.class.getName(),
                kubeconfig.toString(), node, Integer.toString(threads)));
        Files.createDirectories(log.getParent());
        KubeletProcess kubelet = new KubeletProcess(new ProcessBuilder(command).redirectError(log.toFile()).start());
        try {
            String first = kubelet.answer();
            if (!KubeletMain.WATCHING.equals(first)) {
                throw new IllegalStateException("the simulated kubelet said " + first + " instead of " + KubeletMain.WATCHING + "; log " + log);
            }
        } catch (IOException | InterruptedException | RuntimeException e) {
            kubelet.close();
            throw e;
        }
        return kubelet;
    }

    /** Its writes the API server refused so far. */
    int failures() throws IOException, InterruptedException {
        questions.println(KubeletMain.FAILURES);
        String answer = answer();
        if (answer == null || !answer.startsWith(KubeletMain.FAILURES + " ")) {
            throw new IllegalStateException("the simulated kubelet answered " + answer);
        }
        return Integer.parseInt(answer.substring(KubeletMain.FAILURES.length() + 1));
    }

    private String answer() throws IOException, InterruptedException {
        CompletableFuture<String> line = CompletableFuture.supplyAsync(() -> {
            try {
                return answers.readLine();
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        });
        try {
            String read = line.get(READY_SECONDS, TimeUnit.SECONDS);
            if (read == null) {
                throw new IllegalStateException("the simulated kubelet exited" + (process.isAlive() ? "" : " with " + process.exitValue()));
            }
            return read;
        } catch (ExecutionException e) {
            throw e.getCause() instanceof IOException io ? io : new IOException(e.getCause());
        } catch (TimeoutException e) {
            throw new IllegalStateException("the simulated kubelet did not answer within " + READY_SECONDS + " s");
        }
    }

    /** Ends its input, so it stops; forcibly if it has not within 10 s. */
    @Override
    public void close() throws InterruptedException {
        questions.close();
        if (!process.waitFor(10, TimeUnit.SECONDS)) {
            process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
        try {
            Runtime.getRuntime().removeShutdownHook(shutdownHook);
        } catch (IllegalStateException shuttingDown) {
            // the hook runs anyway
        }
    }
}
