package dev.stateful.domain.sync;

import static dev.stateful.domain.sync.Plans.creates;
import static dev.stateful.domain.sync.Plans.deletes;
import static dev.stateful.domain.sync.Plans.ops;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import dev.stateful.domain.model.Pod;
import dev.stateful.domain.model.StatefulSet;
import dev.stateful.domain.model.UpdateStrategy;
import dev.stateful.domain.revision.RevisionWrite;
import dev.stateful.domain.testing.Fixtures;
import java.time.Duration;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * RollingUpdate with the default budget of one ({@code newVersionedStatefulSetPod},
 * {@code updateStatefulSetAfterInvariantEstablished}, {@code completeRollingUpdate};
 * upstream {@code TestStatefulSetControlRollingUpdate}, {@code …WithPartition},
 * {@code TestStatefulSetRollingUpdateRespectsMinReadySeconds}).
 */
class RollingUpdateTest {

    private static final Operation.DeletePod.Cause ROLLING = Operation.DeletePod.Cause.ROLLING_UPDATE;

    @Test
    void orderedRollingUpdateReplacesPodsHighestOrdinalFirstOneAtATime() {
        Cluster cluster = Cluster.of(Fixtures.statefulSet("web", 3)).converge();
        String oldRevision = cluster.set().status().currentRevision();
        cluster.image("nginx:1.27");

        Plan first = cluster.sync();
        assertThat(first.revisions().write()).isInstanceOf(RevisionWrite.Create.class);
        String newRevision = first.revisions().update().name();
        assertThat(first.revisions().current().name()).isEqualTo(oldRevision);
        assertThat(deletes(first)).containsExactly("web-2");
        assertThat(deletes(first, ROLLING)).containsExactly("web-2");
        assertThat(first.status().currentReplicas()).as("counted over the pods observed").isEqualTo(3);
        assertThat(cluster.set().status().currentReplicas()).as("minus the rolling-update deletion").isEqualTo(2);
        assertThat(cluster.set().status().updateRevision()).isEqualTo(newRevision);
        assertThat(cluster.set().status().currentRevision()).isEqualTo(oldRevision);

        Plan recreate = cluster.sync();
        assertThat(ops(recreate, Operation.CreatePod.class)).singleElement().satisfies(c -> {
            assertThat(c.podName()).isEqualTo("web-2");
            assertThat(Observed.revision(c.pod())).isEqualTo(newRevision);
            assertThat(Observed.image(c.pod())).isEqualTo("nginx:1.27");
        });
        assertThat(cluster.sync().operations()).as("web-1 waits for the new web-2").isEmpty();

        cluster.ready("web-2");
        assertThat(deletes(cluster.sync())).containsExactly("web-1");
        cluster.converge();

        assertThat(cluster.pods()).extracting(Observed::image).containsOnly("nginx:1.27");
        assertThat(cluster.set().status().currentRevision()).isEqualTo(newRevision);
        assertThat(cluster.set().status().updateRevision()).isEqualTo(newRevision);
        assertThat(cluster.set().status().currentReplicas()).isEqualTo(3);
        assertThat(cluster.set().status().updatedReplicas()).isEqualTo(3);
    }

    @Test
    void theNextPodIsReplacedOnlyOnceTheUpdatedOneIsAvailableForMinReadySeconds() {
        Cluster cluster = Cluster.of(Fixtures.statefulSet("web", 3)).edit(s -> s.withMinReadySeconds(30)).converge();
        cluster.image("nginx:1.27");
        cluster.sync();
        cluster.sync();
        cluster.ready("web-2");

        Plan early = cluster.sync();
        assertThat(deletes(early)).isEmpty();
        assertThat(Plans.waits(early)).contains("waiting for web-2 to be available");

        cluster.advance(Duration.ofSeconds(31));
        assertThat(deletes(cluster.sync())).containsExactly("web-1");
    }

    @Test
    void rollingUpdateRespectsMinReadySeconds() {
        Cluster cluster = Cluster.of(Fixtures.statefulSet("web", 2)).edit(s -> s.withMinReadySeconds(30)).converge();
        cluster.readySince("web-0", cluster.now().minusSeconds(10)).readySince("web-1", cluster.now().minusSeconds(10));
        cluster.image("nginx:1.27");

        Plan early = cluster.sync();
        assertThat(early.status().availableReplicas()).isZero();
        assertThat(deletes(early)).isEmpty();

        cluster.readySince("web-0", cluster.now().minusSeconds(60)).readySince("web-1", cluster.now().minusSeconds(60));
        Plan later = cluster.sync();
        assertThat(later.status().availableReplicas()).isEqualTo(2);
        assertThat(deletes(later)).containsExactly("web-1");
    }

    @Test
    void partitionRollingUpdateWithMinReadySecondsDeletesNothingUntilThePodsAreAvailable() {
        Cluster cluster = Cluster.of(Fixtures.statefulSet("web", 4))
                .edit(s -> s.withMinReadySeconds(30).withUpdateStrategy(UpdateStrategy.rollingUpdate(2, null))).converge();
        for (String name : cluster.podNames()) {
            cluster.readySince(name, cluster.now().minusSeconds(10));
        }
        cluster.image("nginx:1.27");

        assertThat(deletes(cluster.sync())).isEmpty();

        cluster.advance(Duration.ofSeconds(21));
        assertThat(deletes(cluster.sync())).containsExactly("web-3");
        cluster.converge();
        assertThat(cluster.pods()).extracting(Observed::image).containsExactly("nginx:1.25", "nginx:1.25", "nginx:1.27", "nginx:1.27");
    }

    /** A partition keeps the pods below it on the current revision. */
    @Test
    void aPartitionUpdatesOnlyOrdinalsFromItAndRecreatesLowerOnesAtTheCurrentRevision() {
        Cluster cluster = Cluster.of(Fixtures.statefulSet("web", 3))
                .edit(s -> s.withUpdateStrategy(UpdateStrategy.rollingUpdate(2, null))).converge();
        String oldRevision = cluster.set().status().currentRevision();

        cluster.image("nginx:1.27").converge();

        assertThat(cluster.pods()).extracting(Pod::name, Observed::image).containsExactly(
                tuple("web-0", "nginx:1.25"), tuple("web-1", "nginx:1.25"), tuple("web-2", "nginx:1.27"));
        assertThat(cluster.set().status().currentRevision()).as("the rollout is not complete").isEqualTo(oldRevision);
        assertThat(cluster.set().status().currentReplicas()).isEqualTo(2);
        assertThat(cluster.set().status().updatedReplicas()).isEqualTo(1);
        assertThat(Plans.waits(cluster.plan())).contains("rolling update paused at partition 2");

        cluster.finishTermination("web-0");
        Plan recreate = cluster.sync();
        assertThat(ops(recreate, Operation.CreatePod.class)).singleElement().satisfies(c -> {
            assertThat(c.podName()).isEqualTo("web-0");
            assertThat(Observed.revision(c.pod())).isEqualTo(oldRevision);
            assertThat(Observed.image(c.pod())).isEqualTo("nginx:1.25");
        });
    }

    @Test
    void aPartitionAtOrAboveReplicasUpdatesNothing() {
        Cluster cluster = Cluster.of(Fixtures.statefulSet("web", 3))
                .edit(s -> s.withUpdateStrategy(UpdateStrategy.rollingUpdate(3, null))).converge();
        cluster.image("nginx:1.27");

        assertThat(deletes(cluster.sync())).isEmpty();
        cluster.converge();
        assertThat(cluster.pods()).extracting(Observed::image).containsOnly("nginx:1.25");
    }

    @Test
    void scalingUpDuringAPartitionedUpdateCreatesTheNewOrdinalsAtTheUpdateRevision() {
        Cluster cluster = Cluster.of(Fixtures.statefulSet("web", 3))
                .edit(s -> s.withUpdateStrategy(UpdateStrategy.rollingUpdate(2, null))).converge();

        cluster.image("nginx:1.27").scale(5).converge();

        assertThat(cluster.pods()).extracting(Observed::image)
                .containsExactly("nginx:1.25", "nginx:1.25", "nginx:1.27", "nginx:1.27", "nginx:1.27");
    }

    /** {@code newVersionedStatefulSetPod}: an explicit {@code type: RollingUpdate} without the block recreates by status.currentReplicas. */
    @Test
    void withoutARollingUpdateBlockARecreatedPodBelowCurrentReplicasKeepsTheCurrentRevision() {
        Cluster cluster = Cluster.of(Fixtures.statefulSet("web", 3))
                .edit(s -> s.withUpdateStrategy(new UpdateStrategy(UpdateStrategy.ROLLING_UPDATE, null))).converge();
        String oldRevision = cluster.set().status().currentRevision();
        cluster.image("nginx:1.27");
        cluster.sync();
        assertThat(cluster.set().status().currentReplicas()).isEqualTo(2);

        cluster.finishTermination("web-0");
        Plan plan = cluster.sync();

        assertThat(ops(plan, Operation.CreatePod.class)).singleElement()
                .satisfies(c -> assertThat(Observed.revision(c.pod())).isEqualTo(oldRevision));
    }

    /** {@code newVersionedStatefulSetPod} with the defaulted block (partition 0): kubernetes#70442's behaviour does not happen. */
    @Test
    void withTheDefaultedRollingUpdateBlockAPodRecreatedMidRolloutGetsTheUpdateRevision() {
        Cluster cluster = Cluster.of(Fixtures.statefulSet("web", 3)).converge();
        cluster.image("nginx:1.27");
        Plan first = cluster.sync();

        cluster.finishTermination("web-0");
        Plan plan = cluster.sync();

        assertThat(ops(plan, Operation.CreatePod.class)).singleElement().satisfies(c -> {
            assertThat(c.podName()).isEqualTo("web-0");
            assertThat(Observed.revision(c.pod())).isEqualTo(first.revisions().update().name());
        });
    }

    static Stream<Arguments> rollouts() {
        return Stream.of(
                Arguments.of("monotonic image update", false, 3, 3),
                Arguments.of("monotonic image update and scale up", false, 3, 5),
                Arguments.of("monotonic image update and scale down", false, 5, 3),
                Arguments.of("burst image update", true, 3, 3),
                Arguments.of("burst image update and scale up", true, 3, 5),
                Arguments.of("burst image update and scale down", true, 5, 3));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("rollouts")
    void everyPodEndsOnTheNewTemplateAndTheRolloutCompletes(String name, boolean parallel, int from, int to) {
        StatefulSet set = Fixtures.statefulSet("web", from);
        Cluster cluster = Cluster.of(parallel ? Fixtures.parallel(set) : set).converge();

        cluster.image("nginx:1.27").scale(to).converge();

        assertThat(cluster.pods()).hasSize(to).extracting(Observed::image).containsOnly("nginx:1.27");
        assertThat(cluster.set().status().currentRevision()).isEqualTo(cluster.set().status().updateRevision());
        assertThat(cluster.set().status().currentReplicas()).isEqualTo(to);
    }

    @Test
    void anUnchangedTemplateDeletesNothing() {
        Cluster cluster = Cluster.of(Fixtures.statefulSet("web", 3)).converge();

        Plan plan = cluster.scale(3).sync();

        assertThat(creates(plan)).isEmpty();
        assertThat(deletes(plan)).isEmpty();
        assertThat(plan.revisions().write()).isEqualTo(RevisionWrite.NONE);
    }
}
