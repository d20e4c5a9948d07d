package dev.stateful.inmemory.store;

import static dev.stateful.inmemory.testing.TestObjects.claim;
import static dev.stateful.inmemory.testing.TestObjects.pod;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.stateful.domain.model.ObjectKey;
import dev.stateful.domain.model.PersistentVolumeClaim;
import dev.stateful.domain.model.Pod;
import dev.stateful.domain.model.PodStatus;
import dev.stateful.inmemory.clock.ManualClock;
import dev.stateful.ports.ApiException;
import java.time.Duration;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Deletion preconditions, finalizers and graceful pod termination. */
class DeletionTest {

    private final ManualClock clock = new ManualClock();
    private final Stores stores = new Stores(clock, new IdGenerator(new Random(7)), StatefulSetAdmission.NONE);

    @Test
    void deletingWithAnotherUidIsAConflictAndTheObjectStays() {
        PersistentVolumeClaim created = stores.claims().create(claim("www-web-0"));
        ObjectKey key = ObjectKey.of(created.metadata());

        assertThatThrownBy(() -> stores.claims().delete(key, DeleteOptions.withUid("previous-incarnation")))
                .isInstanceOf(ApiException.Conflict.class)
                .hasMessageContaining("Precondition failed: UID in precondition: previous-incarnation, UID in object meta: " + created.metadata().uid());
        assertThat(stores.claims().get(key)).isPresent();
    }

    @Test
    void deletingWithTheRightUidRemovesAnObjectWithoutFinalizersAtOnce() {
        PersistentVolumeClaim created = stores.claims().create(claim("www-web-0"));
        ObjectKey key = ObjectKey.of(created.metadata());

        assertThat(stores.claims().delete(key, DeleteOptions.withUid(created.metadata().uid()))).isEmpty();
        assertThat(stores.claims().get(key)).isEmpty();
    }

    @Test
    void deletingAMissingObjectIsNotFound() {
        assertThatThrownBy(() -> stores.claims().delete(new ObjectKey("default", "nope"), DeleteOptions.DEFAULT))
                .isInstanceOf(ApiException.NotFound.class);
    }

    @Test
    void anObjectWithFinalizersTerminatesUntilTheLastFinalizerIsRemoved() {
        PersistentVolumeClaim protectedClaim = claim("www-web-0").withMetadata(claim("www-web-0").metadata()
                .withFinalizers(List.of("kubernetes.io/pvc-protection", "example.com/backup")));
        ObjectKey key = ObjectKey.of(stores.claims().create(protectedClaim).metadata());
        clock.advance(Duration.ofSeconds(5));

        PersistentVolumeClaim terminating = stores.claims().delete(key, DeleteOptions.DEFAULT).orElseThrow();
        PersistentVolumeClaim oneLeft = stores.claims().update(terminating.withMetadata(
                terminating.metadata().withFinalizers(List.of("example.com/backup"))));

        assertThat(terminating.metadata().deletionTimestamp()).isEqualTo(clock.instant());
        assertThat(stores.claims().get(key)).contains(oneLeft);
        stores.claims().update(oneLeft.withMetadata(oneLeft.metadata().withFinalizers(List.of())));
        assertThat(stores.claims().get(key)).isEmpty();
    }

    @Test
    void aTerminatingObjectAcceptsNoNewFinalizers() {
        PersistentVolumeClaim withFinalizer = claim("c").withMetadata(claim("c").metadata().withFinalizers(List.of("example.com/a")));
        ObjectKey key = ObjectKey.of(stores.claims().create(withFinalizer).metadata());
        PersistentVolumeClaim terminating = stores.claims().delete(key, DeleteOptions.DEFAULT).orElseThrow();

        assertThatThrownBy(() -> stores.claims().update(terminating.withMetadata(terminating.metadata().withFinalizers(List.of("example.com/a", "example.com/b")))))
                .isInstanceOf(ApiException.Invalid.class)
                .hasMessageContaining("no new finalizers can be added if the object is being deleted");
    }

    @Test
    void aTerminatingNameCannotBeReused() {
        PersistentVolumeClaim withFinalizer = claim("c").withMetadata(claim("c").metadata().withFinalizers(List.of("example.com/a")));
        ObjectKey key = ObjectKey.of(stores.claims().create(withFinalizer).metadata());
        stores.claims().delete(key, DeleteOptions.DEFAULT);

        assertThatThrownBy(() -> stores.claims().create(claim("c"))).isInstanceOf(ApiException.AlreadyExists.class);
    }

    @Test
    void aRunningPodTerminatesGracefullyUntilTheKubeletConfirms() {
        Pod created = stores.pods().create(pod("web-0"));
        ObjectKey key = ObjectKey.of(created.metadata());

        Pod terminating = stores.pods().delete(key, DeleteOptions.withUid(created.metadata().uid())).orElseThrow();
        Pod deletedAgain = stores.pods().delete(key, DeleteOptions.DEFAULT).orElseThrow();

        assertThat(terminating.isTerminating()).isTrue();
        assertThat(deletedAgain).isEqualTo(terminating);
        assertThat(stores.pods().isAwaitingTermination(key)).isTrue();
        assertThat(stores.pods().delete(key, DeleteOptions.immediate(created.metadata().uid()))).isEmpty();
        assertThat(stores.pods().get(key)).isEmpty();
    }

    @Test
    void aPodWithAZeroGracePeriodGoesAtOnce() {
        Pod noGrace = pod("web-0").withSpec(pod("web-0").spec().with("terminationGracePeriodSeconds", 0));
        ObjectKey key = ObjectKey.of(stores.pods().create(noGrace).metadata());

        assertThat(stores.pods().delete(key, DeleteOptions.DEFAULT)).isEmpty();
    }

    @Test
    void aFailedPodGoesAtOnceWhateverItsGracePeriod() {
        Pod created = stores.pods().create(pod("web-0"));
        stores.pods().updateStatus(created.withStatus(PodStatus.of(PodStatus.FAILED)));

        assertThat(stores.pods().delete(ObjectKey.of(created.metadata()), DeleteOptions.DEFAULT)).isEmpty();
    }

    @Test
    void aPodWithAFinalizerOutlivesTheKubeletsConfirmationUntilTheFinalizerGoes() {
        Pod guarded = pod("web-0").withMetadata(pod("web-0").metadata().withFinalizers(List.of("example.com/drain")));
        Pod created = stores.pods().create(guarded);
        ObjectKey key = ObjectKey.of(created.metadata());

        stores.pods().delete(key, DeleteOptions.DEFAULT);
        Pod confirmed = stores.pods().delete(key, DeleteOptions.immediate(created.metadata().uid())).orElseThrow();
        stores.pods().update(confirmed.withMetadata(confirmed.metadata().withFinalizers(List.of())));

        assertThat(stores.pods().get(key)).isEmpty();
    }

    @Test
    void removingTheFinalizerOfAPodStillInItsGracePeriodDoesNotRemoveIt() {
        Pod guarded = pod("web-0").withMetadata(pod("web-0").metadata().withFinalizers(List.of("example.com/drain")));
        ObjectKey key = ObjectKey.of(stores.pods().create(guarded).metadata());

        Pod terminating = stores.pods().delete(key, DeleteOptions.DEFAULT).orElseThrow();
        stores.pods().update(terminating.withMetadata(terminating.metadata().withFinalizers(List.of())));

        assertThat(stores.pods().get(key)).isPresent();
    }

    @Test
    void orphanPropagationHoldsTheObjectWithTheOrphanFinalizer() {
        ObjectKey key = ObjectKey.of(stores.claims().create(claim("c")).metadata());

        PersistentVolumeClaim held = stores.claims().delete(key, DeleteOptions.orphan()).orElseThrow();

        assertThat(held.metadata().finalizers()).containsExactly(ObjectStore.ORPHAN_FINALIZER);
        assertThat(held.isTerminating()).isTrue();
    }
}
