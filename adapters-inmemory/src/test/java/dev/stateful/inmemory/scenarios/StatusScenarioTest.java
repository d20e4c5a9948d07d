package dev.stateful.inmemory.scenarios;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stateful.domain.model.StatefulSet;
import dev.stateful.domain.model.StatefulSetStatus;
import dev.stateful.inmemory.InMemoryCluster;
import dev.stateful.inmemory.audit.Outcome;
import dev.stateful.inmemory.driver.ControllerDriver;
import dev.stateful.inmemory.faults.ApiError;
import dev.stateful.inmemory.junit.InMemoryClusterExtension;
import dev.stateful.inmemory.kubelet.PodBehaviour;
import dev.stateful.inmemory.store.Kind;
import dev.stateful.inmemory.store.Verb;
import dev.stateful.ports.reconcile.SyncResult;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** Upstream {@code computeReplicaStatus} and {@code updateStatefulSetStatus}: what the status counts, and when the controller writes it. */
@ExtendWith(InMemoryClusterExtension.class)
class StatusScenarioTest {

    private Scenario s;

    @BeforeEach
    void setUp(InMemoryCluster cluster, ControllerDriver driver) {
        s = new Scenario(cluster, driver);
    }

    private int statusWrites(long mark) {
        return s.controllerWrites(mark).verb(Verb.UPDATE_STATUS).kind(Kind.STATEFULSETS).tookEffect().count();
    }

    @Test
    void aSettledSetReportsEveryReplicaReadyAvailableCurrentAndUpdated() {
        StatefulSet set = s.apply(SetManifest.web().replicas(3));

        s.settle();

        StatefulSetStatus status = s.status();
        assertThat(status.observedGeneration()).isEqualTo(set.metadata().generation());
        assertThat(List.of(status.replicas(), status.readyReplicas(), status.availableReplicas(), status.currentReplicas(),
                status.updatedReplicas())).containsOnly(3);
        assertThat(status.currentRevision()).isEqualTo(status.updateRevision()).isNotEmpty();
        assertThat(status.collisionCount()).isZero();
        assertThat(status.conditions()).as("the controller sets no conditions").isEmpty();
    }

    @Test
    void aTerminatingPodStillCountsInReplicasAndReadyButNotInCurrentOrUpdated(InMemoryCluster cluster) {
        s.apply(SetManifest.web().replicas(3));
        s.settle();
        cluster.kubelet().behave("web-2", PodBehaviour.SLOW_TERMINATION);
        s.deletePod("web-2");

        s.sync();

        StatefulSetStatus status = s.status();
        assertThat(status.replicas()).isEqualTo(3);
        assertThat(status.readyReplicas()).isEqualTo(3);
        assertThat(status.currentReplicas()).isEqualTo(2);
        assertThat(status.updatedReplicas()).isEqualTo(2);
    }

    @Test
    void availableReplicasLagReadyReplicasByMinReadySeconds(InMemoryCluster cluster) {
        s.apply(SetManifest.web().replicas(2).parallel().minReadySeconds(30));
        cluster.kubelet().setDefaultBehaviour(PodBehaviour.MANUAL);
        s.sync();
        s.ready("web-0");
        s.ready("web-1");

        s.sync();
        assertThat(s.status().readyReplicas()).isEqualTo(2);
        assertThat(s.status().availableReplicas()).isZero();

        cluster.advance(Duration.ofSeconds(31));
        s.sync();
        assertThat(s.status().availableReplicas()).isEqualTo(2);
    }

    @Test
    void aSettledSetGetsNoFurtherStatusWrites(InMemoryCluster cluster, ControllerDriver driver) {
        s.apply(SetManifest.web().replicas(3).minReadySeconds(5));
        s.settle();
        long mark = s.mark();

        for (int i = 0; i < 5; i++) {
            driver.syncAll();
            cluster.advance(Duration.ofMinutes(10));
        }

        assertThat(statusWrites(mark)).isZero();
        assertThat(s.controllerWrites(mark).isEmpty()).isTrue();
    }

    @Test
    void eachSyncWritesTheStatusAtMostOnce(InMemoryCluster cluster) {
        s.apply(SetManifest.web().replicas(3));
        for (int i = 0; i < 20; i++) {
            long mark = s.mark();
            s.sync();
            assertThat(statusWrites(mark)).isLessThanOrEqualTo(1);
            cluster.advance(Duration.ofSeconds(1));
        }
        assertThat(s.status().readyReplicas()).isEqualTo(3);
    }

    @Test
    void theStatusIsWrittenEvenWhenPodCreationFails(InMemoryCluster cluster) {
        cluster.faults().on(Verb.CREATE, Kind.PODS).fail(ApiError.UNAVAILABLE);
        StatefulSet set = s.apply(SetManifest.web().replicas(3));
        long mark = s.mark();

        SyncResult result = s.sync();

        assertThat(result.error()).isPresent();
        assertThat(s.controllerWrites(mark).verb(Verb.CREATE).kind(Kind.PODS).outcome(Outcome.INJECTED_FAILURE).names()).containsExactly("web-0");
        assertThat(statusWrites(mark)).isEqualTo(1);
        assertThat(s.status().observedGeneration()).isEqualTo(set.metadata().generation());
        assertThat(s.status().updateRevision()).startsWith("web-");
        assertThat(s.status().replicas()).isZero();
        assertThat(s.eventMessages("FailedCreate")).singleElement().asString()
                .startsWith("Create Pod web-0 in StatefulSet web failed error: injected fault");
    }

    @Test
    void observedGenerationFollowsASpecChangeAfterTheNextSync() {
        s.apply(SetManifest.web().replicas(2));
        s.settle();

        StatefulSet scaled = s.scale(3);
        assertThat(scaled.metadata().generation()).isEqualTo(2);
        assertThat(s.status().observedGeneration()).isEqualTo(1);

        s.sync();
        assertThat(s.status().observedGeneration()).isEqualTo(2);
    }

    @Test
    void conditionsWrittenByOthersArePreservedWhenTheControllerWritesStatus(InMemoryCluster cluster) {
        s.apply(SetManifest.web().replicas(2));
        s.settle();
        StatefulSet stored = s.set();
        StatefulSetStatus.Condition condition = new StatefulSetStatus.Condition("example.com/Audited", "True",
                Instant.parse("2026-01-01T00:00:00Z"), "ByHand", "checked by an operator");
        cluster.user().statefulSets().updateStatus(stored.withStatus(stored.status().withConditions(List.of(condition))));
        long mark = s.mark();

        s.scale(3);
        s.settle();

        assertThat(statusWrites(mark)).isPositive();
        assertThat(s.status().readyReplicas()).isEqualTo(3);
        assertThat(s.status().conditions()).containsExactly(condition);
    }

    /**
     * Project decision: upstream's rolling update decrements {@code currentReplicas} for every pod it
     * deletes, also for pods of neither the current nor the update revision, and so can compute a
     * negative count (which the API server's status validation refuses). Here every pod runs a
     * revision between the two: the count stays at zero.
     */
    @Test
    void currentReplicasIsClampedAtZeroWhenTheRollingUpdateReplacesPodsOfNeitherRevision(InMemoryCluster cluster) {
        cluster.kubelet().behaveForImage("nginx:broken", PodBehaviour.NEVER_READY);
        s.apply(SetManifest.web().replicas(3).parallel().maxUnavailable("3").withoutClaims());
        s.settle();
        String first = s.status().currentRevision();
        s.setImage("nginx:broken");
        s.settle();
        assertThat(s.status().currentRevision()).isEqualTo(first);
        assertThat(s.status().currentReplicas()).isZero();
        s.setImage("nginx:1.27");
        long mark = s.mark();

        s.sync();

        assertThat(s.podsDeleted(mark)).containsExactly("web-2", "web-1", "web-0");
        assertThat(s.status().currentReplicas()).isZero();
    }
}
