package dev.stateful.domain.sync;

import static dev.stateful.domain.sync.Plans.creates;
import static dev.stateful.domain.sync.Plans.deletes;
import static org.assertj.core.api.Assertions.assertThat;

import dev.stateful.domain.testing.Fixtures;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Parallel pod management ({@code runForAll}, {@code slowStartBatch}; upstream {@code TestParallelScale}). */
class ParallelTest {

    @Test
    void parallelCreatesEveryMissingPodInOnePassRegardlessOfReadiness() {
        Cluster cluster = Cluster.of(Fixtures.parallel(Fixtures.statefulSet("web", 3)));

        Plan plan = cluster.sync();

        assertThat(creates(plan)).containsExactly("web-0", "web-1", "web-2");
        assertThat(plan.phases()).singleElement().satisfies(phase -> {
            assertThat(phase.name()).isEqualTo(Phase.Name.REPLICAS);
            assertThat(phase.burst()).as("run in slow-start batches").isTrue();
        });
        assertThat(cluster.sync().operations()).as("pending pods are not a reason to do anything").isEmpty();
    }

    @Test
    void parallelDoesNotLetATerminatingOrUnreadyPodHoldBackTheOthers() {
        Cluster cluster = Cluster.of(Fixtures.parallel(Fixtures.statefulSet("web", 4))).converge();
        cluster.terminate("web-0").runningNotReady("web-1").finishTermination("web-3");

        Plan plan = cluster.sync();

        assertThat(creates(plan)).as("web-0 still occupies its identity; web-3 is free").containsExactly("web-3");
        assertThat(deletes(plan)).isEmpty();
    }

    @Test
    void parallelRecreatesATerminatingPodOnlyAfterItIsGone() {
        Cluster cluster = Cluster.of(Fixtures.parallel(Fixtures.statefulSet("web", 2))).converge();
        cluster.terminate("web-1");

        assertThat(creates(cluster.sync())).isEmpty();

        cluster.finishTermination("web-1");
        assertThat(creates(cluster.sync())).containsExactly("web-1");
    }

    @Test
    void parallelScaleDownDeletesEveryCondemnedPodInOnePassHighestOrdinalFirst() {
        Cluster cluster = Cluster.of(Fixtures.parallel(Fixtures.statefulSet("web", 5))).converge();
        cluster.runningNotReady("web-3");
        cluster.scale(2);

        Plan plan = cluster.sync();

        assertThat(deletes(plan, Operation.DeletePod.Cause.CONDEMNED)).containsExactly("web-4", "web-3", "web-2");
        assertThat(Plans.phase(plan, Phase.Name.CONDEMNED)).hasValueSatisfying(p -> assertThat(p.burst()).isTrue());
        assertThat(cluster.podNames()).containsExactly("web-0", "web-1");
    }

    @Test
    void parallelScaleDownSkipsCondemnedPodsThatAreAlreadyTerminating() {
        Cluster cluster = Cluster.of(Fixtures.parallel(Fixtures.statefulSet("web", 4))).converge();
        cluster.terminate("web-3").scale(1);

        assertThat(deletes(cluster.sync())).containsExactly("web-2", "web-1");
    }

    @Test
    void slowStartBatchesDoubleFromOneAndEndWithWhatRemains() {
        assertThat(Phase.slowStartBatches(1000)).containsExactly(1, 2, 4, 8, 16, 32, 64, 128, 256, 489);
        assertThat(Phase.slowStartBatches(500)).containsExactly(1, 2, 4, 8, 16, 32, 64, 128, 245);
        assertThat(Phase.slowStartBatches(3)).containsExactly(1, 2);
        assertThat(Phase.slowStartBatches(1)).containsExactly(1);
        assertThat(Phase.slowStartBatches(0)).isEmpty();
    }

    @Test
    void slowStartBatchesNeverExceedFiveHundred() {
        assertThat(Phase.slowStartBatches(2000)).containsExactly(1, 2, 4, 8, 16, 32, 64, 128, 256, 500, 500, 489);
    }

    @Test
    void aThousandParallelReplicasAreCreatedInOneBurstPhaseInOrdinalOrder() {
        Plan plan = Cluster.of(Fixtures.parallel(Fixtures.statefulSet("web", 1000))).plan();

        assertThat(plan.phases()).singleElement().satisfies(phase -> {
            assertThat(phase.burst()).isTrue();
            assertThat(phase.units()).hasSize(1000);
            assertThat(Phase.slowStartBatches(phase.units().size())).containsExactly(1, 2, 4, 8, 16, 32, 64, 128, 256, 489);
        });
        assertThat(creates(plan)).isEqualTo(IntStream.range(0, 1000).mapToObj(i -> "web-" + i).toList());
    }

    /** Upstream {@code TestParallelScale}: any Parallel scale converges within two passes. */
    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource({"3, 30", "10, 1", "501, 0", "0, 1000"})
    void parallelScaleConvergesWithinTwoPasses(int from, int to) {
        Cluster cluster = Cluster.of(Fixtures.parallel(Fixtures.statefulSet("web", 0)));
        cluster.scale(from).sync();
        cluster.readyAll().sync();
        assertThat(cluster.set().status().replicas()).isEqualTo(from);

        cluster.scale(to).sync();
        cluster.sync();

        assertThat(cluster.pods()).hasSize(to);
        assertThat(cluster.set().status().replicas()).isEqualTo(to);
    }

    @Test
    void rollingUpdateDeletionsAreNeverBurstEvenUnderParallel() {
        Cluster cluster = Cluster.of(Fixtures.parallel(Fixtures.statefulSet("web", 3))).converge();
        cluster.image("nginx:1.27");

        Plan plan = cluster.sync();

        assertThat(Plans.phase(plan, Phase.Name.ROLLING_UPDATE)).hasValueSatisfying(p -> assertThat(p.burst()).isFalse());
    }
}
