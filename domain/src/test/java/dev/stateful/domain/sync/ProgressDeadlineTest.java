package dev.stateful.domain.sync;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stateful.domain.model.IntOrString;
import dev.stateful.domain.model.SetExtensions;
import dev.stateful.domain.model.SetKind;
import dev.stateful.domain.model.StatefulSet;
import dev.stateful.domain.model.StatefulSetStatus.Condition;
import dev.stateful.domain.model.UpdateStrategy;
import dev.stateful.domain.testing.Fixtures;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * Our kind's {@code Progressing} and {@code Available} conditions, as a Deployment's
 * ({@code syncRolloutStatus}, {@code checkPausedConditions}): progress resets the deadline, a
 * rollout without progress for {@code progressDeadlineSeconds} is ProgressDeadlineExceeded, a paused
 * one never times out, and an apps/v1 set gets neither condition.
 */
class ProgressDeadlineTest {

    static StatefulSet ourKind(StatefulSet set, boolean paused, Integer deadline) {
        return set.as(SetKind.STATEFUL_DEV, new SetExtensions(paused, deadline));
    }

    static Cluster rolledOut(int replicas, Integer deadline) {
        return Cluster.of(ourKind(Fixtures.statefulSet("web", replicas), false, deadline)).converge();
    }

    static Condition condition(Cluster cluster, String type) {
        return cluster.set().status().conditions().stream().filter(c -> type.equals(c.type())).findFirst()
                .orElseThrow(() -> new AssertionError("no " + type + " condition in " + cluster.set().status()));
    }

    /** The rolling update has replaced web-2 by a pod of the new revision that is not ready. */
    static Cluster stuckOnWeb2(Cluster cluster) {
        cluster.image("nginx:broken");
        for (int i = 0; i < 3; i++) {
            cluster.sync();
        }
        assertThat(cluster.pod("web-2")).extracting(Observed::revision).isEqualTo(cluster.set().status().updateRevision());
        return cluster;
    }

    @Test
    void aCompletedRolloutIsProgressingTrueWithNewRevisionAvailable() {
        Cluster cluster = rolledOut(3, null);

        Condition progressing = condition(cluster, "Progressing");
        assertThat(progressing.status()).isEqualTo("True");
        assertThat(progressing.reason()).isEqualTo("NewRevisionAvailable");
        assertThat(progressing.message()).contains(cluster.set().status().updateRevision());
        assertThat(condition(cluster, "Available").reason()).isEqualTo("MinimumReplicasAvailable");
    }

    @Test
    void whilePodsUpdateTheRolloutIsProgressingWithRevisionUpdatedAndEachStepMovesLastUpdateTime() {
        Cluster cluster = rolledOut(3, null);
        cluster.image("nginx:1.27").sync();

        Condition first = condition(cluster, "Progressing");
        assertThat(first.status()).isEqualTo("True");
        assertThat(first.reason()).isEqualTo("RevisionUpdated");
        assertThat(first.lastUpdateTime()).isEqualTo(cluster.now());

        cluster.advance(Duration.ofSeconds(30)).sync();
        cluster.advance(Duration.ofSeconds(30)).readyAll().sync();
        Condition later = condition(cluster, "Progressing");
        assertThat(later.reason()).isEqualTo("RevisionUpdated");
        assertThat(later.lastUpdateTime()).isAfter(first.lastUpdateTime());
        assertThat(later.lastTransitionTime()).isEqualTo(first.lastTransitionTime());

        cluster.converge();
        assertThat(condition(cluster, "Progressing").reason()).isEqualTo("NewRevisionAvailable");
    }

    @Test
    void aRolloutWithoutProgressForLongerThanTheDeadlineIsProgressDeadlineExceeded() {
        Cluster cluster = stuckOnWeb2(rolledOut(3, 60));
        Condition progressing = condition(cluster, "Progressing");
        assertThat(progressing.reason()).isEqualTo("RevisionUpdated");

        cluster.advance(Duration.ofSeconds(59)).sync();
        assertThat(condition(cluster, "Progressing").status()).isEqualTo("True");

        cluster.advance(Duration.ofSeconds(2)).sync();
        Condition timedOut = condition(cluster, "Progressing");
        assertThat(timedOut.status()).isEqualTo("False");
        assertThat(timedOut.reason()).isEqualTo("ProgressDeadlineExceeded");
        assertThat(timedOut.message()).contains("has timed out progressing");
        assertThat(timedOut.lastTransitionTime()).isEqualTo(cluster.now());
    }

    @Test
    void aRolloutThatResumesProgressAfterTheDeadlineIsProgressingAgain() {
        Cluster cluster = stuckOnWeb2(rolledOut(3, 60));
        cluster.advance(Duration.ofSeconds(61)).sync();
        assertThat(condition(cluster, "Progressing").reason()).isEqualTo("ProgressDeadlineExceeded");

        cluster.readyAll().sync();

        assertThat(condition(cluster, "Progressing").status()).isEqualTo("True");
        assertThat(condition(cluster, "Progressing").reason()).isEqualTo("RevisionUpdated");
    }

    @Test
    void aProgressingRolloutIsLookedAtAgainWhenItsDeadlinePasses() {
        Cluster cluster = stuckOnWeb2(rolledOut(3, 60));
        Condition progressing = condition(cluster, "Progressing");
        Duration left = Duration.between(cluster.now(), progressing.lastUpdateTime().plusSeconds(60));

        Plan plan = cluster.sync();

        assertThat(plan.requeueAfter()).contains(left.plusSeconds(1));
    }

    @Test
    void aPausedRolloutDoesNotTimeOutAndIsShownPausedThenResumed() {
        Cluster cluster = stuckOnWeb2(rolledOut(3, 60));
        cluster.replaceSet(set -> ourKind(set, true, 60)).sync();
        assertThat(condition(cluster, "Progressing").status()).isEqualTo("Unknown");
        assertThat(condition(cluster, "Progressing").reason()).isEqualTo("RolloutPaused");

        Plan plan = cluster.advance(Duration.ofSeconds(600)).sync();
        assertThat(condition(cluster, "Progressing").reason()).isEqualTo("RolloutPaused");
        assertThat(plan.requeueAfter()).isEmpty();

        cluster.replaceSet(set -> ourKind(set, false, 60)).sync();
        Condition resumed = condition(cluster, "Progressing");
        assertThat(resumed.reason()).isEqualTo("RolloutResumed");
        cluster.advance(Duration.ofSeconds(30)).sync();
        assertThat(condition(cluster, "Progressing").reason()).isEqualTo("RolloutResumed");
        cluster.advance(Duration.ofSeconds(31)).sync();
        assertThat(condition(cluster, "Progressing").reason()).isEqualTo("ProgressDeadlineExceeded");
    }

    @Test
    void aTemplateChangedWhileThePauseIsSetIsShownPausedFromItsFirstSync() {
        Cluster cluster = rolledOut(3, 60);
        cluster.replaceSet(set -> ourKind(set, true, 60)).image("nginx:1.27").sync();

        Condition progressing = condition(cluster, "Progressing");
        assertThat(progressing.reason()).isEqualTo("RolloutPaused");
        assertThat(progressing.status()).isEqualTo("Unknown");
        assertThat(cluster.pod("web-2")).extracting(Observed::revision).isNotEqualTo(cluster.set().status().updateRevision());
    }

    @Test
    void aCanaryHeldByAPartitionIsCompleteOnceTheReplicasAboveItAreUpdatedAndNeverTimesOut() {
        Cluster cluster = rolledOut(3, 60);
        cluster.edit(spec -> spec.withUpdateStrategy(UpdateStrategy.rollingUpdate(2, null))).image("nginx:1.27").converge();
        assertThat(cluster.pod("web-2")).extracting(Observed::revision).isEqualTo(cluster.set().status().updateRevision());
        assertThat(cluster.pod("web-1")).extracting(Observed::revision).isNotEqualTo(cluster.set().status().updateRevision());

        Plan plan = cluster.advance(Duration.ofSeconds(600)).sync();

        Condition progressing = condition(cluster, "Progressing");
        assertThat(progressing.status()).isEqualTo("True");
        assertThat(progressing.reason()).isEqualTo("NewRevisionAvailable");
        assertThat(plan.requeueAfter()).isEmpty();
    }

    @Test
    void aPartitionLoweredLongAfterItsCanaryFinishedProgressesAgainInsteadOfTimingOut() {
        Cluster cluster = rolledOut(3, 60);
        cluster.edit(spec -> spec.withUpdateStrategy(UpdateStrategy.rollingUpdate(2, null))).image("nginx:1.27").converge();
        cluster.advance(Duration.ofHours(1));

        cluster.edit(spec -> spec.withUpdateStrategy(UpdateStrategy.rollingUpdate(0, null))).sync();
        assertThat(condition(cluster, "Progressing").status()).isEqualTo("True");
        cluster.sync();
        Condition stepping = condition(cluster, "Progressing");
        assertThat(stepping.reason()).isEqualTo("RevisionUpdated");
        assertThat(stepping.lastUpdateTime()).isEqualTo(cluster.now());

        cluster.converge();
        assertThat(condition(cluster, "Progressing").reason()).isEqualTo("NewRevisionAvailable");
        assertThat(cluster.set().status().updatedReplicas()).isEqualTo(3);
    }

    @Test
    void availableIsTrueWhileAtMostMaxUnavailableReplicasAreUnavailable() {
        Cluster cluster = rolledOut(4, null);
        cluster.edit(spec -> spec.withUpdateStrategy(UpdateStrategy.rollingUpdate(0, IntOrString.of(2))));
        cluster.runningNotReady("web-0").runningNotReady("web-1").sync();
        assertThat(condition(cluster, "Available").status()).isEqualTo("True");
        assertThat(condition(cluster, "Available").reason()).isEqualTo("MinimumReplicasAvailable");

        cluster.runningNotReady("web-2").sync();
        Condition unavailable = condition(cluster, "Available");
        assertThat(unavailable.status()).isEqualTo("False");
        assertThat(unavailable.reason()).isEqualTo("MinimumReplicasUnavailable");
        assertThat(unavailable.lastTransitionTime()).isEqualTo(cluster.now());
    }

    @Test
    void withoutMaxUnavailableOneUnavailableReplicaIsTolerated() {
        Cluster cluster = rolledOut(3, null);
        cluster.runningNotReady("web-0").sync();
        assertThat(condition(cluster, "Available").status()).isEqualTo("True");
        cluster.runningNotReady("web-1").sync();
        assertThat(condition(cluster, "Available").status()).isEqualTo("False");
    }

    @Test
    void anAppsV1SetGetsNeitherCondition() {
        Cluster cluster = Cluster.of(Fixtures.statefulSet("web", 3)).converge();
        cluster.image("nginx:broken").sync();
        cluster.advance(Duration.ofSeconds(700)).sync();

        assertThat(cluster.set().status().conditions()).isEmpty();
    }
}
