package dev.stateful.domain.sync;

import static dev.stateful.domain.sync.Plans.creates;
import static dev.stateful.domain.sync.Plans.deletes;
import static org.assertj.core.api.Assertions.assertThat;

import dev.stateful.domain.identity.PodIdentity;
import dev.stateful.domain.model.ControllerRevision;
import dev.stateful.domain.model.OwnerReference;
import dev.stateful.domain.model.Pod;
import dev.stateful.domain.model.StatefulSet;
import dev.stateful.domain.model.UpdateStrategy;
import dev.stateful.domain.revision.RevisionHistory;
import dev.stateful.domain.testing.Fixtures;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Which pods and revisions are the set's (upstream {@code ClaimPods}, {@code adoptOrphanRevisions}). */
class AdoptionTest {

    private static final Instant NOW = Fixtures.T0.plus(Duration.ofDays(1));

    private static final StatefulSet SET = Fixtures.statefulSet("web", 2);
    private static final String REVISION = RevisionHistory.newRevision(SET, 1, 0).name();

    private static Pod ready(int ordinal) {
        return Observed.runningReady(Observed.member(SET, ordinal, REVISION), NOW.minusSeconds(60));
    }

    private static Pod orphan(Pod pod) {
        return pod.withMetadata(pod.metadata().withOwnerReferences(List.of()));
    }

    private static Plan plan(StatefulSet set, Pod... pods) {
        return StatefulSetPlanner.plan(Observed.snapshot(set).pods(pods).claims(Observed.claimsOf(set, 0))
                .claims(Observed.claimsOf(set, 1)).at(NOW).build());
    }

    @Test
    void anOrphanPodWithAMatchingNameAndLabelsIsAdoptedAndTakesItsSlot() {
        Pod web1 = orphan(ready(1));

        Plan plan = plan(SET, ready(0), web1);

        assertThat(plan.ownership()).containsExactly(new Ownership.Change.AdoptPod(web1));
        assertThat(creates(plan)).isEmpty();
        assertThat(plan.status().replicas()).isEqualTo(2);

        Cluster cluster = Cluster.of(SET).put(ready(0)).put(web1);
        cluster.sync();
        assertThat(cluster.pod("web-1").metadata().controllerRef()).contains(PodIdentity.controllerRef(SET));
    }

    @Test
    void aPodWithMatchingLabelsButAnotherSetsNameIsIgnored() {
        Pod stranger = orphan(ready(1)).withMetadata(orphan(ready(1)).metadata().withName("y-1"));

        Plan plan = plan(Fixtures.parallel(SET), ready(0), stranger);

        assertThat(plan.ownership()).isEmpty();
        assertThat(deletes(plan)).isEmpty();
        assertThat(creates(plan)).containsExactly("web-1");
        assertThat(plan.status().replicas()).isEqualTo(1);
    }

    @Test
    void anOwnedPodWhoseLabelsNoLongerMatchIsReleasedAndNotCounted() {
        Pod relabelled = ready(1).withMetadata(ready(1).metadata().withLabel("app", "debug"));

        Plan plan = plan(SET, ready(0), relabelled);

        assertThat(plan.ownership()).containsExactly(new Ownership.Change.ReleasePod(relabelled));
        assertThat(plan.status().replicas()).isEqualTo(1);
        assertThat(deletes(plan)).as("a released pod is no longer ours to delete").isEmpty();
    }

    @Test
    void anOwnedPodWithAnotherSetsNameIsReleased() {
        Pod misnamed = ready(1).withMetadata(ready(1).metadata().withName("db-1"));

        Plan plan = plan(SET, ready(0), ready(1), misnamed);

        assertThat(plan.ownership()).containsExactly(new Ownership.Change.ReleasePod(misnamed));
    }

    @Test
    void aTerminatingOrphanIsNotAdopted() {
        Pod leaving = Observed.terminating(orphan(ready(1)), NOW);

        Plan plan = plan(SET, ready(0), leaving);

        assertThat(plan.ownership()).isEmpty();
        assertThat(plan.status().replicas()).isEqualTo(1);
    }

    @Test
    void aPodControlledBySomethingElseIsLeftAlone() {
        Pod foreign = ready(1).withMetadata(ready(1).metadata().withOwnerReferences(List.of(
                new OwnerReference("apps/v1", "StatefulSet", "web", "uid-of-another-web", true, true))));

        Plan plan = plan(SET, ready(0), foreign);

        assertThat(plan.ownership()).isEmpty();
        assertThat(plan.status().replicas()).isEqualTo(1);
        assertThat(deletes(plan)).isEmpty();
    }

    @Test
    void anAdoptedHandMadePodIsReplacedOnlyThroughTheUpdateStrategy() {
        Pod handMade = orphan(ready(0)).withMetadata(orphan(ready(0)).metadata().withLabel(PodIdentity.REVISION_LABEL, null));
        StatefulSet single = SET.withSpec(SET.spec().withReplicas(1));
        StatefulSet onDelete = single.withSpec(single.spec().withUpdateStrategy(UpdateStrategy.onDelete()));

        Plan underOnDelete = plan(onDelete, handMade);
        Plan underRollingUpdate = plan(single, handMade);

        assertThat(underOnDelete.ownership()).containsExactly(new Ownership.Change.AdoptPod(handMade));
        assertThat(underOnDelete.operations()).isEmpty();
        assertThat(deletes(underRollingUpdate, Operation.DeletePod.Cause.ROLLING_UPDATE)).containsExactly("web-0");
    }

    @Test
    void anOrphanRevisionMatchingTheSelectorIsAdopted() {
        ControllerRevision orphanRevision = RevisionHistory.newRevision(SET, 1, 0);
        orphanRevision = orphanRevision.withMetadata(orphanRevision.metadata().withOwnerReferences(List.of()));

        Plan plan = StatefulSetPlanner.plan(Observed.snapshot(SET).revisions(orphanRevision).at(NOW).build());

        assertThat(plan.ownership()).containsExactly(new Ownership.Change.AdoptRevision(orphanRevision));
        assertThat(plan.revisions().update().name()).as("and used").isEqualTo(orphanRevision.name());
    }

    /** Upstream's {@code sync}: {@code adoptOrphanRevisions}, and only then {@code ClaimPods}. */
    @Test
    void orphanRevisionsAreAdoptedBeforeOrphanPods() {
        ControllerRevision orphanRevision = RevisionHistory.newRevision(SET, 1, 0);
        orphanRevision = orphanRevision.withMetadata(orphanRevision.metadata().withOwnerReferences(List.of()));
        Pod web1 = orphan(ready(1));

        Plan plan = StatefulSetPlanner.plan(Observed.snapshot(SET).pods(ready(0), web1).revisions(orphanRevision)
                .claims(Observed.claimsOf(SET, 0)).claims(Observed.claimsOf(SET, 1)).at(NOW).build());

        assertThat(plan.ownership()).containsExactly(new Ownership.Change.AdoptRevision(orphanRevision),
                new Ownership.Change.AdoptPod(web1));
    }

    @Test
    void revisionsOfOtherOwnersOrNotMatchingTheSelectorAreNotAdopted() {
        ControllerRevision foreign = RevisionHistory.newRevision(Fixtures.withImage(SET, "other"), 1, 0);
        foreign = foreign.withMetadata(foreign.metadata().withOwnerReferences(List.of(
                new OwnerReference("apps/v1", "StatefulSet", "web", "uid-of-another-web", true, true))));
        ControllerRevision unselected = RevisionHistory.newRevision(Fixtures.withImage(SET, "third"), 2, 0);
        unselected = unselected.withMetadata(unselected.metadata().withOwnerReferences(List.of())
                .withLabels(Map.of("app", "unrelated")));

        Plan plan = StatefulSetPlanner.plan(Observed.snapshot(SET).revisions(foreign, unselected).at(NOW).build());

        assertThat(plan.ownership()).isEmpty();
        assertThat(plan.revisions().update().revision()).as("neither counts towards the history").isEqualTo(1);
    }
}
