package dev.stateful.inmemory.scenarios;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stateful.inmemory.InMemoryCluster;
import dev.stateful.inmemory.driver.ControllerDriver;
import dev.stateful.inmemory.junit.InMemoryClusterExtension;
import dev.stateful.inmemory.kubelet.PodBehaviour;
import java.time.Duration;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A terminating replica blocks everything after it under OrderedReady, but not
 * under Parallel; either way its replacement waits until the old pod is gone (one pod per identity).
 */
@ExtendWith(InMemoryClusterExtension.class)
class TerminatingPodScenarioTest {

    private Scenario s;

    @BeforeEach
    void setUp(InMemoryCluster cluster, ControllerDriver driver) {
        s = new Scenario(cluster, driver);
        cluster.kubelet().behave("web-1", PodBehaviour.SLOW_TERMINATION);
    }

    private void startTerminatingWeb1(SetManifest manifest) {
        s.apply(manifest);
        s.settle();
        s.deletePod("web-1");
        assertThat(s.pod("web-1").isTerminating()).isTrue();
    }

    @Test
    void orderedReadyCreatesNothingPastATerminatingPodUntilItIsGone() {
        startTerminatingWeb1(SetManifest.web().replicas(3));
        s.scale(4);
        long mark = s.mark();

        s.sync(3);
        assertThat(s.podsCreated(mark)).isEmpty();
        assertThat(s.podNames()).containsExactly("web-0", "web-1", "web-2");

        s.settle();
        assertThat(s.podsCreated(mark)).containsExactly("web-1", "web-3");
        assertThat(s.podNames()).containsExactly("web-0", "web-1", "web-2", "web-3");
    }

    @Test
    void orderedReadyNeitherScalesDownNorUpdatesPastATerminatingPod() {
        startTerminatingWeb1(SetManifest.web().replicas(3));
        s.scale(2);
        long mark = s.mark();

        s.sync(3);
        assertThat(s.podsDeleted(mark)).as("web-2 waits for web-1").isEmpty();

        s.setImage("nginx:1.26");
        s.sync(3);
        assertThat(s.podsDeleted(mark)).as("the rolling update waits for web-1").isEmpty();
    }

    @Test
    void parallelCreatesOtherPodsWhileOneTerminates() {
        startTerminatingWeb1(SetManifest.web().replicas(3).parallel());
        s.scale(4);
        long mark = s.mark();

        s.sync();

        assertThat(s.podsCreated(mark)).containsExactly("web-3");
        assertThat(s.pod("web-1").isTerminating()).isTrue();
    }

    @Test
    void parallelRecreatesATerminatingPodOnlyOnceItIsGone(InMemoryCluster cluster) {
        startTerminatingWeb1(SetManifest.web().replicas(3).parallel());
        String oldUid = s.pod("web-1").metadata().uid();
        long mark = s.mark();

        s.sync(3);
        assertThat(s.podsCreated(mark)).isEmpty();

        cluster.advance(Duration.ofSeconds(10));
        assertThat(s.findPod("web-1")).as("the kubelet finished the termination").isEmpty();
        s.sync();

        assertThat(s.podsCreated(mark)).containsExactly("web-1");
        assertThat(s.pod("web-1").metadata().uid()).isNotEqualTo(oldUid);
    }
}
