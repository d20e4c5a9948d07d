package dev.stateful.bench.upstream;

import dev.stateful.testsupport.Eventually;
import dev.stateful.testsupport.kubelet.SimulatedKubelet;
import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import java.io.BufferedReader;
import java.io.File;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

/**
 * The simulated kubelet of one side of figures 7 and 8 as a process of its own ({@link KubeletProcess}):
 * {@code KubeletMain KUBECONFIG NODE THREADS}. It prints {@value #WATCHING} once its pod informer
 * watches, answers each {@value #FAILURES} line on its input with {@code failures N}, and stops when
 * its input ends.
 */
public final class KubeletMain {

    static final String WATCHING = "watching";
    static final String FAILURES = "failures";
    private static final Duration WATCH_TIMEOUT = Duration.ofMinutes(1);

    private KubeletMain() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length != 3) {
            System.err.println("usage: KubeletMain KUBECONFIG NODE THREADS");
            System.exit(2);
        }
        PrintStream out = new PrintStream(System.out, true, StandardCharsets.UTF_8);
        try (KubernetesClient client = new KubernetesClientBuilder().withConfig(Config.fromKubeconfig(null, new File(args[0]))).build()) {
            SimulatedKubelet kubelet = SimulatedKubelet.start(client,
                    SimulatedKubelet.Options.defaults().onNode(args[1]).threads(Integer.parseInt(args[2])));
            try {
                Eventually.await("the simulated kubelet's pod informer watching", WATCH_TIMEOUT, kubelet::isWatching);
                out.println(WATCHING);
                BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
                for (String line = in.readLine(); line != null; line = in.readLine()) {
                    if (line.equals(FAILURES)) {
                        out.println(FAILURES + " " + kubelet.failures());
                    }
                }
            } finally {
                kubelet.close();
            }
        }
    }
}
