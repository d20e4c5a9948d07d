package dev.stateful.inmemory.scenarios;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stateful.domain.model.Ordinals;
import dev.stateful.inmemory.InMemoryCluster;
import dev.stateful.inmemory.driver.ControllerDriver;
import dev.stateful.inmemory.junit.InMemoryClusterExtension;
import dev.stateful.inmemory.kubelet.PodBehaviour;
import dev.stateful.inmemory.store.Verb;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** KEP-3335: moving {@code ordinals.start} creates the new range first, then removes the old ordinals highest first. */
@ExtendWith(InMemoryClusterExtension.class)
class StartOrdinalScenarioTest {

    private Scenario s;

    @BeforeEach
    void setUp(InMemoryCluster cluster, ControllerDriver driver) {
        s = new Scenario(cluster, driver);
    }

    @Test
    void aSetStartingAtTwoCreatesOrdinalsTwoThreeFour() {
        s.apply(SetManifest.web().replicas(3).startOrdinal(2));

        s.settle();

        assertThat(s.podNames()).containsExactly("web-2", "web-3", "web-4");
        assertThat(s.claimNames()).containsExactly("www-web-2", "www-web-3", "www-web-4");
        assertThat(s.pod("web-2").metadata().labels()).containsEntry("apps.kubernetes.io/pod-index", "2");
    }

    @Test
    void movingTheStartFromZeroToTwoCreatesWeb3AndWeb4ThenDeletesWeb1AndWeb0(InMemoryCluster cluster) {
        s.apply(SetManifest.web().replicas(3));
        s.settle();
        SafetyMonitor monitor = SafetyMonitor.attach(cluster);
        long mark = s.mark();

        s.updateSpec(spec -> spec.withOrdinals(new Ordinals(2)));
        s.settle();

        assertThat(s.podNames()).containsExactly("web-2", "web-3", "web-4");
        assertThat(s.podsCreated(mark)).containsExactly("web-3", "web-4");
        assertThat(s.podsDeleted(mark)).containsExactly("web-1", "web-0");
        long lastCreate = s.controllerWrites(mark).filter(r -> r.name().equals("web-4") && r.verb() == Verb.CREATE).records().get(0).sequence();
        long firstDelete = s.controllerWrites(mark).filter(r -> r.name().equals("web-1") && r.verb() == Verb.DELETE).records().get(0).sequence();
        assertThat(lastCreate).as("the new range is populated before the old ordinals go").isLessThan(firstDelete);
        assertThat(monitor.violations()).isEmpty();
    }

    @Test
    void orderedReadyCreatesTheNewOrdinalsOneAtATime(InMemoryCluster cluster) {
        s.apply(SetManifest.web().replicas(3));
        s.settle();
        cluster.kubelet().setDefaultBehaviour(PodBehaviour.MANUAL);
        long mark = s.mark();

        s.updateSpec(spec -> spec.withOrdinals(new Ordinals(2)));
        s.sync(3);

        assertThat(s.podsCreated(mark)).containsExactly("web-3");
        assertThat(s.podsDeleted(mark)).isEmpty();
    }
}
