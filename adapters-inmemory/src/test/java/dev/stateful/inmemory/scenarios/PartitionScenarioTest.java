package dev.stateful.inmemory.scenarios;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stateful.inmemory.InMemoryCluster;
import dev.stateful.inmemory.driver.ControllerDriver;
import dev.stateful.inmemory.junit.InMemoryClusterExtension;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** Upstream {@code TestStatefulSetControlRollingUpdateWithPartition}: a partition keeps the pods below it on the current revision. */
@ExtendWith(InMemoryClusterExtension.class)
class PartitionScenarioTest {

    private Scenario s;

    @BeforeEach
    void setUp(InMemoryCluster cluster, ControllerDriver driver) {
        s = new Scenario(cluster, driver);
    }

    @Test
    void withPartitionTwoOfThreeOnlyWeb2IsUpdated() {
        s.apply(SetManifest.web().replicas(3).partition(2));
        s.settle();
        String current = s.status().currentRevision();
        long mark = s.mark();

        s.setImage("nginx:1.26");
        s.settle();

        assertThat(s.podsDeleted(mark)).containsExactly("web-2");
        assertThat(s.imageOf("web-2")).isEqualTo("nginx:1.26");
        assertThat(s.imageOf("web-0")).isEqualTo("nginx:1.25");
        assertThat(s.imageOf("web-1")).isEqualTo("nginx:1.25");
        assertThat(s.status().currentRevision()).isEqualTo(current);
        assertThat(s.status().updateRevision()).isNotEqualTo(current);
        assertThat(s.status().currentReplicas()).isEqualTo(2);
        assertThat(s.status().updatedReplicas()).isEqualTo(1);
    }

    @Test
    void aDeletedPodBelowThePartitionIsRecreatedOnTheCurrentRevision() {
        s.apply(SetManifest.web().replicas(3).partition(2));
        s.settle();
        String current = s.status().currentRevision();
        s.setImage("nginx:1.26");
        s.settle();

        s.deletePod("web-0");
        s.settle();

        assertThat(s.revisionOf("web-0")).isEqualTo(current);
        assertThat(s.imageOf("web-0")).isEqualTo("nginx:1.25");
    }

    @Test
    void aCanaryIsReleasedByLoweringThePartitionStepByStep() {
        s.apply(SetManifest.web().replicas(3).partition(3));
        s.settle();
        String old = s.status().currentRevision();
        long mark = s.mark();

        s.setImage("nginx:1.26");
        s.settle();
        assertThat(s.podsDeleted(mark)).as("partition = replicas: nothing updated").isEmpty();

        s.setPartition(2);
        s.settle();
        assertThat(s.podsDeleted(mark)).containsExactly("web-2");

        s.setPartition(0);
        s.settle();
        assertThat(s.podsDeleted(mark)).containsExactly("web-2", "web-1", "web-0");
        assertThat(s.status().currentRevision()).isEqualTo(s.status().updateRevision()).isNotEqualTo(old);
    }

    @Test
    void withAStartOrdinalThePartitionCountsFromTheStart() {
        s.apply(SetManifest.web().replicas(3).startOrdinal(2).partition(1));
        s.settle();
        long mark = s.mark();

        s.setImage("nginx:1.26");
        s.settle();

        assertThat(s.podsDeleted(mark)).containsExactly("web-4", "web-3");
        assertThat(s.imageOf("web-2")).isEqualTo("nginx:1.25");
    }
}
