package dev.stateful.inmemory.scenarios;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stateful.inmemory.InMemoryCluster;
import dev.stateful.inmemory.driver.ControllerDriver;
import dev.stateful.inmemory.junit.InMemoryClusterExtension;
import dev.stateful.inmemory.store.Kind;
import dev.stateful.inmemory.store.Verb;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** Upstream {@code getStatefulSetRevisions}, {@code TestStatefulSetControlRollback}: reverting the template reuses the old ControllerRevision under the next number. */
@ExtendWith(InMemoryClusterExtension.class)
class RollbackScenarioTest {

    private Scenario s;

    @BeforeEach
    void setUp(InMemoryCluster cluster, ControllerDriver driver) {
        s = new Scenario(cluster, driver);
    }

    @Test
    void revertingToAnEarlierTemplateRenumbersItsRevisionAndCreatesNoNewOne() {
        s.apply(SetManifest.web().replicas(3));
        s.settle();
        String a = s.status().updateRevision();
        s.setImage("nginx:1.26");
        s.settle();
        String b = s.status().updateRevision();
        assertThat(s.revision(a).revision()).isEqualTo(1);
        assertThat(s.revision(b).revision()).isEqualTo(2);
        long mark = s.mark();

        s.setImage("nginx:1.25");
        s.settle();

        assertThat(s.status().updateRevision()).isEqualTo(a);
        assertThat(s.status().currentRevision()).isEqualTo(a);
        assertThat(s.revision(a).revision()).isEqualTo(3);
        assertThat(s.controllerWrites(mark).kind(Kind.REVISIONS).verb(Verb.CREATE).isEmpty()).isTrue();
        assertThat(s.controllerWrites(mark).kind(Kind.REVISIONS).verb(Verb.UPDATE).names()).containsExactly(a);
        assertThat(s.revisions()).extracting(r -> r.name()).containsExactly(b, a);
        assertThat(s.podNames()).allSatisfy(p -> {
            assertThat(s.imageOf(p)).isEqualTo("nginx:1.25");
            assertThat(s.revisionOf(p)).isEqualTo(a);
        });
    }

    @Test
    void podsStillOnTheRevertedRevisionAreNotRestarted() {
        s.apply(SetManifest.web().replicas(3).partition(2));
        s.settle();
        String a = s.status().updateRevision();
        s.setImage("nginx:1.26");
        s.settle();
        assertThat(s.revisionOf("web-2")).isNotEqualTo(a);
        String web0 = s.pod("web-0").metadata().uid();
        String web1 = s.pod("web-1").metadata().uid();
        long mark = s.mark();

        s.setImage("nginx:1.25");
        s.settle();

        assertThat(s.podsDeleted(mark)).containsExactly("web-2");
        assertThat(s.pod("web-0").metadata().uid()).isEqualTo(web0);
        assertThat(s.pod("web-1").metadata().uid()).isEqualTo(web1);
        assertThat(s.podNames()).allSatisfy(p -> assertThat(s.revisionOf(p)).isEqualTo(a));
        assertThat(s.status().updatedReplicas()).isEqualTo(3);
    }
}
