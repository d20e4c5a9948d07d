package dev.stateful.inmemory.scenarios;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stateful.inmemory.InMemoryCluster;
import dev.stateful.inmemory.driver.ControllerDriver;
import dev.stateful.inmemory.junit.InMemoryClusterExtension;
import dev.stateful.inmemory.kubelet.PodBehaviour;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** Parallel scale-down deletes every condemned pod in one sync, highest first, ignoring health. */
@ExtendWith(InMemoryClusterExtension.class)
class ParallelScaleDownScenarioTest {

    private Scenario s;

    @BeforeEach
    void setUp(InMemoryCluster cluster, ControllerDriver driver) {
        s = new Scenario(cluster, driver);
        cluster.kubelet().behave("web-3", PodBehaviour.NEVER_READY);
        cluster.kubelet().behave("web-4", PodBehaviour.SLOW_TERMINATION);
        s.apply(SetManifest.web().replicas(5).parallel());
        s.settle();
    }

    @Test
    void oneSyncDeletesAllCondemnedPodsHighestOrdinalFirst() {
        s.scale(2);
        long mark = s.mark();

        s.sync();

        assertThat(s.podsDeleted(mark)).containsExactly("web-4", "web-3", "web-2");
    }

    @Test
    void anUnreadyCondemnedPodIsDeletedToo() {
        assertThat(s.pod("web-3").status().isReady()).isFalse();
        s.scale(3);
        long mark = s.mark();

        s.sync();

        assertThat(s.podsDeleted(mark)).containsExactly("web-4", "web-3");
    }

    @Test
    void scaleDownToZeroEndsWithNoPodsAndAllCountersZero() {
        s.scale(0);

        s.settle();

        assertThat(s.podNames()).isEmpty();
        assertThat(s.status().replicas()).isZero();
        assertThat(s.status().readyReplicas()).isZero();
        assertThat(s.status().availableReplicas()).isZero();
        assertThat(s.status().updatedReplicas()).isZero();
    }
}
