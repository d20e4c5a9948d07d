package dev.stateful.it.differential;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stateful.it.support.RealCluster;
import dev.stateful.it.support.RealClusterExtension;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Upstream as the oracle: each scenario runs once on a control plane whose kube-controller-manager
 * runs its own StatefulSet controller, and once on an identical one with that controller off and
 * ours running, with the same simulated kubelet and inputs; at every settle point the objects,
 * the pod and claim creates and deletes, and the events must be the same, except where
 * {@link KnownDifferences} allows one of the README's deliberate divergences.
 */
class UpstreamOracleIT {

    /** kube-controller-manager's StatefulSet controller, running as its own service account. */
    static final String UPSTREAM = "statefulset-controller";

    /**
     * Both control planes with {@code MaxUnavailableStatefulSet} on (beta and off by default in 1.36, on
     * in 1.37): ours always follows the rolling update of {@code updateStatefulSetAfterInvariantEstablished},
     * which upstream runs only with the gate on, and the API server keeps {@code maxUnavailable} only
     * with it on; off, the comparison would be with the older one-pod-at-a-time loop.
     */
    static final String GATES = "MaxUnavailableStatefulSet=true";

    @RegisterExtension
    static final RealClusterExtension upstreamCluster = new RealClusterExtension("upstream",
            RealCluster.withUpstreamController().withFeatureGates(GATES));
    @RegisterExtension
    static final RealClusterExtension oursCluster = new RealClusterExtension("ours", RealCluster.options().withFeatureGates(GATES));
    static RealCluster upstream;
    static RealCluster ours;
    static final AtomicInteger runs = new AtomicInteger();

    @BeforeAll
    static void clusters() {
        upstream = upstreamCluster.get();
        ours = oursCluster.get();
        ours.startController(RealCluster.CONTROLLER);
    }

    /** The fixed scenarios; {@code -Doracle.only=TEXT} runs those whose name contains it, to replay one. */
    @TestFactory
    Stream<DynamicTest> handWrittenScenarios() {
        String only = System.getProperty("oracle.only", "");
        return Scenarios.all().stream().filter(s -> s.name().contains(only))
                .map(s -> DynamicTest.dynamicTest(s.name(), () -> assertSameAsUpstream(s)));
    }

    /**
     * Seeded random scenarios: {@code -Doracle.random} of them (20 by default), from seed
     * {@code -Doracle.seed} on (a fixed one by default, so CI runs the same twenty; give
     * {@code -Doracle.seed=random} for fresh ones in a soak). Each failure names its seed.
     */
    @TestFactory
    Stream<DynamicTest> randomScenarios() {
        int count = Integer.getInteger("oracle.random", 20);
        String seedProperty = System.getProperty("oracle.seed", "20261201");
        long first = seedProperty.equals("random") ? new java.util.Random().nextLong() & Long.MAX_VALUE : Long.parseLong(seedProperty);
        // a passing soak says which seeds it covered (a failure names its own)
        System.out.printf("oracle: %d random scenarios, seeds %d to %d%n", count, first, first + count - 1);
        return java.util.stream.LongStream.range(first, first + count).mapToObj(RandomScenarios::generate)
                .map(s -> DynamicTest.dynamicTest(s.name(), () -> assertSameAsUpstream(s)));
    }

    static void assertSameAsUpstream(Scenario scenario) {
        String namespace = "oracle-" + runs.incrementAndGet();
        upstream.createNamespace(namespace);
        ours.createNamespace(namespace);
        // the two clusters are independent: both runs at once
        CompletableFuture<Trace> theirs = CompletableFuture.supplyAsync(() -> new ScenarioRun(upstream, UPSTREAM, namespace).run(scenario));
        Trace mine = new ScenarioRun(ours, RealCluster.CONTROLLER, namespace).run(scenario);
        List<Difference> all = Comparison.of(scenario, theirs.join(), mine);
        KnownDifferences.Sorted sorted = KnownDifferences.sort(all, new KnownDifferences.Run(theirs.join(), mine));
        if (!sorted.allowed().isEmpty()) {
            System.out.printf("oracle: '%s' differed as listed: %s%n", scenario.name(), sorted.allowed());
        }
        assertThat(sorted.unlisted()).as("differences from upstream in '" + scenario.name() + "' (namespace " + namespace + "; steps: "
                + scenario.steps().stream().map(Scenario.Step::description).toList() + ")").isEmpty();
    }
}
