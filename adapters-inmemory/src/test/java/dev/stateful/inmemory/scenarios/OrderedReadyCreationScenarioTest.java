package dev.stateful.inmemory.scenarios;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stateful.domain.model.PodStatus;
import dev.stateful.inmemory.InMemoryCluster;
import dev.stateful.inmemory.audit.Actor;
import dev.stateful.inmemory.audit.WriteRecord;
import dev.stateful.inmemory.driver.ControllerDriver;
import dev.stateful.inmemory.junit.InMemoryClusterExtension;
import dev.stateful.inmemory.kubelet.PodBehaviour;
import dev.stateful.inmemory.store.Kind;
import dev.stateful.inmemory.store.Verb;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** OrderedReady creates pods one at a time, each after its predecessor is Running, Ready and available. */
@ExtendWith(InMemoryClusterExtension.class)
class OrderedReadyCreationScenarioTest {

    private Scenario s;

    @BeforeEach
    void setUp(InMemoryCluster cluster, ControllerDriver driver) {
        s = new Scenario(cluster, driver);
        cluster.kubelet().setDefaultBehaviour(PodBehaviour.MANUAL);
    }

    @Test
    void theFirstSyncCreatesOnlyOrdinalZeroAndItsClaimBeforeIt() {
        s.apply(SetManifest.web().replicas(3));
        long mark = s.mark();

        s.sync();

        assertThat(s.podNames()).containsExactly("web-0");
        assertThat(s.claimNames()).containsExactly("www-web-0");
        List<WriteRecord> creates = s.controllerWrites(mark).verb(Verb.CREATE)
                .filter(r -> r.kind() == Kind.CLAIMS || r.kind() == Kind.PODS).records();
        assertThat(creates).extracting(r -> r.kind() + " " + r.name())
                .containsExactly("CLAIMS www-web-0", "PODS web-0");
    }

    @Test
    void noFurtherPodIsCreatedWhileOrdinalZeroIsPendingOrRunningButNotReady() {
        s.apply(SetManifest.web().replicas(3));
        s.sync();

        s.sync(3);
        assertThat(s.podNames()).as("web-0 Pending").containsExactly("web-0");

        s.running("web-0");
        s.sync(3);
        assertThat(s.podNames()).as("web-0 Running, not Ready").containsExactly("web-0");
    }

    @Test
    void eachPodIsCreatedOnlyAfterItsPredecessorIsRunningAndReady() {
        s.apply(SetManifest.web().replicas(3));
        s.sync();

        s.ready("web-0");
        s.sync();
        assertThat(s.podNames()).containsExactly("web-0", "web-1");
        s.sync(2);
        assertThat(s.podNames()).as("web-1 still Pending").containsExactly("web-0", "web-1");

        s.ready("web-1");
        s.sync();
        assertThat(s.podNames()).containsExactly("web-0", "web-1", "web-2");

        s.ready("web-2");
        s.sync();
        assertThat(s.podsCreated(0)).containsExactly("web-0", "web-1", "web-2");
        assertThat(s.status().readyReplicas()).isEqualTo(3);
    }

    @Test
    void aReadyPodMustAlsoBeAvailableForMinReadySecondsBeforeTheNextIsCreated() {
        s.apply(SetManifest.web().replicas(2).minReadySeconds(10));
        s.sync();
        s.ready("web-0");

        s.sync();
        s.cluster().advance(Duration.ofSeconds(9));
        s.sync();
        assertThat(s.podNames()).as("Ready for 9 of 10 seconds is not yet available").containsExactly("web-0");

        s.cluster().advance(Duration.ofSeconds(1));
        s.sync();
        assertThat(s.podNames()).as("Ready for exactly minReadySeconds is available (IsPodAvailable)").containsExactly("web-0", "web-1");
    }

    @Test
    void withMinReadySecondsTheControllerAsksToBeRequeuedWhenThePodBecomesAvailable() {
        s.apply(SetManifest.web().replicas(2).minReadySeconds(10));
        s.sync();
        s.ready("web-0");

        assertThat(s.sync().requeueAfter()).contains(Duration.ofSeconds(10));
    }

    @Test
    void aSettledSetWasCreatedInAscendingOrderWithEveryPredecessorAvailableAtCreationTime(InMemoryCluster cluster) {
        cluster.kubelet().setDefaultBehaviour(PodBehaviour.NORMAL);
        SafetyMonitor monitor = SafetyMonitor.attach(cluster);
        s.apply(SetManifest.web().replicas(4).minReadySeconds(3));

        s.settle();

        assertThat(s.podsCreated(0)).containsExactly("web-0", "web-1", "web-2", "web-3");
        assertThat(monitor.createdPods()).containsExactly("web-0", "web-1", "web-2", "web-3");
        assertThat(monitor.violations()).isEmpty();
        assertThat(cluster.audit().query().by(Actor.KUBELET).verb(Verb.UPDATE_STATUS).count()).isPositive();
        assertThat(s.pods()).allSatisfy(p -> assertThat(p.status().phase()).isEqualTo(PodStatus.RUNNING));
    }

    /**
     * The sync asks to look again when the next Ready pod becomes available, as upstream's
     * {@code FindMinNextPodAvailabilityCheck} does, not after the whole minReadySeconds: for a pod Ready for
     * 5 of 10 seconds, in 5 seconds.
     */
    @Test
    void withMinReadySecondsTheSyncRequeuesWhenTheNextPodBecomesAvailableNotAfterMinReadySeconds() {
        s.apply(SetManifest.web().replicas(2).minReadySeconds(10));
        s.sync();
        s.ready("web-0");
        s.cluster().advance(Duration.ofSeconds(5));

        assertThat(s.sync().requeueAfter()).contains(Duration.ofSeconds(5));
    }
}
