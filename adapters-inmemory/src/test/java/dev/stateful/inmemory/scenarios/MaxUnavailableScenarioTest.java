package dev.stateful.inmemory.scenarios;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stateful.inmemory.InMemoryCluster;
import dev.stateful.inmemory.driver.ControllerDriver;
import dev.stateful.inmemory.junit.InMemoryClusterExtension;
import dev.stateful.inmemory.kubelet.PodBehaviour;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * KEP-961, upstream {@code getStatefulSetMaxUnavailable}: maxUnavailable bounds how many pods a rolling update takes down
 * at once, counting pods that are already unavailable; percentages round down, minimum 1.
 */
@ExtendWith(InMemoryClusterExtension.class)
class MaxUnavailableScenarioTest {

    private Scenario s;

    @BeforeEach
    void setUp(InMemoryCluster cluster, ControllerDriver driver) {
        s = new Scenario(cluster, driver);
    }

    private SetManifest sixWithPartitionThree(String policy) {
        SetManifest m = SetManifest.web().replicas(6).partition(3).maxUnavailable("2").withoutClaims();
        return policy.equals("Parallel") ? m.parallel() : m.orderedReady();
    }

    @ParameterizedTest
    @ValueSource(strings = {"OrderedReady", "Parallel"})
    void twoOfSixWithPartitionThreeDeletesWeb5AndWeb4InTheFirstSync(String policy) {
        s.apply(sixWithPartitionThree(policy));
        s.settle();
        s.setImage("nginx:1.26");
        long mark = s.mark();

        s.sync();

        assertThat(s.podsDeleted(mark)).containsExactly("web-5", "web-4");
    }

    @ParameterizedTest
    @ValueSource(strings = {"OrderedReady", "Parallel"})
    void theRolloutEndsWithOrdinalsThreeToFiveUpdatedAndZeroToTwoUntouched(String policy) {
        s.apply(sixWithPartitionThree(policy));
        s.settle();
        String web0 = s.pod("web-0").metadata().uid();
        s.setImage("nginx:1.26");
        long mark = s.mark();

        s.settle();

        assertThat(s.podsDeleted(mark)).containsExactly("web-5", "web-4", "web-3");
        assertThat(Scenario.names("web", 3, 4, 5)).allSatisfy(p -> assertThat(s.imageOf(p)).isEqualTo("nginx:1.26"));
        assertThat(Scenario.names("web", 0, 1, 2)).allSatisfy(p -> assertThat(s.imageOf(p)).isEqualTo("nginx:1.25"));
        assertThat(s.pod("web-0").metadata().uid()).isEqualTo(web0);
    }

    @Test
    void anAlreadyUnavailablePodBelowThePartitionLeavesBudgetForOneDeletion(InMemoryCluster cluster) {
        s.apply(sixWithPartitionThree("Parallel"));
        s.settle();
        cluster.kubelet().behave("web-0", PodBehaviour.MANUAL);
        s.running("web-0");
        s.setImage("nginx:1.26");
        long mark = s.mark();

        s.sync();

        assertThat(s.podsDeleted(mark)).containsExactly("web-5");
    }

    @Test
    void twoUnavailablePodsUseTheWholeBudget(InMemoryCluster cluster) {
        s.apply(sixWithPartitionThree("Parallel"));
        s.settle();
        cluster.kubelet().behave("web-0", PodBehaviour.MANUAL);
        cluster.kubelet().behave("web-1", PodBehaviour.MANUAL);
        s.running("web-0");
        s.running("web-1");
        s.setImage("nginx:1.26");
        long mark = s.mark();

        s.sync(3);

        assertThat(s.podsDeleted(mark)).isEmpty();
    }

    @ParameterizedTest(name = "maxUnavailable {0} of 5 replicas takes down {1}")
    @CsvSource({"'\"50%\"', 2", "'\"10%\"', 1", "'\"100%\"', 5", "3, 3"})
    void percentagesRoundDownWithAMinimumOfOne(String maxUnavailable, int deletions) {
        s.apply(SetManifest.web().replicas(5).parallel().maxUnavailable(maxUnavailable).withoutClaims());
        s.settle();
        s.setImage("nginx:1.26");
        long mark = s.mark();

        s.sync();

        assertThat(s.podsDeleted(mark)).hasSize(deletions);
        assertThat(s.podsDeleted(mark).get(0)).isEqualTo("web-4");
    }

    /**
     * upstream's {@code updateStatefulSetAfterInvariantEstablished} counts every unavailable replica:
     * a broken outdated pod is replaced for free (upstream #137409), but while it, or its replacement,
     * is unavailable no healthy pod goes down beside it.
     */
    @Test
    void maxUnavailableIsAHardBoundCountingEveryUnavailableReplicaWhateverMadeItUnavailable(InMemoryCluster cluster) {
        s.apply(SetManifest.web().replicas(3).parallel().withoutClaims());
        s.settle();
        cluster.kubelet().behave("web-1", PodBehaviour.MANUAL);
        s.running("web-1");
        s.setImage("nginx:1.26");
        long mark = s.mark();

        s.sync();
        assertThat(s.podsDeleted(mark)).as("only the broken pod, for free").containsExactly("web-1");

        s.sync(3);
        cluster.tick();
        s.sync(3);
        assertThat(s.podsDeleted(mark)).as("web-1's replacement is not available yet").containsExactly("web-1");

        s.ready("web-1");
        s.sync();
        assertThat(s.podsDeleted(mark)).containsExactly("web-1", "web-2");
    }
}
