package dev.stateful.inmemory.scenarios;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stateful.inmemory.InMemoryCluster;
import dev.stateful.inmemory.driver.ControllerDriver;
import dev.stateful.inmemory.junit.InMemoryClusterExtension;
import dev.stateful.inmemory.kubelet.PodBehaviour;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * An update to an image that never becomes Ready. OrderedReady gets
 * stuck on the broken pod even after the template is reverted (upstream #67250: phase A blocks
 * before the update phase), until the user deletes the pod; Parallel heals itself once reverted,
 * because an outdated pod that is already unavailable is replaced without charging the budget
 * (the project's fix for upstream #137409).
 */
@ExtendWith(InMemoryClusterExtension.class)
class BrokenUpdateScenarioTest {

    static final String BROKEN = "nginx:broken";

    private Scenario s;

    @BeforeEach
    void setUp(InMemoryCluster cluster, ControllerDriver driver) {
        s = new Scenario(cluster, driver);
        cluster.kubelet().behaveForImage(BROKEN, PodBehaviour.NEVER_READY);
    }

    private String rollOutBrokenImage(SetManifest manifest) {
        s.apply(manifest);
        s.settle();
        String good = s.status().currentRevision();
        s.setImage(BROKEN);
        s.settle();
        return good;
    }

    @Test
    void orderedReadyStopsAtTheFirstBrokenPod() {
        rollOutBrokenImage(SetManifest.web().replicas(3));

        assertThat(s.imageOf("web-2")).isEqualTo(BROKEN);
        assertThat(s.pod("web-2").status().isReady()).isFalse();
        assertThat(s.imageOf("web-1")).isEqualTo("nginx:1.25");
        assertThat(s.imageOf("web-0")).isEqualTo("nginx:1.25");
        assertThat(s.status().readyReplicas()).isEqualTo(2);
    }

    @Test
    void orderedReadyStaysStuckAfterTheTemplateIsRevertedBecauseTheBrokenPodIsNeverReplaced() {
        String good = rollOutBrokenImage(SetManifest.web().replicas(3));
        long mark = s.mark();

        s.setImage("nginx:1.25");
        s.settle();

        assertThat(s.status().updateRevision()).as("the old revision is reused").isEqualTo(good);
        assertThat(s.podsDeleted(mark)).isEmpty();
        assertThat(s.imageOf("web-2")).isEqualTo(BROKEN);
        assertThat(s.status().readyReplicas()).isEqualTo(2);
    }

    @Test
    void orderedReadyRecoversWhenTheUserDeletesTheBrokenPodAfterReverting() {
        String good = rollOutBrokenImage(SetManifest.web().replicas(3));
        s.setImage("nginx:1.25");
        s.settle();

        s.deletePod("web-2");
        s.settle();

        assertThat(s.imageOf("web-2")).isEqualTo("nginx:1.25");
        assertThat(s.status().readyReplicas()).isEqualTo(3);
        assertThat(s.status().currentRevision()).isEqualTo(good);
        assertThat(s.status().updateRevision()).isEqualTo(good);
    }

    @Test
    void parallelStopsAfterOneBrokenPodBecauseItUsesUpTheBudget() {
        rollOutBrokenImage(SetManifest.web().replicas(3).parallel());

        assertThat(s.podNames()).filteredOn(p -> s.imageOf(p).equals(BROKEN)).containsExactly("web-2");
        assertThat(s.status().readyReplicas()).isEqualTo(2);
    }

    @Test
    void parallelHealsItselfOnceTheTemplateIsReverted() {
        String good = rollOutBrokenImage(SetManifest.web().replicas(3).parallel());
        String web0 = s.pod("web-0").metadata().uid();
        long mark = s.mark();

        s.setImage("nginx:1.25");
        s.settle();

        assertThat(s.podsDeleted(mark)).containsExactly("web-2");
        assertThat(s.pod("web-0").metadata().uid()).isEqualTo(web0);
        assertThat(s.podNames()).allSatisfy(p -> assertThat(s.imageOf(p)).isEqualTo("nginx:1.25"));
        assertThat(s.status().readyReplicas()).isEqualTo(3);
        assertThat(s.status().currentRevision()).isEqualTo(good).isEqualTo(s.status().updateRevision());
    }

    @Test
    void aSingleReplicaParallelSetWhoseFirstRevisionIsBrokenIsRolledForwardToAFixedImage() {
        s.apply(SetManifest.web().replicas(1).parallel().image(BROKEN));
        s.settle();
        assertThat(s.pod("web-0").status().isReady()).isFalse();
        long mark = s.mark();

        s.setImage("nginx:1.25");
        s.settle();

        assertThat(s.podsDeleted(mark)).as("upstream #137409: the unavailable outdated pod is replaced").containsExactly("web-0");
        assertThat(s.imageOf("web-0")).isEqualTo("nginx:1.25");
        assertThat(s.status().readyReplicas()).isEqualTo(1);
        assertThat(s.status().currentRevision()).isEqualTo(s.status().updateRevision());
    }
}
