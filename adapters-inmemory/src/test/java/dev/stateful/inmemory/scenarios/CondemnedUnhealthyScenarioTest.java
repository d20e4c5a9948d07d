package dev.stateful.inmemory.scenarios;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stateful.inmemory.InMemoryCluster;
import dev.stateful.inmemory.driver.ControllerDriver;
import dev.stateful.inmemory.junit.InMemoryClusterExtension;
import dev.stateful.inmemory.kubelet.PodBehaviour;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Upstream {@code processCondemned}: under OrderedReady an unhealthy condemned pod is deleted only if
 * it is the first unavailable pod of the whole set; when two are unhealthy the higher waits for the
 * lower, which can stall the scale-down (upstream behaviour).
 */
@ExtendWith(InMemoryClusterExtension.class)
class CondemnedUnhealthyScenarioTest {

    private Scenario s;

    @BeforeEach
    void setUp(InMemoryCluster cluster, ControllerDriver driver) {
        s = new Scenario(cluster, driver);
        s.apply(SetManifest.web().replicas(5));
        s.settle();
        cluster.kubelet().behave("web-3", PodBehaviour.MANUAL);
        cluster.kubelet().behave("web-4", PodBehaviour.MANUAL);
    }

    @Test
    void whenWeb3AndWeb4AreBothUnreadyWeb4WaitsForWeb3AndNothingIsDeleted() {
        s.running("web-3");
        s.running("web-4");
        s.scale(3);
        long mark = s.mark();

        s.sync(5);

        assertThat(s.podsDeleted(mark)).isEmpty();
        assertThat(s.podNames()).contains("web-3", "web-4");
    }

    @Test
    void theStallEndsWhenTheLowerCondemnedPodBecomesReady() {
        s.running("web-3");
        s.running("web-4");
        s.scale(3);
        s.sync(2);
        long mark = s.mark();

        s.ready("web-3");
        s.sync();

        assertThat(s.podsDeleted(mark)).containsExactly("web-4");
    }

    @Test
    void anUnreadyCondemnedPodThatIsTheFirstUnavailablePodIsDeleted() {
        s.running("web-4");
        s.scale(3);
        long mark = s.mark();

        s.sync();

        assertThat(s.podsDeleted(mark)).containsExactly("web-4");
    }
}
