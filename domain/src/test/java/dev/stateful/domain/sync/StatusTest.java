package dev.stateful.domain.sync;

import dev.stateful.domain.availability.Availability;
import static org.assertj.core.api.Assertions.assertThat;

import dev.stateful.domain.model.ControllerRevision;
import dev.stateful.domain.model.PersistentVolumeClaim;
import dev.stateful.domain.model.Pod;
import dev.stateful.domain.model.PodStatus;
import dev.stateful.domain.model.StatefulSet;
import dev.stateful.domain.model.StatefulSetStatus;
import dev.stateful.domain.model.UpdateStrategy;
import dev.stateful.domain.revision.RevisionHistory;
import dev.stateful.domain.status.StatusRules;
import dev.stateful.domain.testing.Fixtures;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The status a plan reports (upstream {@code computeReplicaStatus}, {@code completeRollingUpdate},
 * {@code inconsistentStatus}, the {@code minReadySeconds} requeue of {@code syncStatefulSet};
 * {@code TestStatefulSetAvailability}, {@code TestStatefulSetZeroMinReadySeconds}). Project decisions:
 * stored conditions are preserved; completion requires availability and applies to OnDelete.
 */
class StatusTest {

    private static final Instant NOW = Fixtures.T0.plus(Duration.ofDays(1));

    private static StatefulSetStatus status(long generation, int replicas, int ready, int current, int updated, int available,
            String currentRevision, String updateRevision) {
        return new StatefulSetStatus(generation, replicas, ready, current, updated, available, currentRevision, updateRevision, 0, List.of());
    }

    /** A set mid-rollout from revision A (nginx:1.25) to B (nginx:1.27). */
    private record Rollout(StatefulSet set, ControllerRevision a, ControllerRevision b) {
    }

    private static Rollout rollout(int replicas) {
        StatefulSet setA = Fixtures.statefulSet("web", replicas);
        ControllerRevision a = RevisionHistory.newRevision(setA, 1, 0);
        StatefulSet setB = Fixtures.withImage(setA, "nginx:1.27")
                .withStatus(status(1, replicas, replicas, replicas, 0, replicas, a.name(), a.name()));
        ControllerRevision b = RevisionHistory.newRevision(setB, 2, 0);
        return new Rollout(setB, a, b);
    }

    @Test
    void countersFollowTheUpstreamRulesIncludingTerminatingAndCondemnedPods() {
        Rollout r = rollout(3);
        Pod web0 = Observed.runningReady(Observed.member(r.set(), 0, r.a().name()), NOW.minusSeconds(60));
        Pod web1 = Observed.terminating(Observed.runningReady(Observed.member(r.set(), 1, r.b().name()), NOW.minusSeconds(60)), NOW);
        Pod web2 = Observed.member(r.set(), 2, r.b().name());
        Pod web4 = Observed.runningNotReady(Observed.member(r.set(), 4, r.a().name()), NOW);
        Pod unparsable = Observed.runningReady(Observed.member(r.set(), 0, r.a().name()), NOW)
                .withMetadata(Observed.member(r.set(), 0, "").metadata().withName("web-99999999999"));

        Plan plan = StatefulSetPlanner.plan(Observed.snapshot(r.set()).pods(web0, web1, web2, web4, unparsable)
                .revisions(r.a(), r.b()).at(NOW).build());
        StatefulSetStatus s = plan.status();

        assertThat(s.replicas()).as("created pods, terminating and condemned included").isEqualTo(4);
        assertThat(s.readyReplicas()).as("Running and Ready, terminating included").isEqualTo(2);
        assertThat(s.availableReplicas()).isEqualTo(2);
        assertThat(s.currentReplicas()).as("on A and not terminating: web-0, web-4").isEqualTo(2);
        assertThat(s.updatedReplicas()).as("on B and not terminating: web-2").isEqualTo(1);
        assertThat(s.currentRevision()).isEqualTo(r.a().name());
        assertThat(s.updateRevision()).isEqualTo(r.b().name());
        assertThat(s.observedGeneration()).isEqualTo(r.set().metadata().generation());
        assertThat(s.collisionCount()).isZero();
    }

    @Test
    void podsPlannedInThisPassAreNotCountedAndPodsDeletedInThisPassStillAre() {
        Cluster creating = Cluster.of(Fixtures.parallel(Fixtures.statefulSet("web", 3)));
        assertThat(creating.plan().status().replicas()).isZero();

        Cluster deleting = Cluster.of(Fixtures.parallel(Fixtures.statefulSet("web", 3))).converge();
        deleting.scale(1);
        Plan plan = deleting.plan();
        assertThat(Plans.deletes(plan)).hasSize(2);
        assertThat(plan.status().replicas()).isEqualTo(3);
    }

    @Test
    void statefulSetAvailabilityCountsOnlyPodsReadyForLongerThanMinReadySeconds() {
        StatefulSet set = Fixtures.statefulSet("web", 1);
        set = set.withSpec(set.spec().withMinReadySeconds(3600));
        String revision = RevisionHistory.newRevision(set, 1, 0).name();

        Pod longReady = Observed.runningReady(Observed.member(set, 0, revision), NOW.minus(Duration.ofMinutes(120)));
        Pod recentlyReady = Observed.runningReady(Observed.member(set, 0, revision), NOW.minus(Duration.ofMinutes(30)));

        StatefulSetStatus after120 = StatefulSetPlanner.plan(Observed.snapshot(set).pods(longReady).at(NOW).build()).status();
        StatefulSetStatus after30 = StatefulSetPlanner.plan(Observed.snapshot(set).pods(recentlyReady).at(NOW).build()).status();

        assertThat(after120.availableReplicas()).isEqualTo(1);
        assertThat(after30.availableReplicas()).isZero();
        assertThat(after30.readyReplicas()).isEqualTo(1);
    }

    @Test
    void withZeroMinReadySecondsAReadyPodIsAvailableImmediately() {
        StatefulSet set = Fixtures.statefulSet("web", 1);
        Pod justReady = Observed.runningReady(Observed.member(set, 0, "web-x"), NOW);

        StatefulSetStatus s = StatefulSetPlanner.plan(Observed.snapshot(set).pods(justReady).at(NOW).build()).status();

        assertThat(s.availableReplicas()).isEqualTo(1);
    }

    @Test
    void aPodBecomesAvailableOnceReadyForExactlyMinReadySeconds() {
        Pod pod = Observed.runningReady(Observed.member(Fixtures.statefulSet("web", 1), 0, "web-x"), NOW.minusSeconds(30));

        assertThat(Availability.isAvailable(pod, 30, NOW.minusMillis(1))).isFalse();
        assertThat(Availability.isAvailable(pod, 30, NOW)).as("upstream's TestIsPodAvailable: Ready 51 s, minReadySeconds 51").isTrue();
        assertThat(Availability.isAvailable(pod, 31, NOW)).isFalse();
        assertThat(Availability.isAvailable(pod, 29, NOW)).isTrue();
    }

    @Test
    void aReadyConditionWithoutTransitionTimeNeverMakesThePodAvailableUnderMinReadySeconds() {
        Pod pod = Observed.runningReady(Observed.member(Fixtures.statefulSet("web", 1), 0, "web-x"), null);

        assertThat(Availability.isAvailable(pod, 10, NOW)).isFalse();
        assertThat(Availability.isAvailable(pod, 0, NOW)).isTrue();
    }

    @Test
    void requeuesWhenTheNextPodBecomesAvailable() {
        StatefulSet set = Fixtures.parallel(Fixtures.statefulSet("web", 2));
        set = set.withSpec(set.spec().withMinReadySeconds(60));
        Pod early = Observed.runningReady(Observed.member(set, 0, "web-x"), NOW.minusSeconds(20));
        Pod later = Observed.runningReady(Observed.member(set, 1, "web-x"), NOW.minusSeconds(5));

        Plan plan = StatefulSetPlanner.plan(Observed.snapshot(set).pods(early, later).at(NOW).build());

        assertThat(plan.requeueAfter()).contains(Duration.ofSeconds(40));
    }

    /** {@code syncStatefulSet} requeues only while readyReplicas and availableReplicas differ: pod events bring the rest. */
    @Test
    void noRequeueWhileNoPodIsReadyAndWaitingToBecomeAvailable() {
        StatefulSet set = Fixtures.statefulSet("web", 2);
        set = set.withSpec(set.spec().withMinReadySeconds(60));
        Pod starting = Observed.runningNotReady(Observed.member(set, 0, "web-x"), NOW.minusSeconds(5));

        assertThat(StatefulSetPlanner.plan(Observed.snapshot(set).at(NOW).build()).requeueAfter()).isEmpty();
        assertThat(StatefulSetPlanner.plan(Observed.snapshot(set).pods(starting).at(NOW).build()).requeueAfter()).isEmpty();
    }

    @Test
    void noRequeueWithoutMinReadySecondsOrWhenEveryReplicaIsAvailable() {
        Cluster plain = Cluster.of(Fixtures.statefulSet("web", 2));
        assertThat(plain.plan().requeueAfter()).isEmpty();

        Cluster available = Cluster.of(Fixtures.statefulSet("web", 2)).edit(s -> s.withMinReadySeconds(5)).converge();
        assertThat(available.plan().requeueAfter()).isEmpty();
    }

    @Test
    void conditionsWrittenByOthersArePreserved() {
        StatefulSetStatus.Condition condition = new StatefulSetStatus.Condition("Paused", "True", NOW, "ByOperator", "maintenance");
        StatefulSet set = Fixtures.statefulSet("web", 1);
        set = set.withStatus(StatefulSetStatus.EMPTY.withConditions(List.of(condition)));

        Plan plan = StatefulSetPlanner.plan(Observed.snapshot(set).build());

        assertThat(plan.status().conditions()).containsExactly(condition);
    }

    @Test
    void statusIsComputedEvenWhenThePassCannotCreateAPod() {
        Cluster cluster = Cluster.of(Fixtures.statefulSet("web", 2)).converge().scale(3);
        PersistentVolumeClaim terminating = Observed.claimsOf(cluster.set(), 2).get(0);
        cluster.putClaim(terminating.withMetadata(terminating.metadata().withDeletionTimestamp(cluster.now())));

        Plan plan = cluster.sync();

        assertThat(Plans.ops(plan, Operation.Blocked.class)).hasSize(1);
        assertThat(plan.status().replicas()).isEqualTo(2);
        assertThat(plan.status().observedGeneration()).isEqualTo(cluster.set().metadata().generation());
        assertThat(cluster.lastResult().error()).isPresent();
        assertThat(cluster.set().status().observedGeneration()).as("written despite the failure")
                .isEqualTo(cluster.set().metadata().generation());
    }

    @Test
    void statusIsWrittenOnlyWhenAGenerationCounterOrRevisionChanged() {
        StatefulSetStatus stored = new StatefulSetStatus(2, 3, 3, 3, 3, 3, "web-a", "web-a", 0, List.of());

        assertThat(StatusRules.needsWrite(stored, stored)).isFalse();
        assertThat(StatusRules.needsWrite(stored, new StatefulSetStatus(2, 3, 3, 3, 3, 3, "web-a", "web-a", 1, List.of())))
                .as("collisionCount alone").isFalse();
        assertThat(StatusRules.needsWrite(stored, stored.withConditions(List.of(
                new StatefulSetStatus.Condition("X", "True", NOW, "", ""))))).as("conditions alone").isFalse();
        assertThat(StatusRules.needsWrite(stored, new StatefulSetStatus(3, 3, 3, 3, 3, 3, "web-a", "web-a", 0, List.of()))).isTrue();
        assertThat(StatusRules.needsWrite(stored, new StatefulSetStatus(2, 4, 3, 3, 3, 3, "web-a", "web-a", 0, List.of()))).isTrue();
        assertThat(StatusRules.needsWrite(stored, new StatefulSetStatus(2, 3, 2, 3, 3, 3, "web-a", "web-a", 0, List.of()))).isTrue();
        assertThat(StatusRules.needsWrite(stored, new StatefulSetStatus(2, 3, 3, 2, 3, 3, "web-a", "web-a", 0, List.of()))).isTrue();
        assertThat(StatusRules.needsWrite(stored, new StatefulSetStatus(2, 3, 3, 3, 2, 3, "web-a", "web-a", 0, List.of()))).isTrue();
        assertThat(StatusRules.needsWrite(stored, new StatefulSetStatus(2, 3, 3, 3, 3, 2, "web-a", "web-a", 0, List.of()))).isTrue();
        assertThat(StatusRules.needsWrite(stored, new StatefulSetStatus(2, 3, 3, 3, 3, 3, "web-b", "web-a", 0, List.of()))).isTrue();
        assertThat(StatusRules.needsWrite(stored, new StatefulSetStatus(2, 3, 3, 3, 3, 3, "web-a", "web-b", 0, List.of()))).isTrue();
    }

    @Test
    void aConvergedSetNeedsNoStatusWrite() {
        Cluster cluster = Cluster.of(Fixtures.statefulSet("web", 3)).converge();

        Plan plan = cluster.plan();

        assertThat(StatusRules.needsWrite(cluster.set().status(), StatusRules.completeRollout(cluster.set(), plan.status()))).isFalse();
    }

    @Test
    void theRolloutCompletesOnlyWhenEveryReplicaIsUpdatedAndAvailable() {
        StatefulSet set = Fixtures.statefulSet("web", 3);
        StatefulSetStatus readyNotAvailable = status(1, 3, 3, 0, 3, 2, "web-a", "web-b");
        StatefulSetStatus available = status(1, 3, 3, 0, 3, 3, "web-a", "web-b");
        StatefulSetStatus extraPod = status(1, 4, 4, 0, 3, 4, "web-a", "web-b");
        StatefulSetStatus notAllUpdated = status(1, 3, 3, 1, 2, 3, "web-a", "web-b");

        assertThat(StatusRules.completeRollout(set, readyNotAvailable).currentRevision()).isEqualTo("web-a");
        assertThat(StatusRules.completeRollout(set, extraPod).currentRevision()).isEqualTo("web-a");
        assertThat(StatusRules.completeRollout(set, notAllUpdated).currentRevision()).isEqualTo("web-a");
        StatefulSetStatus complete = StatusRules.completeRollout(set, available);
        assertThat(complete.currentRevision()).isEqualTo("web-b");
        assertThat(complete.currentReplicas()).isEqualTo(3);
    }

    @Test
    void completionAppliesToOnDeleteToo() {
        StatefulSet set = Fixtures.statefulSet("web", 2);
        set = set.withSpec(set.spec().withUpdateStrategy(UpdateStrategy.onDelete()));

        StatefulSetStatus complete = StatusRules.completeRollout(set, status(1, 2, 2, 0, 2, 2, "web-a", "web-b"));

        assertThat(complete.currentRevision()).isEqualTo("web-b");
    }

    @Test
    void statusCountsEveryPhaseButPlaceholders() {
        StatefulSet set = Fixtures.parallel(Fixtures.statefulSet("web", 4));
        String rev = RevisionHistory.newRevision(set, 1, 0).name();
        List<Pod> pods = List.of(
                Observed.inPhase(Observed.member(set, 0, rev), PodStatus.PENDING),
                Observed.inPhase(Observed.member(set, 1, rev), PodStatus.UNKNOWN),
                Observed.inPhase(Observed.member(set, 2, rev), PodStatus.FAILED));

        StatefulSetStatus s = StatefulSetPlanner.plan(Observed.snapshot(set).pods(pods).at(NOW).build()).status();

        assertThat(s.replicas()).isEqualTo(3);
        assertThat(s.readyReplicas()).isZero();
        assertThat(s.updatedReplicas()).isEqualTo(3);
    }
}
