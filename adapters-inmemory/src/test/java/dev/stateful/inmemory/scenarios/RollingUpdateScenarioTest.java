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
 * Upstream {@code updateStatefulSetAfterInvariantEstablished} with the default maxUnavailable 1: an OrderedReady rolling update
 * replaces pods from the highest ordinal down, each only after the previously replaced pod is
 * Running, Ready and available; the update revision becomes current when every replica is updated
 * and available.
 */
@ExtendWith(InMemoryClusterExtension.class)
class RollingUpdateScenarioTest {

    private Scenario s;
    private String oldRevision;

    @BeforeEach
    void setUp(InMemoryCluster cluster, ControllerDriver driver) {
        s = new Scenario(cluster, driver);
        s.apply(SetManifest.web().replicas(3).minReadySeconds(5));
        s.settle();
        oldRevision = s.status().currentRevision();
        cluster.kubelet().setDefaultBehaviour(PodBehaviour.MANUAL);
    }

    /** The kubelet finishes the termination, then the controller recreates the pod. */
    private void replace(String pod) {
        s.cluster().tick();
        assertThat(s.findPod(pod)).isEmpty();
        s.sync();
        assertThat(s.pod(pod).status().phase()).isEqualTo("Pending");
    }

    @Test
    void podsAreReplacedHighestFirstEachAfterThePreviousIsAvailable() {
        s.setImage("nginx:1.26");
        long mark = s.mark();

        s.sync();
        assertThat(s.podsDeleted(mark)).containsExactly("web-2");
        s.sync(2);
        assertThat(s.podsDeleted(mark)).as("one pod at a time").containsExactly("web-2");

        replace("web-2");
        assertThat(s.imageOf("web-2")).isEqualTo("nginx:1.26");
        assertThat(s.revisionOf("web-2")).isEqualTo(s.status().updateRevision());
        s.ready("web-2");
        s.sync();
        assertThat(s.podsDeleted(mark)).as("web-2 Ready but not yet available for minReadySeconds").containsExactly("web-2");

        s.cluster().advance(Duration.ofSeconds(6));
        s.sync();
        assertThat(s.podsDeleted(mark)).containsExactly("web-2", "web-1");

        replace("web-1");
        s.ready("web-1");
        s.cluster().advance(Duration.ofSeconds(6));
        s.sync();
        assertThat(s.podsDeleted(mark)).containsExactly("web-2", "web-1", "web-0");
    }

    @Test
    void theUpdateRevisionBecomesCurrentOnlyOnceEveryReplicaIsUpdatedAndAvailable() {
        s.setImage("nginx:1.26");
        for (String pod : Scenario.names("web", 2, 1, 0)) {
            s.sync();
            replace(pod);
            s.ready(pod);
            s.cluster().advance(Duration.ofSeconds(6));
        }
        assertThat(s.status().currentRevision()).as("the last sync saw web-0 Pending").isEqualTo(oldRevision);

        s.sync();
        assertThat(s.status().updatedReplicas()).isEqualTo(3);
        assertThat(s.status().currentRevision()).isEqualTo(s.status().updateRevision()).isNotEqualTo(oldRevision);
        assertThat(s.status().currentReplicas()).isEqualTo(3);
    }

    @Test
    void readyButNotYetAvailablePodsDoNotCompleteTheRollout() {
        s.setImage("nginx:1.26");
        for (String pod : Scenario.names("web", 2, 1)) {
            s.sync();
            replace(pod);
            s.ready(pod);
            s.cluster().advance(Duration.ofSeconds(6));
        }
        s.sync();
        replace("web-0");
        s.ready("web-0");

        s.sync();
        assertThat(s.status().updatedReplicas()).isEqualTo(3);
        assertThat(s.status().readyReplicas()).isEqualTo(3);
        assertThat(s.status().availableReplicas()).isEqualTo(2);
        assertThat(s.status().currentRevision()).as("not promoted while web-0 is not available (upstream #136831)").isEqualTo(oldRevision);

        s.cluster().advance(Duration.ofSeconds(6));
        s.sync();
        assertThat(s.status().currentRevision()).isEqualTo(s.status().updateRevision());
    }

    @Test
    void aSettledRollingUpdateEndsWithEveryPodOnTheNewImage(InMemoryCluster cluster) {
        cluster.kubelet().setDefaultBehaviour(PodBehaviour.NORMAL);
        SafetyMonitor monitor = SafetyMonitor.attach(cluster);
        long mark = s.mark();

        s.setImage("nginx:1.26");
        s.settle();

        assertThat(s.podsDeleted(mark)).containsExactly("web-2", "web-1", "web-0");
        assertThat(s.podNames()).allSatisfy(p -> assertThat(s.imageOf(p)).isEqualTo("nginx:1.26"));
        assertThat(s.status().currentRevision()).isEqualTo(s.status().updateRevision());
        assertThat(s.status().currentReplicas()).isEqualTo(3);
        assertThat(monitor.violations()).isEmpty();
    }
}
