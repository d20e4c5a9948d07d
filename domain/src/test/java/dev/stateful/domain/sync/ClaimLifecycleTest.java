package dev.stateful.domain.sync;

import static dev.stateful.domain.sync.Plans.creates;
import static dev.stateful.domain.sync.Plans.deletes;
import static dev.stateful.domain.sync.Plans.ops;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import dev.stateful.domain.model.OwnerReference;
import dev.stateful.domain.model.PersistentVolumeClaim;
import dev.stateful.domain.model.PodStatus;
import dev.stateful.domain.model.RetentionPolicy;
import dev.stateful.domain.model.StatefulSet;
import dev.stateful.domain.storage.ClaimOwnership;
import dev.stateful.domain.testing.Fixtures;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Claims over a pod's life (upstream {@code createPersistentVolumeClaims}, KEP-1847 retention, the condemned
 * claim fix before {@code processCondemned}, {@code PodClaimIsStale} and
 * {@code createMissingPersistentVolumeClaims} in {@code processReplica}; upstream {@code RecreatesPVCForPendingPod}).
 */
class ClaimLifecycleTest {

    private static StatefulSet withPolicy(StatefulSet set, String whenDeleted, String whenScaled) {
        return set.withSpec(set.spec().withRetentionPolicy(new RetentionPolicy(whenDeleted, whenScaled)));
    }

    private static PersistentVolumeClaim claim(StatefulSet set, int ordinal) {
        return Observed.claimsOf(set, ordinal).get(0);
    }

    @Test
    void anExistingClaimIsReusedNotRecreated() {
        StatefulSet set = Fixtures.statefulSet("web", 1);

        Plan plan = StatefulSetPlanner.plan(Observed.snapshot(set).claims(claim(set, 0)).build());

        Operation.CreatePod create = ops(plan, Operation.CreatePod.class).get(0);
        assertThat(create.createClaims()).isEmpty();
        assertThat(create.updateClaims()).isEmpty();
    }

    @Test
    void anExistingClaimMissingTheSetOwnerIsFixedWhenThePodIsCreated() {
        StatefulSet set = withPolicy(Fixtures.statefulSet("web", 1), "Delete", "Retain");

        Plan plan = StatefulSetPlanner.plan(Observed.snapshot(set).claims(claim(set, 0)).build());

        Operation.CreatePod create = ops(plan, Operation.CreatePod.class).get(0);
        assertThat(create.createClaims()).isEmpty();
        assertThat(create.updateClaims()).singleElement().satisfies(c -> assertThat(c.metadata().ownerReferences())
                .extracting(OwnerReference::kind, OwnerReference::uid).containsExactly(tuple("StatefulSet", "web-uid")));
    }

    @Test
    void aTerminatingClaimStillLetsThePodsOtherMissingClaimsBeCreated() {
        StatefulSet set = Fixtures.statefulSet("web", 1);
        set = set.withSpec(set.spec().withVolumeClaimTemplates(List.of(Fixtures.claimTemplate("www"), Fixtures.claimTemplate("data"))));
        PersistentVolumeClaim www = Observed.claimsOf(set, 0).get(0);

        Plan plan = StatefulSetPlanner.plan(Observed.snapshot(set)
                .claims(www.withMetadata(www.metadata().withDeletionTimestamp(Fixtures.T0))).build());

        // one operation, as upstream's CreateStatefulPod: a failed create of data-web-0 is aggregated with
        // the terminating claim into the pod's one FailedCreate, instead of ending the sync on its own
        assertThat(plan.operations()).singleElement().isInstanceOfSatisfying(Operation.Blocked.class, b -> {
            assertThat(b.createClaims()).extracting(PersistentVolumeClaim::name).containsExactly("data-web-0");
            assertThat(b.message()).isEqualTo("pvc www-web-0 is being deleted");
            assertThat(b.podEvent()).isTrue();
        });
    }

    @Test
    void everyTerminatingClaimOfThePodIsNamedInTheAggregatedErrorAsUpstreamAggregatesThem() {
        StatefulSet set = Fixtures.statefulSet("web", 1);
        set = set.withSpec(set.spec().withVolumeClaimTemplates(List.of(Fixtures.claimTemplate("www"), Fixtures.claimTemplate("data"))));
        List<PersistentVolumeClaim> claims = Observed.claimsOf(set, 0).stream()
                .map(c -> c.withMetadata(c.metadata().withDeletionTimestamp(Fixtures.T0))).toList();

        Plan plan = StatefulSetPlanner.plan(Observed.snapshot(set).claims(claims).build());

        assertThat(ops(plan, Operation.Blocked.class)).singleElement()
                .satisfies(b -> assertThat(b.message()).isEqualTo("[pvc www-web-0 is being deleted, pvc data-web-0 is being deleted]"));
        assertThat(ops(plan, Operation.CreatePod.class)).isEmpty();
    }

    @Test
    void aTerminatingClaimBlocksCreationOfItsPodWithAFailedCreateUntilItIsGone() {
        Cluster cluster = Cluster.of(Fixtures.statefulSet("web", 1));
        PersistentVolumeClaim claim = claim(cluster.set(), 0);
        cluster.putClaim(claim.withMetadata(claim.metadata().withDeletionTimestamp(cluster.now())));

        Plan blocked = cluster.sync();
        assertThat(creates(blocked)).isEmpty();
        assertThat(ops(blocked, Operation.Blocked.class)).singleElement().satisfies(b -> {
            assertThat(b.podName()).isEqualTo("web-0");
            assertThat(b.message()).isEqualTo("pvc www-web-0 is being deleted");
            assertThat(b.podEvent()).as("FailedCreate on the pod").isTrue();
        });
        assertThat(cluster.lastResult().error()).contains("pvc www-web-0 is being deleted");

        cluster.removeClaim("www-web-0");
        Plan created = cluster.sync();
        assertThat(creates(created)).containsExactly("web-0");
        assertThat(ops(created, Operation.CreatePod.class).get(0).createClaims())
                .extracting(PersistentVolumeClaim::name).containsExactly("www-web-0");
    }

    @Test
    void recreatesTheClaimOfAPendingPodThatLostIt() {
        Cluster cluster = Cluster.of(Fixtures.statefulSet("web", 3));
        cluster.sync();
        cluster.removeClaim("www-web-0");

        Plan plan = cluster.sync();

        assertThat(creates(plan)).isEmpty();
        assertThat(ops(plan, Operation.EnsureClaims.class)).singleElement().satisfies(e -> {
            assertThat(e.podName()).isEqualTo("web-0");
            assertThat(e.podEvent()).as("createMissingPersistentVolumeClaims: a failed owner update is the pod's FailedUpdate").isTrue();
            assertThat(e.createClaims()).extracting(PersistentVolumeClaim::name).containsExactly("www-web-0");
        });
        assertThat(cluster.claim("www-web-0")).isPresent();
    }

    @Test
    void parallelRecreatesTheClaimsOfEveryPendingPodThatLostThem() {
        Cluster cluster = Cluster.of(Fixtures.parallel(Fixtures.statefulSet("web", 3)));
        cluster.sync();
        cluster.removeClaim("www-web-0").removeClaim("www-web-2");

        Plan plan = cluster.sync();

        assertThat(ops(plan, Operation.EnsureClaims.class)).extracting(Operation.EnsureClaims::podName).containsExactly("web-0", "web-2");
        assertThat(cluster.claims()).extracting(PersistentVolumeClaim::name).contains("www-web-0", "www-web-1", "www-web-2");
    }

    @Test
    void aPendingPodWhoseClaimIsTerminatingIsNeitherDeletedNorPassed() {
        Cluster cluster = Cluster.of(Fixtures.statefulSet("web", 2));
        cluster.sync();
        PersistentVolumeClaim claim = cluster.claim("www-web-0").orElseThrow();
        cluster.putClaim(claim.withMetadata(claim.metadata().withDeletionTimestamp(cluster.now())));

        Plan plan = cluster.sync();

        assertThat(deletes(plan)).isEmpty();
        assertThat(creates(plan)).isEmpty();
        assertThat(ops(plan, Operation.Blocked.class)).singleElement().satisfies(b -> {
            assertThat(b.message()).isEqualTo("pvc www-web-0 is being deleted");
            assertThat(b.podEvent()).isFalse();
        });
    }

    /** A stale claim blocks re-creation of its pod ({@code PodClaimIsStale}). */
    @Test
    void aClaimStillOwnedByAPreviousPodOfThatNameHoldsBackItsCreation() {
        Cluster cluster = Cluster.of(withPolicy(Fixtures.statefulSet("web", 3), "Retain", "Delete")).converge();
        cluster.finishTermination("web-2");
        PersistentVolumeClaim stale = claim(cluster.set(), 2);
        stale = stale.withMetadata(stale.metadata().withOwnerReferences(List.of(
                new OwnerReference("v1", "Pod", "web-2", "uid-of-the-old-web-2", true, true))));
        cluster.putClaim(stale);

        Plan waiting = cluster.sync();
        assertThat(creates(waiting)).isEmpty();
        assertThat(Plans.waits(waiting)).contains("claim of web-2").contains("garbage collector");
        assertThat(waiting.requeueAfter()).as("the claim's deletion will not bring the set back: it looks again itself")
                .contains(StatefulSetPlanner.STALE_CLAIM_RECHECK);

        cluster.removeClaim("www-web-2");
        Plan created = cluster.sync();
        assertThat(creates(created)).containsExactly("web-2");
        assertThat(created.requeueAfter()).isEmpty();
    }

    /**
     * Stricter than upstream (which skips the check under whenScaled=Retain): the garbage collector
     * deletes a claim whose owner is gone whatever the policy says now, so the pod waits for it.
     */
    @Test
    void aClaimOwnedByADeletedPodHoldsBackCreationEvenWhenClaimsAreRetainedOnScaleDown() {
        Cluster cluster = Cluster.of(Fixtures.statefulSet("web", 1));
        PersistentVolumeClaim old = claim(cluster.set(), 0);
        cluster.putClaim(old.withMetadata(old.metadata().withOwnerReferences(List.of(
                new OwnerReference("v1", "Pod", "web-0", "uid-of-the-old-web-0", true, true)))));

        Plan waiting = cluster.sync();
        assertThat(creates(waiting)).isEmpty();
        assertThat(Plans.waits(waiting)).contains("claim of web-0").contains("garbage collector");

        cluster.removeClaim("www-web-0");
        assertThat(creates(cluster.sync())).containsExactly("web-0");
    }

    /** Scale-down with whenScaled=Delete hands the condemned pod's claims to the pod. */
    @Test
    void scaleDownWithWhenScaledDeleteHandsTheClaimsToTheCondemnedPodsBeforeDeletingThem() {
        Cluster cluster = Cluster.of(withPolicy(Fixtures.statefulSet("web", 5), "Delete", "Delete")).converge();
        String web4 = cluster.pod("web-4").metadata().uid();
        assertThat(cluster.claim("www-web-4").orElseThrow().metadata().ownerReferences())
                .extracting(OwnerReference::kind).containsExactly("StatefulSet");
        cluster.scale(3);

        Plan plan = cluster.sync();

        assertThat(plan.phases()).extracting(Phase::name).containsExactly(Phase.Name.CONDEMNED_CLAIMS, Phase.Name.CONDEMNED);
        List<PersistentVolumeClaim> handedOver = ops(plan, Operation.EnsureClaims.class).stream()
                .flatMap(e -> e.updateClaims().stream()).toList();
        assertThat(handedOver).extracting(PersistentVolumeClaim::name).containsExactly("www-web-4", "www-web-3");
        assertThat(ops(plan, Operation.EnsureClaims.class)).as("processCondemned's fixPodClaim records no pod event")
                .noneMatch(Operation.EnsureClaims::podEvent);
        assertThat(handedOver.get(0).metadata().ownerReferences()).as("the pod instead of the set")
                .containsExactly(new OwnerReference("v1", "Pod", "web-4", web4, true, true));
        assertThat(deletes(plan)).containsExactly("web-4");
        assertThat(cluster.claim("www-web-4")).as("garbage collected with its pod").isEmpty();
        assertThat(cluster.claim("www-web-3")).isPresent();
    }

    /**
     * Found by the simulation; stricter than upstream, which deletes the failed pod first and so lets
     * the garbage collector take the claim of an ordinal that is in range again.
     */
    @Test
    void aFailedPodBroughtBackInRangeIsGivenBackItsClaimBeforeItIsDeleted() {
        Cluster cluster = Cluster.of(withPolicy(Fixtures.statefulSet("web", 2), "Retain", "Delete")).converge();
        cluster.scale(0);
        cluster.sync();
        assertThat(cluster.claim("www-web-0").orElseThrow().metadata().ownerReferences()).as("handed to the condemned web-0")
                .extracting(OwnerReference::kind).containsExactly("Pod");
        cluster.phase("web-0", PodStatus.FAILED).scale(1);

        Plan plan = cluster.sync();

        assertThat(plan.operations()).extracting(op -> op.getClass().getSimpleName()).containsExactly("EnsureClaims", "DeletePod");
        assertThat(deletes(plan)).containsExactly("web-0");
        assertThat(cluster.claim("www-web-0")).as("kept with the ordinal").get()
                .satisfies(c -> assertThat(c.metadata().ownerReferences()).isEmpty());
    }

    @Test
    void scaleDownWithWhenScaledRetainLeavesTheClaimsAlone() {
        Cluster cluster = Cluster.of(withPolicy(Fixtures.statefulSet("web", 3), "Delete", "Retain")).converge();
        cluster.scale(2);

        Plan plan = cluster.sync();

        assertThat(plan.phases()).extracting(Phase::name).containsExactly(Phase.Name.CONDEMNED);
        assertThat(cluster.claim("www-web-2")).isPresent();
    }

    @Test
    void aClaimControlledBySomeoneElseIsLeftAloneWithAConflictingControllerWarning() {
        StatefulSet set = withPolicy(Fixtures.statefulSet("web", 1), "Delete", "Retain");
        PersistentVolumeClaim foreign = claim(set, 0);
        foreign = foreign.withMetadata(foreign.metadata().withOwnerReferences(List.of(
                new OwnerReference("example.com/v1", "Database", "db", "db-uid", true, true))));

        Plan plan = StatefulSetPlanner.plan(Observed.snapshot(set).claims(foreign).build());

        assertThat(ops(plan, Operation.Warn.class)).singleElement().satisfies(w -> {
            assertThat(w.reason()).isEqualTo(ClaimOwnership.CONFLICTING_CONTROLLER_REASON);
            assertThat(w.message()).contains("www-web-0");
        });
        assertThat(ops(plan, Operation.CreatePod.class).get(0).updateClaims()).isEmpty();
    }

    /**
     * {@code createMissingPersistentVolumeClaims} gives a Pending pod's claims their owners; the
     * invariants' repair after it must not write them again from the same snapshot, whose
     * resourceVersion the first write has moved on (it would conflict every time).
     */
    @Test
    void aPendingParallelPodsClaimsGetTheirNewOwnersInOneWrite() {
        Cluster cluster = Cluster.of(Fixtures.parallel(Fixtures.statefulSet("web", 2)));
        cluster.sync();
        assertThat(cluster.pod("web-0").status().phase()).isEqualTo("Pending");
        cluster.edit(spec -> spec.withRetentionPolicy(new RetentionPolicy("Delete", "Retain")));

        Plan plan = cluster.sync();

        assertThat(ops(plan, Operation.EnsureClaims.class)).extracting(Operation.EnsureClaims::podName).containsExactly("web-0", "web-1");
        assertThat(plan.operations().stream()
                .flatMap(op -> op instanceof Operation.EnsureClaims e ? e.updateClaims().stream()
                        : op instanceof Operation.UpdatePod u ? u.updateClaims().stream() : java.util.stream.Stream.empty())
                .map(PersistentVolumeClaim::name))
                .as("each claim written once").containsExactly("www-web-0", "www-web-1");
        assertThat(cluster.lastResult().error()).isEmpty();
    }

    /** Upstream warns from {@code UpdatePodClaimForRetentionPolicy}, which a Pending pod goes through on every sync. */
    @Test
    void aPendingPodsClaimControlledBySomeoneElseIsWarnedAboutOnEverySync() {
        Cluster cluster = Cluster.of(Fixtures.parallel(withPolicy(Fixtures.statefulSet("web", 1), "Delete", "Retain")));
        cluster.sync();
        PersistentVolumeClaim claimed = cluster.claim("www-web-0").orElseThrow();
        cluster.putClaim(claimed.withMetadata(claimed.metadata().withOwnerReferences(List.of(
                new OwnerReference("example.com/v1", "Database", "db", "db-uid", true, true)))));

        for (int sync = 0; sync < 2; sync++) {
            assertThat(ops(cluster.sync(), Operation.Warn.class)).as("sync %d", sync).singleElement()
                    .satisfies(w -> assertThat(w.reason()).isEqualTo(ClaimOwnership.CONFLICTING_CONTROLLER_REASON));
        }
        cluster.running("web-0");
        assertThat(ops(cluster.sync(), Operation.Warn.class)).as("a running pod whose claims need nothing is not looked at").isEmpty();
    }

    /**
     * A condemned pod's claims go through {@code fixPodClaim}, which calls {@code UpdatePodClaimForRetentionPolicy}
     * (and so warns) only when {@code ClaimsMatchRetentionPolicy} fails: no Pending pass looks at them.
     */
    @Test
    void aCondemnedPendingPodsClaimControlledBySomeoneElseIsNotWarnedAboutWhileItsOwnersNeedNothing() {
        Cluster cluster = Cluster.of(Fixtures.parallel(withPolicy(Fixtures.statefulSet("web", 2), "Retain", "Delete")));
        cluster.sync();
        cluster.running("web-0");
        PersistentVolumeClaim claimed = cluster.claim("www-web-1").orElseThrow();
        cluster.putClaim(claimed.withMetadata(claimed.metadata().withOwnerReferences(List.of(
                new OwnerReference("example.com/v1", "Database", "db", "db-uid", true, true)))));
        assertThat(cluster.pod("web-1").status().isPending()).isTrue();
        cluster.scale(1);

        Plan plan = cluster.sync();

        assertThat(ops(plan, Operation.DeletePod.class)).extracting(d -> d.pod().name()).containsExactly("web-1");
        assertThat(ops(plan, Operation.Warn.class)).isEmpty();
        assertThat(ops(plan, Operation.EnsureClaims.class)).as("the claim is left to its controller").isEmpty();
    }
}
