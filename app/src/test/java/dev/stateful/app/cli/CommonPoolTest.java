package dev.stateful.app.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Each case runs in a JVM of its own, told it has two CPUs: the common pool is made once per JVM,
 * and this one's is made already.
 */
class CommonPoolTest {

    /** Runs 50 executor-less async stages one after another and prints how many threads ran them. */
    public static void main(String[] args) throws Exception {
        if (args.length > 0 && args[0].equals("controller")) {
            CommonPool.atLeastTwoThreads();
        }
        Set<String> threads = ConcurrentHashMap.newKeySet();
        for (int i = 0; i < 50; i++) {
            CompletableFuture.runAsync(() -> threads.add(Thread.currentThread().getName())).get();
        }
        System.out.println(threads.size());
    }

    private static int threadsFor50Stages(String... flags) throws IOException, InterruptedException {
        String javaBin = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<String> command = new ArrayList<>(List.of(javaBin, "-XX:ActiveProcessorCount=2",
                "-cp", System.getProperty("java.class.path")));
        command.addAll(List.of(flags));
        command.add(CommonPoolTest.class.getName());
        command.add("controller");
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
        assertThat(process.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(process.exitValue()).as(out).isZero();
        return Integer.parseInt(out.lines().reduce((a, b) -> b).orElseThrow());
    }

    @Test
    void onTwoCpusExecutorlessAsyncStagesShareThePoolInsteadOfAThreadEach() throws Exception {
        assertThat(threadsFor50Stages()).isLessThanOrEqualTo(2);
    }

    @Test
    void anOperatorsOwnParallelismIsKept() throws Exception {
        // parallelism 1 is the JDK's thread-per-stage mode: kept because it was asked for
        assertThat(threadsFor50Stages("-D" + CommonPool.PARALLELISM + "=1")).isEqualTo(50);
    }
}
