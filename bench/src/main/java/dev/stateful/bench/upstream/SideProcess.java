package dev.stateful.bench.upstream;

import dev.stateful.bench.ControllerJar;
import dev.stateful.bench.Log;
import dev.stateful.bench.Scale;
import io.fabric8.kubernetes.client.utils.Serialization;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Runs one side of figure 7 or 8 in a fresh JVM ({@link SideMain}) and returns its results. In the
 * bench's own JVM the audit-log reader that times the scenarios was compiled while the first side ran
 * and already compiled when the second did: with ours first in figure 8, the bench's compiler threads
 * used 0.40 s of CPU during our 8a against 0.05 s during upstream's, on the two cores both sides share
 * with it (docs/benchmarks.md, "The bench's own compiler, and where the machine's time goes"). A JVM
 * per side gives both sides the same cold reader, as {@link KubeletProcess} gives them the same cold
 * kubelet. The child gets this JVM's own flags (its {@code -Dbench.*} settings among them).
 */
final class SideProcess {

    private SideProcess() {
    }

    static Scenarios.Results run(int figure, Side side, Scale.Upstream size) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(ControllerJar.java()));
        command.addAll(jvmFlags());
        command.add("-D" + Log.START_PROPERTY + "=" + Log.startEpochMillis());
        command.addAll(List.of("-cp", System.getProperty("java.class.path"), SideMain.class.getName(), Integer.toString(figure), side.name(),
                Integer.toString(size.parallelReplicas()), Integer.toString(size.sets()), Integer.toString(size.setReplicas())));
        Process process = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.INHERIT).start();
        Thread stop = new Thread(process::destroy, "bench-side-shutdown");
        Runtime.getRuntime().addShutdownHook(stop);
        try {
            String results = null;
            try (BufferedReader out = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
                for (String line = out.readLine(); line != null; line = out.readLine()) {
                    if (line.startsWith(SideMain.RESULTS + " ")) {
                        results = line.substring(SideMain.RESULTS.length() + 1);
                    }
                }
            }
            int exit = process.waitFor();
            if (exit != 0 || results == null) {
                throw new IllegalStateException(side + " side of figure " + figure + " exited with " + exit
                        + (results == null ? " and no results" : "") + "; its progress and error are above");
            }
            return Serialization.unmarshal(results, Scenarios.Results.class);
        } finally {
            process.destroy();
            try {
                Runtime.getRuntime().removeShutdownHook(stop);
            } catch (IllegalStateException shuttingDown) {
                // the hook runs anyway
            }
        }
    }

    /** This JVM's flags, but not a debugger's agent (its port is this JVM's). */
    private static List<String> jvmFlags() {
        return ManagementFactory.getRuntimeMXBean().getInputArguments().stream().filter(flag -> !flag.startsWith("-agentlib:jdwp")).toList();
    }
}
