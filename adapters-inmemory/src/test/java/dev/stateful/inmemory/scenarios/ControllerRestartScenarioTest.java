package dev.stateful.inmemory.scenarios;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stateful.inmemory.InMemoryCluster;
import dev.stateful.inmemory.audit.Outcome;
import dev.stateful.inmemory.driver.ControllerDriver;
import dev.stateful.inmemory.junit.InMemoryClusterExtension;
import dev.stateful.inmemory.store.Kind;
import dev.stateful.inmemory.store.Verb;
import java.time.Duration;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** The controller keeps nothing between syncs: a restart at any point converges, and no pod is created twice. */
@ExtendWith(InMemoryClusterExtension.class)
class ControllerRestartScenarioTest {

    private Scenario s;
    private SafetyMonitor monitor;

    @BeforeEach
    void setUp(InMemoryCluster cluster, ControllerDriver driver) {
        s = new Scenario(cluster, driver);
        monitor = SafetyMonitor.attach(cluster);
    }

    private void runFor(InMemoryCluster cluster, ControllerDriver driver, int seconds) {
        for (int i = 0; i < seconds; i++) {
            driver.syncAll();
            cluster.advance(Duration.ofSeconds(1));
        }
    }

    @Test
    void aRestartMidRolloutConvergesAndReplacesEachPodExactlyOnce(InMemoryCluster cluster, ControllerDriver driver) {
        s.apply(SetManifest.web().replicas(4));
        s.settle();
        s.setImage("nginx:1.26");
        long mark = s.mark();
        runFor(cluster, driver, 4);
        assertThat(s.status().currentRevision()).as("mid-rollout").isNotEqualTo(s.status().updateRevision());
        assertThat(s.podsDeleted(mark)).isNotEmpty();

        driver.restart();
        s.settle();

        assertThat(s.podNames()).allSatisfy(p -> assertThat(s.imageOf(p)).isEqualTo("nginx:1.26"));
        assertThat(s.podsDeleted(mark)).containsExactly("web-3", "web-2", "web-1", "web-0");
        assertThat(s.podsCreated(mark)).containsExactly("web-3", "web-2", "web-1", "web-0");
        assertThat(s.controllerWrites(0).verb(Verb.CREATE).kind(Kind.PODS).outcome(Outcome.REJECTED).isEmpty()).isTrue();
        assertThat(s.status().currentRevision()).isEqualTo(s.status().updateRevision());
        assertThat(monitor.violations()).isEmpty();
    }

    @Test
    void restartsAfterEveryPassStillBringUpAnOrderedSetInOrder(InMemoryCluster cluster, ControllerDriver driver) {
        s.apply(SetManifest.web().replicas(3).minReadySeconds(2));

        for (int i = 0; i < 30; i++) {
            driver.restart();
            driver.syncAll();
            cluster.advance(Duration.ofSeconds(1));
        }
        s.settle();

        assertThat(s.podsCreated(0)).containsExactly("web-0", "web-1", "web-2");
        assertThat(s.status().availableReplicas()).isEqualTo(3);
        assertThat(monitor.violations()).isEmpty();
    }

    @Test
    void aRestartDuringAParallelScaleDownConverges(InMemoryCluster cluster, ControllerDriver driver) {
        s.apply(SetManifest.web().replicas(5).parallel());
        s.settle();
        s.scale(1);
        long mark = s.mark();

        driver.syncAll();
        driver.restart();
        s.settle();

        assertThat(s.podNames()).containsExactly("web-0");
        assertThat(s.podsDeleted(mark)).containsExactly("web-4", "web-3", "web-2", "web-1");
        assertThat(monitor.violations()).isEmpty();
    }
}
