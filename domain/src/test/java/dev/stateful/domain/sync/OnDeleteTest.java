package dev.stateful.domain.sync;

import static dev.stateful.domain.sync.Plans.deletes;
import static dev.stateful.domain.sync.Plans.ops;
import static org.assertj.core.api.Assertions.assertThat;

import dev.stateful.domain.model.OwnerReference;
import dev.stateful.domain.model.RetentionPolicy;
import dev.stateful.domain.model.StatefulSet;
import dev.stateful.domain.model.UpdateStrategy;
import dev.stateful.domain.revision.RevisionWrite;
import dev.stateful.domain.testing.Fixtures;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * OnDelete ({@code newVersionedStatefulSetPod}; upstream {@code TestStatefulSetControlOnDeleteUpdate},
 * {@code TestStatefulSetOnDeleteStrategyIgnoresMinReadySeconds}). Project decision: rollout completion
 * (currentRevision := updateRevision once every replica is updated and available) applies to OnDelete.
 */
class OnDeleteTest {

    private static StatefulSet onDelete(StatefulSet set) {
        return set.withSpec(set.spec().withUpdateStrategy(UpdateStrategy.onDelete()));
    }

    @Test
    void aTemplateChangeCreatesTheRevisionButDeletesNoPod() {
        Cluster cluster = Cluster.of(onDelete(Fixtures.statefulSet("web", 3))).converge();
        String oldRevision = cluster.set().status().currentRevision();
        cluster.image("nginx:1.27");

        Plan plan = cluster.sync();

        assertThat(plan.revisions().write()).isInstanceOf(RevisionWrite.Create.class);
        assertThat(plan.operations()).isEmpty();
        assertThat(plan.phases()).extracting(Phase::name).doesNotContain(Phase.Name.ROLLING_UPDATE);
        cluster.converge();
        assertThat(cluster.pods()).extracting(Observed::image).containsOnly("nginx:1.25");
        assertThat(cluster.set().status().currentRevision()).isEqualTo(oldRevision);
        assertThat(cluster.set().status().updateRevision()).isEqualTo(plan.revisions().update().name());
        assertThat(cluster.set().status().currentReplicas()).isEqualTo(3);
        assertThat(cluster.set().status().updatedReplicas()).isZero();
    }

    @Test
    void newOrdinalsAndRecreatedPodsGetTheUpdateRevision() {
        Cluster cluster = Cluster.of(onDelete(Fixtures.statefulSet("web", 3))).converge();
        cluster.image("nginx:1.27").scale(5).converge();

        assertThat(cluster.pods()).extracting(Observed::image)
                .containsExactly("nginx:1.25", "nginx:1.25", "nginx:1.25", "nginx:1.27", "nginx:1.27");

        cluster.finishTermination("web-1");
        Plan recreate = cluster.sync();
        assertThat(ops(recreate, Operation.CreatePod.class)).singleElement()
                .satisfies(c -> assertThat(Observed.image(c.pod())).isEqualTo("nginx:1.27"));
    }

    @Test
    void theRolloutCompletesOnceTheUserHasReplacedEveryPod() {
        Cluster cluster = Cluster.of(onDelete(Fixtures.statefulSet("web", 3))).converge();
        cluster.image("nginx:1.27").converge();
        String updateRevision = cluster.set().status().updateRevision();

        for (String name : cluster.podNames()) {
            cluster.finishTermination(name).converge();
        }

        assertThat(cluster.set().status().currentRevision()).isEqualTo(updateRevision);
        assertThat(cluster.set().status().currentReplicas()).isEqualTo(3);
        assertThat(cluster.set().status().updatedReplicas()).isEqualTo(3);
    }

    @Test
    void completionUnderOnDeleteWaitsUntilTheReplacedPodsAreAvailable() {
        Cluster cluster = Cluster.of(onDelete(Fixtures.parallel(Fixtures.statefulSet("web", 3))))
                .edit(s -> s.withMinReadySeconds(60)).converge();
        String oldRevision = cluster.set().status().currentRevision();
        cluster.image("nginx:1.27").sync();
        cluster.finishTermination("web-0").finishTermination("web-1").finishTermination("web-2");
        cluster.sync();
        cluster.readyAll();

        Plan ready = cluster.sync();
        assertThat(ready.status().updatedReplicas()).isEqualTo(3);
        assertThat(ready.status().readyReplicas()).isEqualTo(3);
        assertThat(ready.status().availableReplicas()).isZero();
        assertThat(ready.status().updateRevision()).isNotEqualTo(oldRevision);
        assertThat(cluster.set().status().currentRevision()).as("Ready is not enough").isEqualTo(oldRevision);
        assertThat(ready.requeueAfter()).contains(Duration.ofSeconds(60));

        cluster.advance(Duration.ofSeconds(60)).sync();
        assertThat(cluster.set().status().currentRevision()).isEqualTo(ready.status().updateRevision());
    }

    @ParameterizedTest(name = "whenDeleted={0}, whenScaled={1}")
    @CsvSource({"Retain, Retain", "Delete, Retain", "Retain, Delete", "Delete, Delete"})
    void afterScalingToZeroAndBackEveryPodRunsTheNewTemplateAndNoClaimKeepsAPodOwner(String whenDeleted, String whenScaled) {
        StatefulSet set = onDelete(Fixtures.statefulSet("web", 3));
        set = set.withSpec(set.spec().withRetentionPolicy(new RetentionPolicy(whenDeleted, whenScaled)));
        Cluster cluster = Cluster.of(set).converge();
        cluster.image("nginx:1.27").converge();
        assertThat(cluster.pods()).extracting(Observed::image).containsOnly("nginx:1.25");

        cluster.scale(0).converge();
        assertThat(cluster.pods()).isEmpty();
        assertThat(cluster.claims()).allSatisfy(c -> assertThat(c.metadata().ownerReferences())
                .extracting(OwnerReference::kind).doesNotContain("Pod"));

        cluster.scale(3).converge();
        assertThat(cluster.pods()).extracting(Observed::image).containsOnly("nginx:1.27");
        assertThat(cluster.claims()).allSatisfy(c -> assertThat(c.metadata().ownerReferences())
                .extracting(OwnerReference::kind).doesNotContain("Pod"));
        assertThat(deletes(cluster.sync())).isEmpty();
    }
}
