package dev.stateful.inmemory.scenarios;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stateful.inmemory.InMemoryCluster;
import dev.stateful.inmemory.audit.Outcome;
import dev.stateful.inmemory.driver.ControllerDriver;
import dev.stateful.inmemory.junit.InMemoryClusterExtension;
import dev.stateful.inmemory.store.DeleteOptions;
import dev.stateful.inmemory.store.Kind;
import dev.stateful.inmemory.store.Verb;
import dev.stateful.ports.reconcile.SyncResult;
import java.time.Duration;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import dev.stateful.domain.model.PodStatus;
import dev.stateful.inmemory.kubelet.PodBehaviour;

/**
 * Reading its own writes (kube-controller-manager since 1.36, our production wiring): while the
 * cache does not show a pod or claim the controller created or deleted, the set waits instead of
 * deciding again from a world without that write. Compare
 * {@code FaultToleranceScenarioTest#aPodCacheThatLagsBehindCausesOnlyHarmlessAlreadyExistsAndConvergesOnceItCatchesUp},
 * the same lag without the guard.
 */
@ExtendWith(InMemoryClusterExtension.class)
class ReadOwnWritesScenarioTest {

    static final Duration PATIENCE = Duration.ofSeconds(60);

    private InMemoryCluster cluster;
    private Scenario s;
    private SafetyMonitor monitor;

    @BeforeEach
    void setUp(InMemoryCluster cluster) {
        this.cluster = cluster;
        s = new Scenario(cluster, ControllerDriver.readingOwnWrites(cluster, PATIENCE));
        monitor = SafetyMonitor.attach(cluster);
    }

    @Test
    void aLaggingPodCacheMakesTheSetWaitInsteadOfCreatingItsPodsAgain() {
        s.apply(SetManifest.web().replicas(3).parallel());
        cluster.faults().staleReads(Kind.PODS, 3);

        SyncResult first = s.sync();
        SyncResult[] later = new SyncResult[5];
        for (int i = 0; i < later.length; i++) {
            later[i] = s.sync();
        }

        assertThat(first.writes()).as("the first pass creates the pods").isPositive();
        assertThat(later).allSatisfy(r -> {
            assertThat(r.error()).isEmpty();
            assertThat(r.writes()).isZero();
            assertThat(r.requeueAfter()).as("it looks again soon").isPresent();
        });
        assertThat(s.controllerWrites(0).verb(Verb.CREATE).kind(Kind.PODS).outcome(Outcome.REJECTED).isEmpty())
                .as("no create of a pod that exists").isTrue();
        assertThat(s.podsCreated(0)).containsExactlyInAnyOrder("web-0", "web-1", "web-2");

        cluster.faults().freshReads();
        s.settle();

        assertThat(s.status().readyReplicas()).isEqualTo(3);
        assertThat(s.podsCreated(0)).hasSize(3);
        assertThat(monitor.violations()).isEmpty();
    }

    @Test
    void aLaggingPodCacheMakesAScaleDownWaitInsteadOfDeletingThePodAgain() {
        s.apply(SetManifest.web().replicas(3));
        s.settle();
        long mark = s.mark();

        s.scale(1);
        s.sync();
        cluster.faults().staleReads(Kind.PODS, 1);
        for (int i = 0; i < 5; i++) {
            s.sync();
        }

        assertThat(s.controllerWrites(mark).verb(Verb.DELETE).kind(Kind.PODS).records())
                .extracting(r -> r.name() + " " + r.outcome())
                .as("web-2 is deleted once and nothing else happens while the cache still shows it")
                .containsExactly("web-2 APPLIED");

        cluster.faults().freshReads();
        s.settle();

        assertThat(s.podNames()).containsExactly("web-0");
        assertThat(s.podsDeleted(mark)).containsExactly("web-2", "web-1");
        assertThat(monitor.violations()).isEmpty();
    }

    /**
     * A delete answered NotFound wrote nothing (upstream's {@code ConsistencyStore} records no
     * deletes at all): the next sync decides from the cache at once. Had it waited for the pod to
     * disappear, a wrong answer with the pod still there would hold the set for the whole patience.
     */
    @Test
    void aDeleteAnsweredNotFoundWhileThePodIsStillThereDoesNotHoldTheSetBack() {
        s.apply(SetManifest.web().replicas(2));
        s.settle();
        long mark = s.mark();
        cluster.faults().on(Verb.DELETE, Kind.PODS).nth(1).fail(dev.stateful.inmemory.faults.ApiError.NOT_FOUND);

        s.scale(1);
        s.sync();
        SyncResult next = s.sync();

        assertThat(next.error()).isEmpty();
        assertThat(s.controllerWrites(mark).verb(Verb.DELETE).kind(Kind.PODS).records()).extracting(r -> r.name() + " " + r.outcome())
                .as("the next sync deletes web-1 again instead of waiting to see it gone")
                .containsExactly("web-1 INJECTED_FAILURE", "web-1 APPLIED");
        s.settle();
        assertThat(s.podNames()).containsExactly("web-0");
    }

    @Test
    void aLaggingClaimCacheMakesTheSetWaitInsteadOfCreatingTheClaimAgain() {
        s.apply(SetManifest.web().replicas(1));
        cluster.faults().on(Verb.CREATE, Kind.PODS).nth(1).fail(dev.stateful.inmemory.faults.ApiError.UNAVAILABLE);
        s.sync();
        cluster.faults().staleReads(Kind.CLAIMS, 1);

        SyncResult waiting = s.sync();

        assertThat(waiting.writes()).isZero();
        assertThat(s.controllerWrites(0).verb(Verb.CREATE).kind(Kind.CLAIMS).records()).extracting(r -> r.name() + " " + r.outcome())
                .containsExactly("www-web-0 APPLIED");

        cluster.faults().freshReads();
        s.settle();
        assertThat(s.podNames()).containsExactly("web-0");
        assertThat(s.claimsCreated(0)).containsExactly("www-web-0");
    }

    @Test
    void aCacheThatNeverCatchesUpIsWaitedForOnlyUntilThePatienceRunsOut() {
        s.apply(SetManifest.web().replicas(1));
        s.sync();
        // deep enough that the kubelet starting the pod does not bring the creation into view
        cluster.faults().staleReads(Kind.PODS, 50);

        cluster.advance(PATIENCE.minusSeconds(1));
        SyncResult stillWaiting = s.sync();
        cluster.advance(Duration.ofSeconds(2));
        SyncResult decided = s.sync();

        assertThat(stillWaiting.writes()).isZero();
        assertThat(stillWaiting.plan()).isEmpty();
        assertThat(decided.plan()).as("past the patience it decides from what the cache shows").isPresent();
        assertThat(s.controllerWrites(0).verb(Verb.CREATE).kind(Kind.PODS).records()).extracting(r -> r.name() + " " + r.outcome())
                .containsExactly("web-0 APPLIED", "web-0 REJECTED");
    }

    /**
     * Upstream's {@code sync} asks its {@code ConsistencyStore} ({@code EnsureReady}, by the set's name)
     * before it looks the set up: a set deleted and created again under its name waits for the writes
     * made for the earlier one, rather than creating a pod the cache does not show yet.
     */
    @Test
    void aSetCreatedAgainUnderItsNameWaitsForTheWritesMadeForTheEarlierOne() {
        s.apply(SetManifest.web().replicas(1).withoutClaims());
        cluster.faults().staleReads(Kind.PODS, 1);
        s.sync();
        cluster.user().statefulSets().delete(s.set().key(), DeleteOptions.DEFAULT);

        SyncResult gone = s.sync();
        s.apply(SetManifest.web().replicas(1).withoutClaims());
        long mark = s.mark();
        SyncResult[] again = {s.sync(), s.sync()};

        assertThat(gone.requeueAfter()).as("the set is gone, its pod create not yet seen: it looks again").isPresent();
        assertThat(again).allSatisfy(r -> {
            assertThat(r.plan()).as("waiting").isEmpty();
            assertThat(r.writes()).isZero();
        });
        cluster.faults().freshReads();
        s.settle();
        assertThat(s.controllerWrites(mark).verb(Verb.CREATE).kind(Kind.PODS).records()).extracting(r -> r.name() + " " + r.outcome())
                .as("web-0 is created for the new set once the garbage collector took the earlier set's")
                .endsWith("web-0 APPLIED");
        assertThat(s.pod("web-0").metadata().controllerRef()).get().extracting(ref -> ref.uid()).isEqualTo(s.set().metadata().uid());
    }

    /** The writes of a set seen gone are forgotten once the caches show them: nothing holds the name back. */
    @Test
    void aSetSeenGoneWithItsWritesShownIsForgotten() {
        s.apply(SetManifest.web().replicas(1).withoutClaims());
        s.sync();
        cluster.user().statefulSets().delete(s.set().key(), DeleteOptions.DEFAULT);

        SyncResult gone = s.sync();

        assertThat(gone.requeueAfter()).isEmpty();
        s.apply(SetManifest.web().replicas(1).withoutClaims());
        assertThat(s.sync().plan()).isPresent();
    }

    @Test
    void aRestartForgetsWhatItWaitedFor() {
        s.apply(SetManifest.web().replicas(1));
        s.sync();
        cluster.faults().staleReads(Kind.PODS, 1);
        assertThat(s.sync().plan()).as("waiting").isEmpty();

        s.driver().restart();

        assertThat(s.sync().plan()).as("a fresh process has no record of earlier writes").isPresent();
    }

    /**
     * The controller's own status write is one of its writes too: a set cache that does not show it
     * yet holds the next sync back, so a status computed from the older copy (observedGeneration,
     * updateRevision, collisionCount of before) is never written over it.
     */
    @Test
    void aSetCacheThatDoesNotShowTheControllersOwnStatusWriteHoldsBackTheNextSync() {
        s.apply(SetManifest.web().replicas(3).parallel().withoutClaims());
        s.settle();
        s.setImage("nginx:1.26");
        s.sync();
        long generation = s.status().observedGeneration();
        String update = s.status().updateRevision();
        cluster.faults().staleReads(Kind.STATEFULSETS, 2);
        long mark = s.mark();

        s.sync(3);

        assertThat(s.controllerWrites(mark).isEmpty()).as("nothing decided from the set before the image change").isTrue();
        assertThat(s.status().observedGeneration()).isEqualTo(generation);
        cluster.faults().freshReads();
        s.settle();
        assertThat(s.status().observedGeneration()).isEqualTo(generation);
        assertThat(s.status().updateRevision()).isEqualTo(update);
        assertThat(s.podNames()).allSatisfy(p -> assertThat(s.imageOf(p)).isEqualTo("nginx:1.26"));
    }

    /**
     * A pod read back with a uid but no phase (an API server without the pod strategy, as fabric8's
     * mock) exists: it is not created again, which could only be refused with AlreadyExists.
     */
    @Test
    void aPodStoredWithoutAPhaseIsNotCreatedAgain() {
        cluster.kubelet().setDefaultBehaviour(PodBehaviour.MANUAL);
        s.apply(SetManifest.web().replicas(1).withoutClaims());
        s.sync();
        cluster.user().pods().updateStatus(s.pod("web-0").withStatus(PodStatus.NONE));
        assertThat(s.pod("web-0").status().phase()).isEmpty();
        long mark = s.mark();

        s.sync(3);

        assertThat(s.controllerWrites(mark).verb(Verb.CREATE).kind(Kind.PODS).isEmpty()).isTrue();
        assertThat(s.status().replicas()).isEqualTo(1);
    }
}
