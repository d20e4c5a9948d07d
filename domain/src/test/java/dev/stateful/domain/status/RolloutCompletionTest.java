package dev.stateful.domain.status;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stateful.domain.model.IntOrString;
import dev.stateful.domain.model.Ordinals;
import dev.stateful.domain.model.SetExtensions;
import dev.stateful.domain.model.SetKind;
import dev.stateful.domain.model.StatefulSet;
import dev.stateful.domain.model.UpdateStrategy;
import dev.stateful.domain.testing.Fixtures;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Which replicas a rollout must update to be complete: those at or above the partition, counted as the
 * rolling update counts ordinals (from {@code ordinals.start}, reserved ordinals included).
 */
class RolloutCompletionTest {

    static StatefulSet set(int replicas, int start, Integer partition, List<IntOrString> reserved) {
        StatefulSet set = Fixtures.statefulSet("web", replicas);
        set = set.withSpec(set.spec().withOrdinals(new Ordinals(start)).withUpdateStrategy(UpdateStrategy.rollingUpdate(partition, null)));
        return set.as(SetKind.STATEFUL_DEV, new SetExtensions(false, null, reserved));
    }

    @Test
    void withoutAPartitionEveryReplicaIsToBeUpdated() {
        assertThat(RolloutConditions.toUpdate(set(3, 0, 0, List.of()))).isEqualTo(3);
        assertThat(RolloutConditions.toUpdate(set(3, 0, null, List.of()))).isEqualTo(3);
    }

    @Test
    void aPartitionLeavesTheReplicasBelowItAlone() {
        assertThat(RolloutConditions.toUpdate(set(3, 0, 2, List.of()))).isEqualTo(1);
        assertThat(RolloutConditions.toUpdate(set(3, 0, 3, List.of()))).isZero();
        assertThat(RolloutConditions.toUpdate(set(3, 0, 7, List.of()))).isZero();
    }

    @Test
    void thePartitionCountsFromOrdinalsStart() {
        // web-5, web-6, web-7: partition 2 is ordinal 7 and above
        assertThat(RolloutConditions.toUpdate(set(3, 5, 2, List.of()))).isEqualTo(1);
    }

    @Test
    void reservedOrdinalsCountInThePartitionAsTheRollingUpdateCountsThem() {
        // ordinal 1 reserved: web-0, web-2, web-3; partition 2 is web-2 and web-3, partition 1 the same two
        assertThat(RolloutConditions.toUpdate(set(3, 0, 2, List.of(IntOrString.of(1))))).isEqualTo(2);
        assertThat(RolloutConditions.toUpdate(set(3, 0, 1, List.of(IntOrString.of(1))))).isEqualTo(2);
        assertThat(RolloutConditions.toUpdate(set(3, 0, 4, List.of(IntOrString.of(1))))).isZero();
    }

    @Test
    void underOnDeleteEveryReplicaIsToBeUpdated() {
        StatefulSet set = set(3, 0, 0, List.of());
        assertThat(RolloutConditions.toUpdate(set.withSpec(set.spec().withUpdateStrategy(UpdateStrategy.onDelete())))).isEqualTo(3);
    }
}
