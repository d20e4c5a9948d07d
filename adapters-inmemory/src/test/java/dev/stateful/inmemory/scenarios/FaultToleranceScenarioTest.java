package dev.stateful.inmemory.scenarios;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stateful.inmemory.InMemoryCluster;
import dev.stateful.inmemory.audit.Outcome;
import dev.stateful.inmemory.audit.WriteRecord;
import dev.stateful.inmemory.driver.ControllerDriver;
import dev.stateful.inmemory.faults.ApiError;
import dev.stateful.inmemory.junit.ClusterConfig;
import dev.stateful.inmemory.junit.InMemoryClusterExtension;
import dev.stateful.inmemory.store.Kind;
import dev.stateful.inmemory.store.Verb;
import dev.stateful.ports.reconcile.SyncResult;
import dev.stateful.domain.model.Pod;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** API failures, writes whose success the controller never heard of, and a lagging cache: the set still converges without duplicates. */
@ExtendWith(InMemoryClusterExtension.class)
class FaultToleranceScenarioTest {

    private Scenario s;
    private SafetyMonitor monitor;

    @BeforeEach
    void setUp(InMemoryCluster cluster, ControllerDriver driver) {
        s = new Scenario(cluster, driver);
        monitor = SafetyMonitor.attach(cluster);
    }

    private java.util.List<String> podCreateOutcomes() {
        return s.controllerWrites(0).verb(Verb.CREATE).kind(Kind.PODS).records().stream()
                .map(r -> r.name() + " " + r.outcome()).toList();
    }

    private void assertConverged(int replicas) {
        assertThat(s.podNames()).hasSize(replicas);
        assertThat(s.status().readyReplicas()).isEqualTo(replicas);
        assertThat(s.status().availableReplicas()).isEqualTo(replicas);
        assertThat(monitor.violations()).isEmpty();
    }

    @Test
    void aPodCreateThatFailsOnTheSecondCallIsRetriedAndTheSetConverges(InMemoryCluster cluster) {
        cluster.faults().on(Verb.CREATE, Kind.PODS).nth(2).fail(ApiError.UNAVAILABLE);
        s.apply(SetManifest.web().replicas(3));

        ControllerDriver.Settlement settlement = s.settle();

        assertThat(settlement.clean()).isTrue();
        assertConverged(3);
        assertThat(podCreateOutcomes()).containsExactly("web-0 APPLIED", "web-1 INJECTED_FAILURE", "web-1 APPLIED", "web-2 APPLIED");
        assertThat(s.eventMessages("FailedCreate")).singleElement().asString()
                .startsWith("Create Pod web-1 in StatefulSet web failed error: injected fault");
    }

    @Test
    void aPodCreateThatSucceededButReportedAnErrorIsNotCreatedAgain(InMemoryCluster cluster) {
        cluster.faults().on(Verb.CREATE, Kind.PODS).nth(2).failAfterWrite();
        s.apply(SetManifest.web().replicas(3));

        s.settle();

        assertConverged(3);
        assertThat(podCreateOutcomes()).containsExactly("web-0 APPLIED", "web-1 APPLIED_BUT_FAILED", "web-2 APPLIED");
    }

    @Test
    void aParallelCreateThatSucceededButReportedAnErrorIsNotCreatedAgain(InMemoryCluster cluster) {
        cluster.faults().on(Verb.CREATE, Kind.PODS).nth(2).failAfterWrite();
        s.apply(SetManifest.web().replicas(4).parallel());

        s.settle();

        assertConverged(4);
        assertThat(s.podsCreated(0)).containsExactlyInAnyOrder("web-0", "web-1", "web-2", "web-3");
        assertThat(s.controllerWrites(0).verb(Verb.CREATE).kind(Kind.PODS).outcome(Outcome.REJECTED).isEmpty()).isTrue();
    }

    @Test
    void aClaimCreateThatSucceededButReportedAnErrorIsNotCreatedAgain(InMemoryCluster cluster) {
        cluster.faults().on(Verb.CREATE, Kind.CLAIMS).nth(1).failAfterWrite();
        s.apply(SetManifest.web().replicas(2));

        s.sync();
        assertThat(s.podNames()).as("the pod waits for its claim").isEmpty();
        s.settle();

        assertConverged(2);
        assertThat(s.controllerWrites(0).verb(Verb.CREATE).kind(Kind.CLAIMS).names()).containsExactly("www-web-0", "www-web-1");
        assertThat(s.podsCreated(0)).containsExactly("web-0", "web-1");
    }

    @Test
    void aFailedDeleteDuringScaleDownIsReportedAndRetried(InMemoryCluster cluster) {
        s.apply(SetManifest.web().replicas(3));
        s.settle();
        cluster.faults().on(Verb.DELETE, Kind.PODS).nth(1).fail(ApiError.UNAVAILABLE);
        long mark = s.mark();

        s.scale(1);
        s.settle();

        assertConverged(1);
        assertThat(s.controllerWrites(mark).verb(Verb.DELETE).kind(Kind.PODS).records())
                .extracting(r -> r.name() + " " + r.outcome())
                .containsExactly("web-2 INJECTED_FAILURE", "web-2 APPLIED", "web-1 APPLIED");
        assertThat(s.eventMessages("FailedDelete")).singleElement().asString().startsWith("Delete Pod web-2 in StatefulSet web failed error:");
    }

    @Test
    void aConflictingStatusWriteIsRetriedOnAFreshCopy(InMemoryCluster cluster) {
        cluster.faults().on(Verb.UPDATE_STATUS, Kind.STATEFULSETS).nth(1).conflict();
        s.apply(SetManifest.web().replicas(2));
        long mark = s.mark();

        s.sync();

        assertThat(s.controllerWrites(mark).verb(Verb.UPDATE_STATUS).records()).extracting(WriteRecord::outcome)
                .containsExactly(Outcome.INJECTED_FAILURE, Outcome.APPLIED);
        assertThat(s.status().observedGeneration()).isEqualTo(1);
    }

    /**
     * {@code UpdateStatefulPod} retries a conflicting repair on the pod read again ({@code RetryOnConflict}):
     * the pod-name label a user removed is back after one sync, with no {@code FailedUpdate}.
     */
    @Test
    void aConflictingPodRepairIsRetriedInTheSameSyncWithoutAFailedUpdate(InMemoryCluster cluster) {
        s.apply(SetManifest.web().replicas(2).withoutClaims());
        s.settle();
        Pod web1 = s.pod("web-1");
        Map<String, String> labels = new HashMap<>(web1.metadata().labels());
        labels.remove("statefulset.kubernetes.io/pod-name");
        cluster.user().pods().update(web1.withMetadata(web1.metadata().withLabels(labels)));
        cluster.faults().on(Verb.UPDATE, Kind.PODS).nth(1).conflict();
        long mark = s.mark();

        SyncResult result = s.sync();

        assertThat(result.error()).isEmpty();
        assertThat(s.controllerWrites(mark).verb(Verb.UPDATE).kind(Kind.PODS).records()).extracting(WriteRecord::outcome)
                .containsExactly(Outcome.INJECTED_FAILURE, Outcome.APPLIED);
        assertThat(s.pod("web-1").metadata().labels()).containsEntry("statefulset.kubernetes.io/pod-name", "web-1");
        assertThat(s.eventMessages("FailedUpdate")).isEmpty();
        assertThat(s.eventMessages("SuccessfulUpdate")).containsExactly("Update Pod web-1 in StatefulSet web successful");
    }

    /** Found by the simulation: the re-read after a status conflict failed and its exception escaped the sync. */
    @Test
    void aStatusConflictWhoseRereadFailsIsReportedAsTheSyncsErrorAndRetried(InMemoryCluster cluster) {
        cluster.faults().on(Verb.UPDATE_STATUS, Kind.STATEFULSETS).nth(1).conflict();
        cluster.faults().on(Verb.GET, Kind.STATEFULSETS).nth(1).fail(ApiError.FORBIDDEN);
        s.apply(SetManifest.web().replicas(1));

        SyncResult first = s.sync();
        ControllerDriver.Settlement settlement = s.settle();

        assertThat(first.error()).get().asString().contains("injected fault: GET statefulsets.apps \"web\"");
        assertThat(settlement.clean()).isTrue();
        assertConverged(1);
    }

    @Test
    @ClusterConfig(seed = 7)
    void randomFailuresOfAThirdOfAllControllerWritesStillConverge(InMemoryCluster cluster) {
        for (Verb verb : new Verb[] {Verb.CREATE, Verb.UPDATE, Verb.UPDATE_STATUS, Verb.DELETE, Verb.PATCH}) {
            for (Kind kind : new Kind[] {Kind.PODS, Kind.CLAIMS, Kind.REVISIONS, Kind.STATEFULSETS}) {
                cluster.faults().on(verb, kind).withProbability(0.33).fail(ApiError.UNAVAILABLE);
            }
        }
        s.apply(SetManifest.web().replicas(3).retention("Delete", "Delete"));
        s.settle();
        s.setImage("nginx:1.26");
        s.settle();
        s.scale(1);
        s.settle();

        assertThat(s.controllerWrites(0).outcome(Outcome.INJECTED_FAILURE).count()).isPositive();
        cluster.faults().clear();
        s.settle();
        assertConverged(1);
        assertThat(s.imageOf("web-0")).isEqualTo("nginx:1.26");
        assertThat(s.claimNames()).containsExactly("www-web-0");
        assertThat(s.status().currentRevision()).isEqualTo(s.status().updateRevision());
    }

    @Test
    void aPodCacheThatLagsBehindCausesOnlyHarmlessAlreadyExistsAndConvergesOnceItCatchesUp(InMemoryCluster cluster, ControllerDriver driver) {
        s.apply(SetManifest.web().replicas(3).parallel());
        cluster.faults().staleReads(Kind.PODS, 3);
        for (int i = 0; i < 20; i++) {
            driver.syncAll();
            cluster.advance(Duration.ofSeconds(1));
        }
        s.setImage("nginx:1.26");
        s.scale(4);
        for (int i = 0; i < 20; i++) {
            driver.syncAll();
            cluster.advance(Duration.ofSeconds(1));
        }

        assertThat(s.controllerWrites(0).verb(Verb.CREATE).kind(Kind.PODS).outcome(Outcome.REJECTED).names())
                .as("the stale cache made the controller create pods that already existed").isNotEmpty();
        assertThat(s.eventMessages("FailedCreate")).as("AlreadyExists on pod creation is no error event").isEmpty();

        cluster.faults().freshReads();
        s.settle();

        assertConverged(4);
        assertThat(s.podNames()).allSatisfy(p -> assertThat(s.imageOf(p)).isEqualTo("nginx:1.26"));
        assertThat(s.status().currentRevision()).isEqualTo(s.status().updateRevision());
    }

    /**
     * upstream's {@code DeleteStatefulPod}: "A NotFound is considered a successful response, since the
     * end result is the same: the pod is deleted"; the rolling update counts the pod as deleted
     * ({@code currentReplicas--}).
     */
    @Test
    void deletingAPodThatIsAlreadyGoneIsASuccessfulDeleteAndTheRollingUpdateCountsIt(InMemoryCluster cluster) {
        s.apply(SetManifest.web().replicas(3).withoutClaims());
        s.settle();
        s.setImage("nginx:1.26");
        long mark = s.mark();
        cluster.faults().on(Verb.DELETE, Kind.PODS).nth(1).fail(ApiError.NOT_FOUND);

        SyncResult result = s.sync();

        assertThat(result.error()).isEmpty();
        assertThat(s.eventMessages("FailedDelete")).isEmpty();
        assertThat(s.eventMessages("SuccessfulDelete")).containsExactly("Delete Pod web-2 in StatefulSet web successful");
        assertThat(s.status().currentReplicas()).isEqualTo(2);
        assertThat(s.podsDeleted(mark)).as("the API server said it was gone").isEmpty();
    }

    @Test
    void deletingACondemnedPodThatIsAlreadyGoneIsASuccessfulDeleteNotAFailedSync(InMemoryCluster cluster) {
        s.apply(SetManifest.web().replicas(3).withoutClaims());
        s.settle();
        s.scale(2);
        cluster.faults().on(Verb.DELETE, Kind.PODS).nth(1).fail(ApiError.NOT_FOUND);

        SyncResult result = s.sync();

        assertThat(result.error()).isEmpty();
        assertThat(s.eventMessages("FailedDelete")).isEmpty();
        assertThat(s.eventMessages("SuccessfulDelete")).containsExactly("Delete Pod web-2 in StatefulSet web successful");
    }

    @Test
    void aPodDeleteThatFailsIsAFailedDeleteAndFailsTheSync(InMemoryCluster cluster) {
        s.apply(SetManifest.web().replicas(3).withoutClaims());
        s.settle();
        s.scale(2);
        cluster.faults().on(Verb.DELETE, Kind.PODS).nth(1).fail(ApiError.UNAVAILABLE);

        SyncResult result = s.sync();

        assertThat(result.error()).hasValueSatisfying(e -> assertThat(e).isInstanceOf(dev.stateful.ports.ApiException.Unavailable.class));
        assertThat(s.eventMessages("FailedDelete")).singleElement()
                .satisfies(m -> assertThat(m).startsWith("Delete Pod web-2 in StatefulSet web failed error:"));
        assertThat(s.podNames()).contains("web-2");
    }
}
