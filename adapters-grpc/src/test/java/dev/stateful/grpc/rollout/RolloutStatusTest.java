package dev.stateful.grpc.rollout;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stateful.domain.model.StatefulSet;
import dev.stateful.domain.model.StatefulSetStatus;
import dev.stateful.domain.model.UpdateStrategy;
import dev.stateful.domain.testing.Fixtures;
import java.util.List;
import org.junit.jupiter.api.Test;

/** kubectl rollout status for a StatefulSet, message for message. */
class RolloutStatusTest {

    private static StatefulSet web(UpdateStrategy strategy, long generation, StatefulSetStatus status) {
        StatefulSet set = Fixtures.statefulSet("web", 3);
        return set.withMetadata(set.metadata().withGeneration(generation))
                .withSpec(set.spec().withUpdateStrategy(strategy)).withStatus(status);
    }

    private static StatefulSetStatus status(long observed, int ready, int current, int updated, String currentRevision, String updateRevision) {
        return new StatefulSetStatus(observed, 3, ready, current, updated, ready, currentRevision, updateRevision, null, List.of());
    }

    @Test
    void aSpecTheControllerHasNotSeenIsWaitedFor() {
        assertThat(RolloutStatus.of(web(UpdateStrategy.rollingUpdate(0, null), 2, status(1, 3, 3, 3, "a", "a"))))
                .isEqualTo(new RolloutStatus("Waiting for statefulset spec update to be observed...", false));
    }

    @Test
    void podsThatAreNotReadyAreCounted() {
        assertThat(RolloutStatus.of(web(UpdateStrategy.rollingUpdate(0, null), 2, status(2, 1, 1, 0, "a", "b"))).message())
                .isEqualTo("Waiting for 2 pods to be ready...");
    }

    @Test
    void aPartitionedRolloutIsDoneWhenTheOrdinalsAboveThePartitionAreUpdated() {
        UpdateStrategy partition2 = UpdateStrategy.rollingUpdate(2, null);

        assertThat(RolloutStatus.of(web(partition2, 2, status(2, 3, 3, 0, "a", "b"))))
                .isEqualTo(new RolloutStatus("Waiting for partitioned roll out to finish: 0 out of 1 new pods have been updated...", false));
        assertThat(RolloutStatus.of(web(partition2, 2, status(2, 3, 2, 1, "a", "b"))))
                .isEqualTo(new RolloutStatus("partitioned roll out complete: 1 new pods have been updated...", true));
    }

    @Test
    void withARollingUpdateBlockKubectlCallsEveryCompletionPartitioned() {
        assertThat(RolloutStatus.of(web(UpdateStrategy.rollingUpdate(0, null), 2, status(2, 3, 3, 3, "b", "b"))))
                .isEqualTo(new RolloutStatus("partitioned roll out complete: 3 new pods have been updated...", true));
    }

    @Test
    void withoutARollingUpdateBlockTheRevisionsDecide() {
        UpdateStrategy bare = new UpdateStrategy(UpdateStrategy.ROLLING_UPDATE, null);

        assertThat(RolloutStatus.of(web(bare, 2, status(2, 3, 1, 2, "a", "b"))))
                .isEqualTo(new RolloutStatus("waiting for statefulset rolling update to complete 2 pods at revision b...", false));
        assertThat(RolloutStatus.of(web(bare, 2, status(2, 3, 3, 3, "b", "b"))))
                .isEqualTo(new RolloutStatus("statefulset rolling update complete 3 pods at revision b...", true));
    }

    @Test
    void onlyRollingUpdateSetsHaveARolloutStatus() {
        assertThat(RolloutStatus.supported(web(UpdateStrategy.onDelete(), 1, StatefulSetStatus.EMPTY))).isFalse();
        assertThat(RolloutStatus.supported(web(UpdateStrategy.rollingUpdate(0, null), 1, StatefulSetStatus.EMPTY))).isTrue();
    }

    private static StatefulSet withProgressing(long generation, long observed, String reason) {
        StatefulSetStatus.Condition progressing = new StatefulSetStatus.Condition("Progressing",
                "ProgressDeadlineExceeded".equals(reason) ? "False" : "True", Fixtures.T0, reason, "m", Fixtures.T0);
        return web(UpdateStrategy.rollingUpdate(0, null), generation, status(observed, 2, 2, 1, "a", "b").withConditions(List.of(progressing)));
    }

    @Test
    void aSetWhoseProgressingConditionSaysProgressDeadlineExceededIsReportedAsKubectlReportsADeployment() {
        assertThat(RolloutStatus.exceededDeadline(withProgressing(2, 2, "ProgressDeadlineExceeded")))
                .contains("statefulset \"web\" exceeded its progress deadline");
    }

    @Test
    void aProgressingRolloutOrADeadlineOfAnEarlierGenerationIsNotReportedExceeded() {
        assertThat(RolloutStatus.exceededDeadline(withProgressing(2, 2, "RevisionUpdated"))).isEmpty();
        assertThat(RolloutStatus.exceededDeadline(withProgressing(3, 2, "ProgressDeadlineExceeded"))).isEmpty();
    }
}
