package dev.stateful.domain.sync;

import static dev.stateful.domain.sync.Plans.creates;
import static org.assertj.core.api.Assertions.assertThat;

import dev.stateful.domain.model.Ordinals;
import dev.stateful.domain.testing.Fixtures;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@code replicas: 2147483647} and {@code ordinals.start: 2147483647} are valid apps/v1: a sync is
 * bounded by the pods that exist plus what it writes, never by the replica count, and ordinal
 * arithmetic cannot overflow.
 */
class HugeReplicaCountTest {

    private static final int MAX = Integer.MAX_VALUE;

    @Test
    void aParallelSetOfMaxReplicasCreatesAtMostTheMissingPodsCapInOneSyncLowestOrdinalsFirst() {
        Cluster cluster = Cluster.of(Fixtures.parallel(Fixtures.statefulSet("web", MAX)));

        Plan first = cluster.sync();

        List<String> created = creates(first);
        assertThat(created).hasSize(StatefulSetPlanner.MAX_MISSING_PODS_PER_SYNC);
        assertThat(created.get(0)).isEqualTo("web-0");
        assertThat(created.get(created.size() - 1)).isEqualTo("web-" + (StatefulSetPlanner.MAX_MISSING_PODS_PER_SYNC - 1));
        Phase replicas = Plans.phase(first, Phase.Name.REPLICAS).orElseThrow();
        assertThat(replicas.slots()).as("slow start runs over every replica slot").isEqualTo(MAX);
        assertThat(replicas.batches()).extracting(List::size).startsWith(1, 2, 4, 8);
        assertThat(first.status().replicas()).isZero();
    }

    @Test
    void theNextSyncGoesOnFromTheLowestMissingOrdinal() {
        Cluster cluster = Cluster.of(Fixtures.parallel(Fixtures.statefulSet("web", MAX)));
        cluster.sync();

        Plan second = cluster.sync();

        int cap = StatefulSetPlanner.MAX_MISSING_PODS_PER_SYNC;
        assertThat(creates(second)).hasSize(cap).startsWith("web-" + cap);
        assertThat(second.status().replicas()).isEqualTo(cap);
        assertThat(cluster.podNames()).hasSize(2 * cap);
    }

    @Test
    void anOrderedReadySetOfMaxReplicasCreatesOnePodAtATime() {
        Cluster cluster = Cluster.of(Fixtures.statefulSet("web", MAX));

        assertThat(creates(cluster.sync())).containsExactly("web-0");
        cluster.ready("web-0");
        assertThat(creates(cluster.sync())).containsExactly("web-1");
    }

    @Test
    void aRollingUpdateOfAHugeSetCountsTheMissingReplicasAsUnavailableAndDeletesNothingHealthy() {
        Cluster cluster = Cluster.of(Fixtures.statefulSet("web", MAX));
        cluster.sync();
        cluster.ready("web-0");
        cluster.image("nginx:1.26");

        Plan plan = cluster.plan();

        assertThat(Plans.deletes(plan, Operation.DeletePod.Cause.ROLLING_UPDATE)).isEmpty();
    }

    @Test
    void theHighestStartOrdinalIsManagedWithoutOverflow() {
        Cluster cluster = Cluster.of(Fixtures.statefulSet("web", 1)).edit(s -> s.withOrdinals(new Ordinals(MAX)));

        assertThat(creates(cluster.sync())).containsExactly("web-" + MAX);
        cluster.ready("web-" + MAX);

        Plan next = cluster.sync();
        assertThat(next.operations()).as("the pod that exists is recognised, not created again").isEmpty();
        assertThat(next.status().readyReplicas()).isEqualTo(1);
    }

    @Test
    void aRangeWhoseHighestOrdinalWouldNotFitThirtyTwoBitsIsInvalidWithAClearMessage() {
        Cluster cluster = Cluster.of(Fixtures.statefulSet("web", 2)).edit(s -> s.withOrdinals(new Ordinals(MAX)));

        Plan plan = cluster.plan();

        assertThat(plan.isValid()).isFalse();
        assertThat(plan.violations()).hasSize(1);
        assertThat(plan.violations().get(0).toString())
                .contains("spec.replicas")
                .contains("spec.ordinals.start + spec.replicas - 1 = 2147483648 must be at most 2147483647");
        assertThat(plan.operations()).isEmpty();
    }
}
