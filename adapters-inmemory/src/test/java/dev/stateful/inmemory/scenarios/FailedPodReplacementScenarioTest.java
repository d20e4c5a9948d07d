package dev.stateful.inmemory.scenarios;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stateful.domain.model.PodStatus;
import dev.stateful.inmemory.InMemoryCluster;
import dev.stateful.inmemory.driver.ControllerDriver;
import dev.stateful.inmemory.events.RecordedEvent;
import dev.stateful.inmemory.junit.InMemoryClusterExtension;
import dev.stateful.inmemory.kubelet.PodBehaviour;
import java.time.Duration;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** A Failed or Succeeded pod is deleted in one sync and recreated in the next (upstream {@code processReplica}, first step). */
@ExtendWith(InMemoryClusterExtension.class)
class FailedPodReplacementScenarioTest {

    private Scenario s;

    @BeforeEach
    void setUp(InMemoryCluster cluster, ControllerDriver driver) {
        s = new Scenario(cluster, driver);
        s.apply(SetManifest.web().replicas(3));
        s.settle();
        cluster.kubelet().behave("web-1", PodBehaviour.MANUAL);
    }

    @ParameterizedTest
    @ValueSource(strings = {PodStatus.FAILED, PodStatus.SUCCEEDED})
    void aTerminatedPodIsDeletedInOneSyncAndRecreatedInTheNext(String phase) {
        String oldUid = s.pod("web-1").metadata().uid();
        s.phase("web-1", phase);
        long mark = s.mark();

        s.sync();
        assertThat(s.podsDeleted(mark)).containsExactly("web-1");
        assertThat(s.podsCreated(mark)).as("not recreated in the sync that deleted it").isEmpty();
        assertThat(s.findPod("web-1")).as("a terminated pod has no grace period").isEmpty();
        assertThat(s.eventMessages("SuccessfulDelete")).containsExactly("Delete Pod web-1 in StatefulSet web successful");

        s.sync();
        assertThat(s.podsCreated(mark)).containsExactly("web-1");
        assertThat(s.pod("web-1").metadata().uid()).isNotEqualTo(oldUid);
        assertThat(s.events()).filteredOn(e -> e.message().equals("Create Pod web-1 in StatefulSet web successful"))
                .extracting(RecordedEvent::count).containsExactly(2);
    }

    @Test
    void theOtherPodsAreLeftAloneWhileAFailedPodIsReplaced() {
        String web2 = s.pod("web-2").metadata().uid();
        s.phase("web-1", PodStatus.FAILED);
        long mark = s.mark();

        s.sync(2);

        assertThat(s.podsDeleted(mark)).containsExactly("web-1");
        assertThat(s.pod("web-2").metadata().uid()).isEqualTo(web2);
    }

    @Test
    void anEvictedPodIsReplacedOnceTheKubeletReportsItSucceeded(InMemoryCluster cluster) {
        cluster.kubelet().behave("web-2", PodBehaviour.EVICTED);
        cluster.advance(Duration.ofSeconds(10));
        assertThat(s.pod("web-2").status().phase()).isEqualTo(PodStatus.SUCCEEDED);
        cluster.kubelet().clearBehaviours();
        long mark = s.mark();

        s.settle();

        assertThat(s.podsDeleted(mark)).containsExactly("web-2");
        assertThat(s.podsCreated(mark)).containsExactly("web-2");
        assertThat(s.pod("web-2").status().isReady()).isTrue();
        assertThat(s.status().readyReplicas()).isEqualTo(3);
    }

    @Test
    void aCrashedPodOfAParallelSetIsReplaced(InMemoryCluster cluster, ControllerDriver driver) {
        Scenario p = new Scenario(cluster, driver);
        p.apply(SetManifest.web().named("db").replicas(2).parallel().withoutClaims());
        p.settle();
        cluster.kubelet().behave("db-0", PodBehaviour.CRASH);
        cluster.advance(Duration.ofSeconds(10));
        assertThat(p.pod("db-0").status().phase()).isEqualTo(PodStatus.FAILED);
        cluster.kubelet().clearBehaviours();
        long mark = p.mark();

        p.settle();

        assertThat(p.podsDeleted(mark)).containsExactly("db-0");
        assertThat(p.podsCreated(mark)).containsExactly("db-0");
        assertThat(p.eventMessages("SuccessfulDelete")).containsExactly("Delete Pod db-0 in StatefulSet db successful");
    }
}
