package dev.stateful.inmemory.simulation;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stateful.inmemory.kubelet.PodBehaviour;
import dev.stateful.inmemory.store.Kind;
import dev.stateful.inmemory.store.Verb;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Minimal schedules of the bugs the simulation found, pinned as they were printed, so that they
 * keep passing: each names the rule it used to break.
 */
class SimulationRegressionTest {

    private static void keepsEveryRule(Schedule schedule) {
        SimulationRun.Result result = new SimulationRun(schedule, Mutant.NONE, true).execute();

        assertThat(result.violations()).as(String.join("\n", result.trace())).isEmpty();
    }

    /**
     * Used to break STORAGE: web-0 was scaled away under whenScaled=Delete while the garbage
     * collector was slow, the policy went to Retain and the set back to one replica; the new web-0
     * started on the claim still owned by the old web-0, and the garbage collector then deleted it.
     */
    @Test
    void aClaimDoomedByAScaleDownIsNotReusedAfterThePolicySwitchesToRetain() {
        keepsEveryRule(new Schedule(1464288610L, new SetConfig(1, false, 0, false, null, null, null, null, "Delete", "Delete", false), List.of(
                new Step.RunFor(1),
                new Step.PauseGc(true),
                new Step.Scale(0),
                new Step.RunFor(1),
                new Step.SetRetention("Retain", "Retain"),
                new Step.Scale(1))));
    }

    /**
     * Used to break POD_DELETION (a 20,000-schedule soak found it five times; the next two tests are two
     * more of them): the set was
     * deleted with --cascade=orphan and created again, its new template outdating the orphan web-0;
     * with the pod watch stalled, a sync adopted web-0 and its rolling update deleted it, and the next
     * sync, still seeing the orphan, found it gone when adopting it and deleted it all the same.
     * Upstream's {@code ClaimPods} leaves such a pod out of the pods the sync acts on.
     */
    @Test
    void anOrphanGoneBeforeItsAdoptionIsNotActedOn() {
        keepsEveryRule(new Schedule(8100002904L, new SetConfig(1, false, 0, false, null, null, null, null, "Retain", "Retain", false), List.of(
                new Step.RunFor(1),
                new Step.DeleteSet(true),
                new Step.RunFor(2),
                new Step.CreateSet(),
                new Step.SetImage("nginx:1.27"),
                new Step.StallWatch(Kind.PODS),
                new Step.RunFor(2))));
    }

    /** Used to break POD_DELETION: the same, the orphan evicted and the pod cache relisted stale. */
    @Test
    void anEvictedOrphanGoneBeforeItsAdoptionIsNotDeletedAgain() {
        keepsEveryRule(new Schedule(8100007421L, new SetConfig(3, false, 0, false, null, null, null, null, "Retain", "Retain", false), List.of(
                new Step.RunFor(7),
                new Step.Behave(2, PodBehaviour.EVICTED),
                new Step.DeleteSet(true),
                new Step.RunFor(7),
                new Step.StaleRelist(Kind.PODS, 1),
                new Step.CreateSet(),
                new Step.RunFor(2))));
    }

    /** Used to break POD_DELETION: an adoption answered 404 (a fault) left the pod unadopted, and the sync deleted it. */
    @Test
    void anOrphanWhoseAdoptionWasAnsweredNotFoundIsNotDeleted() {
        keepsEveryRule(new Schedule(8100011735L, new SetConfig(0, false, 0, false, null, null, null, null, "Retain", "Retain", false), List.of(
                new Step.Scale(1),
                new Step.RunFor(1),
                new Step.FaultStorm(FaultType.NOT_FOUND, 0.5),
                new Step.RunFor(1),
                new Step.DeleteSet(true),
                new Step.RunFor(2),
                new Step.CreateSet(),
                new Step.RunFor(1))));
    }

    /**
     * Used to break STORAGE (found by a 5,000-schedule soak): with the claim watch stalled, a switch to
     * whenDeleted=Delete gave www-web-0 the set as its owner; the set was deleted and created again
     * before any sync saw it gone, and the new set, Retain/Retain, created web-0 on the claim its cache
     * still showed without owners, which the garbage collector would delete with the old set. The
     * claim is now read past the cache before the pod is created ({@code FreshClaimCheck}).
     */
    @Test
    void aSetCreatedAgainDoesNotStartItsPodOnAClaimTheSetBeforeItHandedToTheGarbageCollector() {
        keepsEveryRule(new Schedule(7300001823L, new SetConfig(1, false, 0, false, null, null, null, null, "Retain", "Retain", false), List.of(
                new Step.RunFor(1),
                new Step.StallWatch(Kind.CLAIMS),
                new Step.SetRetention("Delete", "Delete"),
                new Step.RunFor(3),
                new Step.DeleteSet(false),
                new Step.CreateSet(),
                new Step.SyncPass())));
    }

    /**
     * Used to break STORAGE: a scale to zero under whenScaled=Delete handed www-web-0 to web-0, which
     * then failed; the scale back to one made web-0 in range again, and the controller deleted the
     * failed pod before giving the claim back, so the garbage collector deleted the claim with it.
     */
    @Test
    void aFailedPodBackInRangeDoesNotTakeItsClaimWithIt() {
        keepsEveryRule(new Schedule(1000289L, new SetConfig(2, false, 0, false, null, null, null, null, "Retain", "Delete", false), List.of(
                new Step.RunFor(5),
                new Step.Behave(0, PodBehaviour.CRASH),
                new Step.Scale(0),
                new Step.RunFor(1),
                new Step.Scale(1))));
    }

    /**
     * Used to break REVISION_IN_USE (found by the 20,000-schedule soak): with the set's watch
     * stalled, the controller rolled back to the template its cache still showed, its status write
     * conflicted, and the re-read showed a newer template (nginx:broken again); the sync then
     * truncated history as planned for the stale spec, with revisionHistoryLimit 0, and deleted the
     * revision of the template it had just read.
     */
    @Test
    void historyIsNotTruncatedForASpecTheStatusWriteFoundOutdated() {
        keepsEveryRule(new Schedule(1002997L, new SetConfig(1, false, 0, false, null, null, null, 0, "Retain", "Retain", false), List.of(
                new Step.RunFor(1),
                new Step.SetImage("nginx:broken"),
                new Step.RunFor(1),
                new Step.SetImage("nginx:1.25"),
                new Step.StallWatch(Kind.STATEFULSETS),
                new Step.SetImage("nginx:broken"),
                new Step.RunFor(1))));
    }

    /**
     * Used to break NO_CRASH: with the set's watch stalled the status write conflicted, and the
     * re-read of the set failed; its exception escaped the sync instead of being its error.
     */
    @Test
    void aFailedRereadAfterAStatusConflictIsTheSyncsErrorNotAnException() {
        keepsEveryRule(new Schedule(1000752L, new SetConfig(0, false, 0, false, null, null, null, null, "Retain", "Retain", false), List.of(
                new Step.InjectFault(Verb.GET, Kind.STATEFULSETS, FaultType.FORBIDDEN, 1.0),
                new Step.StallWatch(Kind.STATEFULSETS),
                new Step.RunFor(2))));
    }

    /**
     * Used to break STORAGE: the set was deleted under whenDeleted=Delete and re-created before the
     * garbage collector got to its claims; the new web-0 started on the claim still owned by the
     * deleted set, which the garbage collector then deleted.
     */
    @Test
    void aClaimOwnedByADeletedSetIsNotReusedByItsSuccessor() {
        keepsEveryRule(new Schedule(1L, new SetConfig(1, false, 0, false, null, null, null, null, "Delete", "Retain", false), List.of(
                new Step.RunFor(5),
                new Step.PauseGc(true),
                new Step.DeleteSet(false),
                new Step.DeletePod(0),
                new Step.Wait(1),
                new Step.CreateSet(),
                new Step.RunFor(3))));
    }

    /**
     * Used to break CONVERGENCE (a 20,000-schedule soak, seed 8200008581): the set was deleted with
     * --cascade=orphan and created again while the set watch was stalled; the earlier set's sync,
     * still in the cache, gave the orphaned claim of the running web-0 its gone uid as owner
     * (whenDeleted=Delete), and the garbage collector deleted the claim. The set is now read past
     * the cache before it becomes a claim's owner, as upstream's {@code canAdopt} reads it before
     * an adoption (kubernetes#131284).
     */
    @Test
    void aSetReplacedUnderItsNameDoesNotGiveAnOrphanedClaimTheGoneUid() {
        keepsEveryRule(new Schedule(8200008581L, new SetConfig(1, false, 0, false, null, null, null, null, "Delete", "Retain", false), List.of(
                new Step.StallWatch(Kind.STATEFULSETS),
                new Step.RunFor(3),
                new Step.StallWatch(Kind.PODS),
                new Step.DeleteSet(true),
                new Step.RunFor(1),
                new Step.CreateSet(),
                new Step.RunFor(1))));
    }
}
