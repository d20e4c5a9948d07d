package dev.stateful.domain.storage;

import static dev.stateful.domain.storage.StorageFixtures.DELETE;
import static dev.stateful.domain.storage.StorageFixtures.RETAIN;
import static dev.stateful.domain.storage.StorageFixtures.claim;
import static dev.stateful.domain.storage.StorageFixtures.newStatefulSetPod;
import static dev.stateful.domain.storage.StorageFixtures.policy;
import static dev.stateful.domain.storage.StorageFixtures.ref;
import static dev.stateful.domain.storage.StorageFixtures.set;
import static org.assertj.core.api.Assertions.assertThat;

import dev.stateful.domain.model.OwnerReference;
import dev.stateful.domain.model.PersistentVolumeClaim;
import dev.stateful.domain.model.Pod;
import dev.stateful.domain.model.StatefulSet;
import dev.stateful.domain.storage.ClaimOwnership.Owner;
import dev.stateful.domain.storage.ClaimOwnership.RetentionUpdate;
import dev.stateful.domain.testing.Fixtures;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@code ClaimsMatchRetentionPolicy} and {@code UpdatePodClaimForRetentionPolicy} over a claim store (KEP-1847). */
class RetentionUpdateTest {

    private static StatefulSet webWithTwoTemplates(String whenScaled, String whenDeleted) {
        StatefulSet set = set("web", "web-uid", 3, policy(whenScaled, whenDeleted));
        return set.withSpec(set.spec().withVolumeClaimTemplates(List.of(Fixtures.claimTemplate("www"), Fixtures.claimTemplate("logs"))));
    }

    private static Pod createdPod(StatefulSet set, int ordinal) {
        Pod pod = newStatefulSetPod(set, ordinal);
        return pod.withMetadata(pod.metadata().withUid("pod-" + ordinal + "-uid"));
    }

    @Test
    void missingClaimsAreSkipped() {
        StatefulSet set = webWithTwoTemplates(DELETE, DELETE);
        Pod pod = createdPod(set, 1);

        assertThat(ClaimOwnership.claimsMatchRetentionPolicy(set, pod, PodClaims.lookup(List.of()))).isTrue();
        assertThat(ClaimOwnership.retentionUpdate(set, pod, PodClaims.lookup(List.of())).isEmpty()).isTrue();
    }

    @Test
    void claimsWithoutTheSetRefUnderWhenDeletedDeleteDoNotMatchAndGetIt() {
        StatefulSet set = webWithTwoTemplates(RETAIN, DELETE);
        Pod pod = createdPod(set, 1);
        List<PersistentVolumeClaim> store = List.of(claim("www-web-1"), claim("logs-web-1", Owner.of(set).controllerRef()));

        assertThat(ClaimOwnership.claimsMatchRetentionPolicy(set, pod, PodClaims.lookup(store))).isFalse();
        RetentionUpdate update = ClaimOwnership.retentionUpdate(set, pod, PodClaims.lookup(store));
        assertThat(update.claimsToUpdate()).containsExactly(claim("www-web-1", Owner.of(set).controllerRef()));
        assertThat(update.conflictingControllerClaims()).isEmpty();
    }

    @Test
    void claimsAlreadyRightMatchAndAreNotWritten() {
        StatefulSet set = webWithTwoTemplates(RETAIN, DELETE);
        Pod pod = createdPod(set, 1);
        List<PersistentVolumeClaim> store = List.of(claim("www-web-1", Owner.of(set).controllerRef()), claim("logs-web-1", Owner.of(set).controllerRef()));

        assertThat(ClaimOwnership.claimsMatchRetentionPolicy(set, pod, PodClaims.lookup(store))).isTrue();
        assertThat(ClaimOwnership.retentionUpdate(set, pod, PodClaims.lookup(store)).isEmpty()).isTrue();
    }

    @Test
    void aCondemnedPodTakesOverItsClaimsFromTheSetUnderDeleteDelete() {
        StatefulSet set = webWithTwoTemplates(DELETE, DELETE);
        Pod condemned = createdPod(set, 4);
        List<PersistentVolumeClaim> store = List.of(claim("www-web-4", Owner.of(set).controllerRef()), claim("logs-web-4", Owner.of(set).controllerRef()));

        RetentionUpdate update = ClaimOwnership.retentionUpdate(set, condemned, PodClaims.lookup(store));

        OwnerReference podRef = new OwnerReference("v1", "Pod", "web-4", "pod-4-uid", true, true);
        assertThat(update.claimsToUpdate()).containsExactly(claim("www-web-4", podRef), claim("logs-web-4", podRef));
    }

    @Test
    void aConflictingControllerIsReportedEvenWhenTheClaimIsLeftAlone() {
        StatefulSet set = webWithTwoTemplates(DELETE, DELETE);
        Pod pod = createdPod(set, 1);
        OwnerReference foreign = ref("custom/v1", "Operator", "op", "op-uid", true);
        List<PersistentVolumeClaim> store = List.of(claim("www-web-1", foreign), claim("logs-web-1", foreign, Owner.of(set).controllerRef()));

        RetentionUpdate update = ClaimOwnership.retentionUpdate(set, pod, PodClaims.lookup(store));

        assertThat(update.conflictingControllerClaims()).containsExactly("www-web-1", "logs-web-1");
        // Only the claim still carrying our ref is written, to scrub it.
        assertThat(update.claimsToUpdate()).containsExactly(claim("logs-web-1", foreign));
        assertThat(update.conflictingControllerMessages()).first().isEqualTo(
                "PersistentVolumeClaim www-web-1 has a conflicting OwnerReference that acts as a manging controller, "
                        + "the retention policy is ignored for this claim");
    }

    @Test
    void underRetainRetainNoControllerConflicts() {
        StatefulSet set = webWithTwoTemplates(RETAIN, RETAIN);
        Pod pod = createdPod(set, 1);
        List<PersistentVolumeClaim> store = List.of(claim("www-web-1", ref("custom/v1", "Operator", "op", "op-uid", true)));

        assertThat(ClaimOwnership.retentionUpdate(set, pod, PodClaims.lookup(store)).isEmpty()).isTrue();
    }

    @Test
    void aClaimOfAPreviousPodIncarnationIsReportedButNeverWritten() {
        StatefulSet set = webWithTwoTemplates(DELETE, RETAIN);
        Pod pod = createdPod(set, 1);
        PersistentVolumeClaim stale = claim("www-web-1", new OwnerReference("v1", "Pod", "web-1", "old-uid", true, true));

        assertThat(ClaimOwnership.claimsMatchRetentionPolicy(set, pod, PodClaims.lookup(List.of(stale)))).isTrue();
        RetentionUpdate update = ClaimOwnership.retentionUpdate(set, pod, PodClaims.lookup(List.of(stale)));
        assertThat(update.claimsToUpdate()).isEmpty();
        // A ref naming us with another UID counts as an unexpected controller upstream, hence the event.
        assertThat(update.conflictingControllerClaims()).containsExactly("www-web-1");
    }
}
