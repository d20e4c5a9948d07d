package dev.stateful.inmemory.scenarios;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stateful.domain.model.ControllerRevision;
import dev.stateful.domain.model.Pod;
import dev.stateful.domain.model.StatefulSet;
import dev.stateful.inmemory.InMemoryCluster;
import dev.stateful.inmemory.driver.ControllerDriver;
import dev.stateful.inmemory.junit.InMemoryClusterExtension;
import dev.stateful.inmemory.store.DeleteOptions;
import dev.stateful.inmemory.store.Kind;
import dev.stateful.inmemory.store.Verb;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * {@code kubectl delete statefulset web --cascade=orphan}, then applying the same set again (spec
 * 6.2, 6.3): the new set adopts the running pods and the old revisions and restarts nothing.
 * Overlapping selectors: two sets selecting the same labels each keep to their own pods.
 */
@ExtendWith(InMemoryClusterExtension.class)
class OrphanAndReadoptScenarioTest {

    private Scenario s;

    @BeforeEach
    void setUp(InMemoryCluster cluster, ControllerDriver driver) {
        s = new Scenario(cluster, driver);
    }

    private List<String> uids() {
        return s.pods().stream().map(p -> p.metadata().uid()).toList();
    }

    @Test
    void aSetRecreatedOverItsOrphanedPodsAdoptsThemAndTheirRevisionWithoutRestartingAnything(InMemoryCluster cluster) {
        StatefulSet first = s.apply(SetManifest.web().replicas(3).retention("Delete", "Retain"));
        s.settle();
        String revision = s.status().currentRevision();
        List<String> uids = uids();
        cluster.user().statefulSets().delete(first.key(), DeleteOptions.orphan());
        cluster.tick();
        assertThat(s.findSet()).isEmpty();
        assertThat(s.pods()).allSatisfy(p -> assertThat(p.metadata().ownerReferences()).isEmpty());
        long mark = s.mark();

        StatefulSet second = s.apply(SetManifest.web().replicas(3).retention("Delete", "Retain"));
        s.settle();

        assertThat(uids()).isEqualTo(uids);
        assertThat(s.podsCreated(mark)).isEmpty();
        assertThat(s.podsDeleted(mark)).isEmpty();
        assertThat(s.controllerWrites(mark).verb(Verb.PATCH).kind(Kind.PODS).names()).containsExactlyInAnyOrder("web-0", "web-1", "web-2");
        assertThat(s.pods()).allSatisfy(p -> assertThat(p.metadata().controllerRef())
                .hasValueSatisfying(ref -> assertThat(ref.uid()).isEqualTo(second.metadata().uid())));
        assertThat(s.controllerWrites(mark).verb(Verb.CREATE).kind(Kind.REVISIONS).isEmpty()).isTrue();
        assertThat(s.revisions()).extracting(ControllerRevision::name).containsExactly(revision);
        assertThat(s.revision(revision).metadata().controllerRef())
                .hasValueSatisfying(ref -> assertThat(ref.uid()).isEqualTo(second.metadata().uid()));
        assertThat(s.status().currentRevision()).isEqualTo(revision);
        assertThat(s.status().readyReplicas()).isEqualTo(3);
        assertThat(s.claimNames()).allSatisfy(c -> assertThat(s.claim(c).metadata().ownerReferences())
                .extracting(r -> r.uid()).containsExactly(second.metadata().uid()));
    }

    @Test
    void twoSetsWithTheSameSelectorEachManageOnlyTheirOwnPods() {
        s.apply(SetManifest.web().replicas(2));
        Scenario db = new Scenario(s.cluster(), s.driver());
        db.apply(SetManifest.web().named("db").replicas(2));

        s.settle();

        assertThat(s.podNames()).containsExactly("db-0", "db-1", "web-0", "web-1");
        assertThat(s.controllerWrites(0).verb(Verb.PATCH).isEmpty()).as("no adoption or release back and forth").isTrue();
        StatefulSet web = s.set();
        StatefulSet dbSet = db.set();
        for (Pod pod : s.pods()) {
            String owner = pod.name().startsWith("db-") ? dbSet.metadata().uid() : web.metadata().uid();
            assertThat(pod.metadata().controllerRef()).hasValueSatisfying(ref -> assertThat(ref.uid()).isEqualTo(owner));
        }
        assertThat(web.status().replicas()).isEqualTo(2);
        assertThat(dbSet.status().replicas()).isEqualTo(2);
    }
}
