package dev.stateful.domain.sync;

import static dev.stateful.domain.sync.Plans.creates;
import static dev.stateful.domain.sync.Plans.deletes;
import static dev.stateful.domain.sync.Plans.ops;
import static org.assertj.core.api.Assertions.assertThat;

import dev.stateful.domain.model.PersistentVolumeClaim;
import dev.stateful.domain.model.PodStatus;
import dev.stateful.domain.testing.Fixtures;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** OrderedReady creation ({@code processReplica}; upstream {@code ScalesUp}). */
class OrderedReadyCreationTest {

    @Test
    void orderedReadyCreatesOnePodPerPassInAscendingOrder() {
        Cluster cluster = Cluster.of(Fixtures.statefulSet("web", 3));

        Plan first = cluster.sync();
        assertThat(creates(first)).containsExactly("web-0");
        assertThat(ops(first, Operation.CreatePod.class).get(0).createClaims())
                .as("the pod's claims are created with it, before it")
                .extracting(PersistentVolumeClaim::name).containsExactly("www-web-0");

        cluster.ready("web-0");
        assertThat(creates(cluster.sync())).containsExactly("web-1");
        cluster.ready("web-1");
        assertThat(creates(cluster.sync())).containsExactly("web-2");
        cluster.ready("web-2");

        Plan settled = cluster.sync();
        assertThat(settled.operations()).isEmpty();
        assertThat(cluster.podNames()).containsExactly("web-0", "web-1", "web-2");
        assertThat(cluster.set().status().replicas()).isEqualTo(3);
        assertThat(cluster.set().status().readyReplicas()).isEqualTo(3);
        assertThat(cluster.set().status().updatedReplicas()).isEqualTo(3);
    }

    @Test
    void orderedReadyCreatesNothingWhileTheLastCreatedPodIsPendingOrRunningButNotReady() {
        Cluster cluster = Cluster.of(Fixtures.statefulSet("web", 3));
        cluster.sync();

        Plan pending = cluster.sync();
        assertThat(pending.operations()).isEmpty();
        assertThat(Plans.waits(pending)).contains("waiting for web-0 to be Running and Ready");

        cluster.running("web-0");
        assertThat(cluster.sync().operations()).isEmpty();

        cluster.runningNotReady("web-0");
        assertThat(cluster.sync().operations()).isEmpty();
        assertThat(cluster.podNames()).containsExactly("web-0");
    }

    @Test
    void orderedReadyTreatsAPodInPhaseUnknownAsNotReadyAndNeitherDeletesNorPassesIt() {
        Cluster cluster = Cluster.of(Fixtures.statefulSet("web", 2));
        cluster.sync();
        cluster.phase("web-0", PodStatus.UNKNOWN);

        Plan plan = cluster.sync();

        assertThat(plan.operations()).isEmpty();
        assertThat(Plans.waits(plan)).contains("web-0");
    }

    @Test
    void orderedReadyWaitsForMinReadySecondsBeforeCreatingTheNextPodAndAsksToBeRequeued() {
        Cluster cluster = Cluster.of(Fixtures.statefulSet("web", 2)).edit(s -> s.withMinReadySeconds(30));
        cluster.sync();
        cluster.ready("web-0");

        Plan early = cluster.sync();
        assertThat(creates(early)).isEmpty();
        assertThat(Plans.waits(early)).contains("waiting for web-0 to be available");
        assertThat(early.requeueAfter()).as("look again when web-0 becomes available")
                .contains(Duration.ofSeconds(30));

        cluster.advance(Duration.ofSeconds(29));
        assertThat(creates(cluster.sync())).as("a second before minReadySeconds it is not available yet").isEmpty();

        cluster.advance(Duration.ofSeconds(1));
        assertThat(creates(cluster.sync())).as("Ready for exactly minReadySeconds is available").containsExactly("web-1");
    }

    @Test
    void orderedReadyTerminatingReplicaBlocksEverythingAfterItAndIsRecreatedOnlyOnceGone() {
        Cluster cluster = Cluster.of(Fixtures.statefulSet("web", 3)).converge();
        cluster.terminate("web-1").finishTermination("web-2");

        Plan blocked = cluster.sync();
        assertThat(blocked.operations()).as("neither web-1 (still listed) nor web-2 (after it) is created").isEmpty();
        assertThat(Plans.waits(blocked)).contains("waiting for web-1 to terminate");

        cluster.finishTermination("web-1");
        assertThat(creates(cluster.sync())).containsExactly("web-1");
        cluster.ready("web-1");
        assertThat(creates(cluster.sync())).containsExactly("web-2");
    }

    @Test
    void orderedReadyBlocksScaleDownAndUpdatesBehindAnUnreadyReplica() {
        Cluster cluster = Cluster.of(Fixtures.statefulSet("web", 4)).converge();
        cluster.runningNotReady("web-1");
        cluster.scale(3).image("nginx:1.27");

        Plan plan = cluster.sync();

        assertThat(plan.operations()).isEmpty();
        assertThat(Plans.waits(plan)).contains("web-1");
    }

    @Test
    void scalesUpFromThreeToFourAndReportsFourReadyUpdatedReplicas() {
        Cluster cluster = Cluster.of(Fixtures.statefulSet("web", 3)).converge();

        cluster.scale(4);
        assertThat(creates(cluster.sync())).containsExactly("web-3");
        cluster.converge();

        assertThat(cluster.podNames()).containsExactly("web-0", "web-1", "web-2", "web-3");
        assertThat(cluster.set().status().replicas()).isEqualTo(4);
        assertThat(cluster.set().status().readyReplicas()).isEqualTo(4);
        assertThat(cluster.set().status().updatedReplicas()).isEqualTo(4);
        assertThat(deletes(cluster.sync())).isEmpty();
    }
}
