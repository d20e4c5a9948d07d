package dev.stateful.domain.sync;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stateful.domain.model.OwnerReference;
import dev.stateful.domain.model.PersistentVolumeClaim;
import dev.stateful.domain.model.RetentionPolicy;
import dev.stateful.domain.model.StatefulSet;
import dev.stateful.domain.storage.ClaimRelease;
import dev.stateful.domain.testing.Fixtures;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A switch of {@code whenDeleted} from Delete to Retain reaches the claims no pod of the set uses
 * any more ({@link ClaimRelease}): beyond upstream, whose {@code ClaimsMatchRetentionPolicy} looks
 * only at the claims of pods that exist, so that deleting the set then deletes those claims.
 */
class ClaimReleaseTest {

    private static final String SET_UID = "web-uid";

    private static Cluster scaledDownUnderDelete() {
        Cluster cluster = Cluster.of(Fixtures.statefulSet("web", 3));
        cluster.edit(spec -> spec.withRetentionPolicy(new RetentionPolicy("Delete", "Retain"))).converge();
        cluster.scale(1).converge();
        assertThat(ownedBySet(cluster)).as("claims of the pods scaled down keep the set as owner")
                .containsExactly("www-web-0", "www-web-1", "www-web-2");
        return cluster;
    }

    private static List<String> ownedBySet(Cluster cluster) {
        return cluster.claims().stream().filter(c -> c.metadata().ownerReferences().stream().anyMatch(r -> r.uid().equals(SET_UID)))
                .map(PersistentVolumeClaim::name).sorted().toList();
    }

    private static List<String> released(Plan plan) {
        return plan.ownership().stream().filter(c -> c instanceof Ownership.Change.ReleaseClaim)
                .map(c -> ((Ownership.Change.ReleaseClaim) c).claim().name()).toList();
    }

    @Test
    void switchingWhenDeletedToRetainReleasesTheClaimsOfPodsScaledDownUnderWhenScaledRetain() {
        Cluster cluster = scaledDownUnderDelete();

        cluster.edit(spec -> spec.withRetentionPolicy(new RetentionPolicy("Retain", "Retain")));
        Plan plan = cluster.sync();

        assertThat(released(plan)).containsExactly("www-web-1", "www-web-2");
        // web-0's own claim is fixed by its pod's sync, as upstream fixes it
        cluster.converge();
        assertThat(ownedBySet(cluster)).isEmpty();
    }

    @Test
    void aReleaseTakesOnlyTheSetsReferenceOffAndKeepsEveryOtherOwner() {
        StatefulSet set = Fixtures.statefulSet("web", 1);
        OwnerReference mine = new OwnerReference(set.kind().apiVersion(), set.kind().kind(), "web", SET_UID, true, true);
        OwnerReference other = new OwnerReference("v1", "ConfigMap", "keep-me", "cm-uid", false, false);
        PersistentVolumeClaim claim = Observed.claimsOf(set, 4).get(0);
        claim = claim.withMetadata(claim.metadata().withOwnerReferences(List.of(other, mine)));

        Plan plan = StatefulSetPlanner.plan(Observed.snapshot(set).claims(claim).build());

        assertThat(plan.ownership()).singleElement().isInstanceOfSatisfying(Ownership.Change.ReleaseClaim.class,
                r -> assertThat(r.claim().metadata().ownerReferences()).containsExactly(other));
    }

    @Test
    void underWhenDeletedDeleteTheSetKeepsTheClaimsOfPodsScaledDown() {
        Cluster cluster = scaledDownUnderDelete();

        assertThat(released(cluster.sync())).isEmpty();
        assertThat(ownedBySet(cluster)).containsExactly("www-web-0", "www-web-1", "www-web-2");
    }

    /** The plan for a set of one under Retain/Retain whose web-0 runs, with web-0's claim named {@code claimName} owned by the set. */
    private static Plan withWeb0AndASetOwnedClaim(String claimName) {
        StatefulSet set = Fixtures.statefulSet("web", 1);
        set = set.withSpec(set.spec().withRetentionPolicy(new RetentionPolicy("Retain", "Retain")));
        OwnerReference mine = new OwnerReference(set.kind().apiVersion(), set.kind().kind(), "web", SET_UID, true, true);
        PersistentVolumeClaim claim = Observed.claimsOf(set, 0).get(0);
        claim = claim.withMetadata(claim.metadata().withName(claimName).withOwnerReferences(List.of(mine)));
        return StatefulSetPlanner.plan(Observed.snapshot(set).pods(Observed.runningReady(Observed.member(set, 0, "r"), Fixtures.T0))
                .claims(claim).at(Fixtures.T0.plusSeconds(60)).build());
    }

    @Test
    void theClaimsOfAPodThatExistsAreLeftToThatPodsSync() {
        assertThat(released(withWeb0AndASetOwnedClaim("www-web-0"))).isEmpty();
    }

    @Test
    void aClaimOfATemplateSinceRenamedIsReleasedThoughItsOrdinalHasAPod() {
        assertThat(released(withWeb0AndASetOwnedClaim("old-web-0"))).containsExactly("old-web-0");
    }

    @Test
    void nothingIsReleasedWhileTheSetIsBeingDeletedNorFromAClaimBeingDeleted() {
        StatefulSet set = Fixtures.statefulSet("web", 1);
        OwnerReference mine = new OwnerReference(set.kind().apiVersion(), set.kind().kind(), "web", SET_UID, true, true);
        PersistentVolumeClaim left = Observed.claimsOf(set, 3).get(0);
        left = left.withMetadata(left.metadata().withOwnerReferences(List.of(mine)));
        PersistentVolumeClaim going = Observed.claimsOf(set, 4).get(0);
        going = going.withMetadata(going.metadata().withOwnerReferences(List.of(mine)).withDeletionTimestamp(Fixtures.T0));
        StatefulSet deleting = set.withMetadata(set.metadata().withDeletionTimestamp(Fixtures.T0));

        assertThat(ClaimRelease.claimsToRelease(deleting, List.of(), List.of(left))).isEmpty();
        assertThat(ClaimRelease.claimsToRelease(set, List.of(), List.of(left, going))).extracting(PersistentVolumeClaim::name)
                .containsExactly("www-web-3");
    }

    @Test
    void aReferenceOfAnEarlierSetOfTheSameNameIsNotTheSetsToRelease() {
        StatefulSet set = Fixtures.statefulSet("web", 1);
        OwnerReference earlier = new OwnerReference(set.kind().apiVersion(), set.kind().kind(), "web", "earlier-uid", true, true);
        PersistentVolumeClaim claim = Observed.claimsOf(set, 3).get(0);
        claim = claim.withMetadata(claim.metadata().withOwnerReferences(List.of(earlier)));

        assertThat(ClaimRelease.claimsToRelease(set, List.of(), List.of(claim))).isEmpty();
    }
}
