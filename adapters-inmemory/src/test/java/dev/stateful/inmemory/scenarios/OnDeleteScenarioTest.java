package dev.stateful.inmemory.scenarios;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stateful.inmemory.InMemoryCluster;
import dev.stateful.inmemory.driver.ControllerDriver;
import dev.stateful.inmemory.junit.InMemoryClusterExtension;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * OnDelete (upstream {@code TestStatefulSetControlOnDeleteUpdate}): never deletes a pod for being outdated; pods that get
 * (re)created use the update revision. Project decision (as 1.36): currentRevision is promoted
 * once every replica is updated and available.
 */
@ExtendWith(InMemoryClusterExtension.class)
class OnDeleteScenarioTest {

    private Scenario s;
    private String original;

    @BeforeEach
    void setUp(InMemoryCluster cluster, ControllerDriver driver) {
        s = new Scenario(cluster, driver);
        s.apply(SetManifest.web().replicas(3).onDelete());
        s.settle();
        original = s.status().currentRevision();
    }

    @Test
    void aTemplateChangeDeletesNoPod() {
        long mark = s.mark();

        s.setImage("nginx:1.26");
        s.settle();

        assertThat(s.podsDeleted(mark)).isEmpty();
        assertThat(s.podNames()).allSatisfy(p -> assertThat(s.imageOf(p)).isEqualTo("nginx:1.25"));
        assertThat(s.status().updateRevision()).isNotEqualTo(original);
        assertThat(s.status().currentRevision()).isEqualTo(original);
        assertThat(s.status().updatedReplicas()).isZero();
        assertThat(s.status().currentReplicas()).isEqualTo(3);
    }

    @Test
    void newOrdinalsAndPodsDeletedByTheUserGetTheUpdateRevision() {
        s.setImage("nginx:1.26");
        s.settle();

        s.scale(4);
        s.deletePod("web-0");
        s.settle();

        assertThat(s.imageOf("web-3")).isEqualTo("nginx:1.26");
        assertThat(s.imageOf("web-0")).isEqualTo("nginx:1.26");
        assertThat(s.imageOf("web-1")).isEqualTo("nginx:1.25");
        assertThat(s.status().updatedReplicas()).isEqualTo(2);
        assertThat(s.status().currentRevision()).as("not all replicas updated").isEqualTo(original);
    }

    @Test
    void theUpdateRevisionBecomesCurrentOnceTheUserHasReplacedEveryPod() {
        s.setImage("nginx:1.26");
        s.settle();

        for (String pod : Scenario.names("web", 0, 1, 2)) {
            s.deletePod(pod);
            s.settle();
        }

        assertThat(s.status().updatedReplicas()).isEqualTo(3);
        assertThat(s.status().currentRevision()).isEqualTo(s.status().updateRevision()).isNotEqualTo(original);
        assertThat(s.status().currentReplicas()).isEqualTo(3);
    }
}
