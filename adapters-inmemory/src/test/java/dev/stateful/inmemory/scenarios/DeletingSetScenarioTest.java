package dev.stateful.inmemory.scenarios;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stateful.domain.model.StatefulSet;
import dev.stateful.inmemory.InMemoryCluster;
import dev.stateful.inmemory.audit.Actor;
import dev.stateful.inmemory.driver.ControllerDriver;
import dev.stateful.inmemory.junit.InMemoryClusterExtension;
import dev.stateful.inmemory.store.DeleteOptions;
import dev.stateful.inmemory.store.Kind;
import dev.stateful.inmemory.store.Verb;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import dev.stateful.domain.model.ControllerRevision;
import dev.stateful.ports.reconcile.SyncResult;

/**
 * Upstream {@code updateStatefulSet} returns before any pod action when the set has a deletionTimestamp,
 * and retention on set deletion (KEP-1847): while a set
 * is being deleted the controller only refreshes its status; the garbage collector removes the
 * pods, and the claims too when whenDeleted is Delete.
 */
@ExtendWith(InMemoryClusterExtension.class)
class DeletingSetScenarioTest {

    private Scenario s;

    @BeforeEach
    void setUp(InMemoryCluster cluster, ControllerDriver driver) {
        s = new Scenario(cluster, driver);
    }

    private void deleteSet() {
        s.cluster().user().statefulSets().delete(s.set().key(), DeleteOptions.DEFAULT);
    }

    @Test
    void aSetBeingDeletedNeitherCreatesNorDeletesPodsButRefreshesItsStatus(InMemoryCluster cluster) {
        s.apply(SetManifest.web().replicas(3).finalizer("example.com/hold"));
        s.settle();
        s.deletePod("web-1");
        cluster.tick();
        deleteSet();
        assertThat(s.set().metadata().isTerminating()).isTrue();
        long mark = s.mark();

        s.sync(3);

        assertThat(s.controllerWrites(mark).records()).extracting(r -> r.verb() + " " + r.kind())
                .containsExactly("UPDATE_STATUS STATEFULSETS");
        assertThat(s.podNames()).containsExactly("web-0", "web-2");
        assertThat(s.status().replicas()).isEqualTo(2);
    }

    @Test
    void thePodsOfADeletedSetAreRemovedByTheGarbageCollector(InMemoryCluster cluster) {
        s.apply(SetManifest.web().replicas(3));
        s.settle();
        long mark = s.mark();

        deleteSet();
        s.settle();

        assertThat(s.podNames()).isEmpty();
        assertThat(cluster.audit().since(mark).by(Actor.GARBAGE_COLLECTOR).verb(Verb.DELETE).kind(Kind.PODS).names())
                .containsExactlyInAnyOrder("web-0", "web-1", "web-2");
        assertThat(s.controllerWrites(mark).isEmpty()).isTrue();
    }

    @Test
    void withWhenDeletedRetainTheClaimsOutliveTheSet() {
        s.apply(SetManifest.web().replicas(3).retention("Retain", "Delete"));
        s.settle();

        deleteSet();
        s.settle();

        assertThat(s.findSet()).isEmpty();
        assertThat(s.claimNames()).containsExactly("www-web-0", "www-web-1", "www-web-2");
    }

    @Test
    void withWhenDeletedDeleteTheClaimsAreGarbageCollectedWithTheSet(InMemoryCluster cluster) {
        StatefulSet set = s.apply(SetManifest.web().replicas(3).retention("Delete", "Retain"));
        s.settle();
        assertThat(s.claim("www-web-1").metadata().ownerReferences()).extracting(r -> r.uid()).containsExactly(set.metadata().uid());
        long mark = s.mark();

        deleteSet();
        s.settle();

        assertThat(s.claimNames()).isEmpty();
        assertThat(s.podNames()).isEmpty();
        assertThat(cluster.audit().since(mark).by(Actor.GARBAGE_COLLECTOR).verb(Verb.DELETE).kind(Kind.CLAIMS).names())
                .containsExactlyInAnyOrder("www-web-0", "www-web-1", "www-web-2");
    }

    @Test
    void claimsOfPodsScaledAwayEarlierAreDeletedWithTheSetToo() {
        s.apply(SetManifest.web().replicas(3).retention("Delete", "Retain"));
        s.settle();
        s.scale(1);
        s.settle();
        assertThat(s.claimNames()).containsExactly("www-web-0", "www-web-1", "www-web-2");

        deleteSet();
        s.settle();

        assertThat(s.claimNames()).isEqualTo(List.of());
    }

    /**
     * Beyond upstream (the README's deliberate differences): a switch of whenDeleted to Retain takes
     * the set's reference off the claims of pods scaled down earlier too, which upstream's
     * {@code ClaimsMatchRetentionPolicy}, looking only at pods that exist, leaves for the garbage
     * collector to delete with the set.
     */
    @Test
    void afterASwitchOfWhenDeletedToRetainTheClaimsOfPodsScaledDownEarlierOutliveTheSet() {
        s.apply(SetManifest.web().replicas(3).retention("Delete", "Retain"));
        s.settle();
        s.scale(1);
        s.settle();
        s.apply(SetManifest.web().replicas(1).retention("Retain", "Retain"));
        s.settle();
        assertThat(s.claim("www-web-2").metadata().ownerReferences()).isEmpty();

        deleteSet();
        s.settle();

        assertThat(s.findSet()).isEmpty();
        assertThat(s.claimNames()).containsExactly("www-web-0", "www-web-1", "www-web-2");
    }

    /**
     * upstream's {@code adoptOrphanRevisions} runs before anything else of the sync and does not look
     * at the cached set's deletion: its uncached {@code canAdopt} check fails for a set being deleted,
     * and so does the sync, status write included.
     */
    @Test
    void aSetBeingDeletedWithAnOrphanRevisionFailsItsSyncWithoutWritingStatus(InMemoryCluster cluster) {
        s.apply(SetManifest.web().replicas(3).finalizer("example.com/hold"));
        s.settle();
        ControllerRevision revision = s.revisions().get(0);
        cluster.user().revisions().update(revision.withMetadata(revision.metadata().withOwnerReferences(List.of())));
        s.deletePod("web-1");
        cluster.tick();
        deleteSet();
        long mark = s.mark();

        SyncResult result = s.sync();

        assertThat(result.error()).hasValueSatisfying(e -> assertThat(e).hasMessageContaining("has just been deleted"));
        assertThat(s.controllerWrites(mark).isEmpty()).as("no status write, no adoption").isTrue();
    }
}
