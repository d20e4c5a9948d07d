package dev.stateful.inmemory.scenarios;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stateful.domain.model.PersistentVolumeClaim;
import dev.stateful.domain.model.RetentionPolicy;
import dev.stateful.inmemory.InMemoryCluster;
import dev.stateful.inmemory.driver.ControllerDriver;
import dev.stateful.inmemory.junit.InMemoryClusterExtension;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Upstream {@code PodClaimIsStale} (KEP-1847): with whenScaled=Delete a claim still
 * owned by an earlier incarnation of a pod blocks the pod's re-creation until the garbage collector
 * has deleted it; the pod then gets a fresh claim.
 */
@ExtendWith(InMemoryClusterExtension.class)
class StaleClaimScenarioTest {

    private Scenario s;

    @BeforeEach
    void setUp(InMemoryCluster cluster, ControllerDriver driver) {
        s = new Scenario(cluster, driver);
        s.apply(SetManifest.web().replicas(3).retention("Retain", "Delete"));
        s.settle();
        cluster.gc().pause();
        s.scale(2);
        s.settle();
    }

    @Test
    void whileTheGarbageCollectorIsPausedTheCondemnedPodsClaimStaysOwnedByTheGonePod() {
        assertThat(s.podNames()).containsExactly("web-0", "web-1");
        PersistentVolumeClaim stale = s.claim("www-web-2");
        assertThat(stale.metadata().ownerReferences()).singleElement()
                .satisfies(ref -> assertThat(ref.kind() + "/" + ref.name()).isEqualTo("Pod/web-2"));
    }

    @Test
    void scalingBackUpDoesNotCreateThePodWhileItsClaimIsStale() {
        s.scale(3);
        long mark = s.mark();

        s.sync(3);
        s.settle();

        assertThat(s.podsCreated(mark)).isEmpty();
        assertThat(s.podNames()).containsExactly("web-0", "web-1");
    }

    /**
     * Stricter than upstream, which would reuse the claim once whenScaled says Retain: the garbage
     * collector deletes it anyway (its owner, the old web-2, is gone), from under the new pod.
     */
    @Test
    void switchingThePolicyToRetainAfterTheScaleDownDoesNotHandTheDoomedClaimToANewPod() {
        s.updateSpec(spec -> spec.withRetentionPolicy(RetentionPolicy.RETAIN));
        s.scale(3);
        long mark = s.mark();

        s.settle();

        assertThat(s.podsCreated(mark)).isEmpty();
        assertThat(s.claim("www-web-2").metadata().ownerReferences()).singleElement()
                .satisfies(ref -> assertThat(ref.kind() + "/" + ref.name()).isEqualTo("Pod/web-2"));
    }

    @Test
    void onceTheGarbageCollectorDeletesTheStaleClaimThePodIsCreatedWithAFreshOne(InMemoryCluster cluster) {
        String staleUid = s.claim("www-web-2").metadata().uid();
        s.scale(3);
        s.sync(2);
        long mark = s.mark();

        cluster.gc().resume();
        s.settle();

        assertThat(s.podsCreated(mark)).containsExactly("web-2");
        assertThat(s.claimsCreated(mark)).containsExactly("www-web-2");
        assertThat(s.claim("www-web-2").metadata().uid()).isNotEqualTo(staleUid);
        assertThat(s.claim("www-web-2").metadata().ownerReferences()).isEmpty();
        assertThat(s.status().readyReplicas()).isEqualTo(3);
    }
}
