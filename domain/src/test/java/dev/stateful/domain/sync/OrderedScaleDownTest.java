package dev.stateful.domain.sync;

import static dev.stateful.domain.sync.Plans.deletes;
import static org.assertj.core.api.Assertions.assertThat;

import dev.stateful.domain.testing.Fixtures;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * OrderedReady scale-down ({@code processCondemned}; upstream {@code ScalesDown},
 * {@code TestStatefulSetScaleDownRespectsMinReadySeconds}).
 */
class OrderedScaleDownTest {

    @Test
    void orderedScaleDownDeletesTheHighestOrdinalAndWaitsForItToBeGoneBeforeTheNext() {
        Cluster cluster = Cluster.of(Fixtures.statefulSet("web", 5)).converge().gracefulDeletion();
        cluster.scale(3);

        Plan first = cluster.sync();
        assertThat(deletes(first, Operation.DeletePod.Cause.CONDEMNED)).containsExactly("web-4");
        assertThat(deletes(first)).hasSize(1);

        Plan waiting = cluster.sync();
        assertThat(waiting.operations()).as("web-4 is still terminating").isEmpty();
        assertThat(Plans.waits(waiting)).contains("waiting for web-4 to terminate");

        cluster.finishTermination("web-4");
        assertThat(deletes(cluster.sync())).containsExactly("web-3");

        cluster.finishTermination("web-3");
        assertThat(cluster.sync().operations()).isEmpty();
        assertThat(cluster.podNames()).containsExactly("web-0", "web-1", "web-2");
    }

    @Test
    void orderedScaleDownRequiresEveryRemainingReplicaToBeHealthy() {
        Cluster cluster = Cluster.of(Fixtures.statefulSet("web", 5)).converge();
        cluster.runningNotReady("web-1").scale(3);

        Plan plan = cluster.sync();

        assertThat(deletes(plan)).isEmpty();
        assertThat(Plans.waits(plan)).contains("web-1");
    }

    @Test
    void anUnhealthyCondemnedPodIsDeletedWhenItIsTheFirstUnavailablePod() {
        Cluster cluster = Cluster.of(Fixtures.statefulSet("web", 5)).converge();
        cluster.runningNotReady("web-4").scale(3);

        assertThat(deletes(cluster.sync())).containsExactly("web-4");
    }

    /** Two unhealthy condemned pods: the higher waits for the lower (upstream behaviour, which can stall). */
    @Test
    void theHigherOfTwoUnhealthyCondemnedPodsWaitsForTheLowerOneSoNothingIsDeleted() {
        Cluster cluster = Cluster.of(Fixtures.statefulSet("web", 5)).converge();
        cluster.runningNotReady("web-3").runningNotReady("web-4").scale(3);

        Plan plan = cluster.sync();

        assertThat(deletes(plan)).isEmpty();
        assertThat(Plans.waits(plan)).contains("web-4").contains("web-3 is the first unavailable pod");
    }

    @Test
    void scalesDownFromThreeToZeroAndReportsZeroReplicas() {
        Cluster cluster = Cluster.of(Fixtures.statefulSet("web", 3)).converge();

        cluster.scale(0).converge();

        assertThat(cluster.pods()).isEmpty();
        assertThat(cluster.set().status().replicas()).isZero();
        assertThat(cluster.set().status().readyReplicas()).isZero();
        assertThat(cluster.set().status().updatedReplicas()).isZero();
        assertThat(cluster.set().status().availableReplicas()).isZero();
    }

    @Test
    void scaleDownRespectsMinReadySeconds() {
        Cluster cluster = Cluster.of(Fixtures.statefulSet("web", 3)).edit(s -> s.withMinReadySeconds(30)).converge();
        for (String name : cluster.podNames()) {
            cluster.readySince(name, cluster.now().minusSeconds(10));
        }
        cluster.scale(1);

        Plan early = cluster.sync();
        assertThat(deletes(early)).as("no pod has been Ready for 30 s").isEmpty();
        assertThat(cluster.pods()).hasSize(3);
        assertThat(early.requeueAfter()).contains(Duration.ofSeconds(20));

        cluster.advance(Duration.ofSeconds(20));
        assertThat(deletes(cluster.sync())).containsExactly("web-2");
    }

    @Test
    void scaleDownPrecedesTheRollingUpdateAndBlocksItForThatPass() {
        Cluster cluster = Cluster.of(Fixtures.statefulSet("web", 4)).converge();
        cluster.scale(3).image("nginx:1.27");

        Plan plan = cluster.sync();

        assertThat(deletes(plan)).containsExactly("web-3");
        assertThat(deletes(plan, Operation.DeletePod.Cause.ROLLING_UPDATE)).isEmpty();
        assertThat(deletes(cluster.sync(), Operation.DeletePod.Cause.ROLLING_UPDATE)).containsExactly("web-2");
    }
}
