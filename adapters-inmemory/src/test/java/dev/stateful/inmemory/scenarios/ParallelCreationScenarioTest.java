package dev.stateful.inmemory.scenarios;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stateful.inmemory.InMemoryCluster;
import dev.stateful.inmemory.driver.ControllerDriver;
import dev.stateful.inmemory.junit.InMemoryClusterExtension;
import dev.stateful.inmemory.kubelet.PodBehaviour;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import dev.stateful.inmemory.faults.ApiError;
import dev.stateful.inmemory.store.Kind;
import dev.stateful.inmemory.store.Verb;

/** Parallel creates every missing pod in one sync, whatever their readiness. */
@ExtendWith(InMemoryClusterExtension.class)
class ParallelCreationScenarioTest {

    private Scenario s;

    @BeforeEach
    void setUp(InMemoryCluster cluster, ControllerDriver driver) {
        s = new Scenario(cluster, driver);
        cluster.kubelet().setDefaultBehaviour(PodBehaviour.MANUAL);
    }

    @Test
    void oneSyncCreatesAllPodsAndTheirClaimsWhileNoneIsReady() {
        s.apply(SetManifest.web().replicas(3).parallel());

        s.sync();

        assertThat(s.podNames()).containsExactly("web-0", "web-1", "web-2");
        assertThat(s.claimNames()).containsExactly("www-web-0", "www-web-1", "www-web-2");
        assertThat(s.pods()).allSatisfy(p -> assertThat(p.status().phase()).isEqualTo("Pending"));
    }

    @Test
    void pendingPodsAreCreatedInSlowStartBatchOrderLowestOrdinalFirst() {
        s.apply(SetManifest.web().replicas(7).parallel());

        s.sync();

        assertThat(s.podsCreated(0)).containsExactly("web-0", "web-1", "web-2", "web-3", "web-4", "web-5", "web-6");
    }

    @Test
    void aPodThatNeverBecomesReadyDoesNotHoldBackTheOthers() {
        s.apply(SetManifest.web().replicas(3).parallel());
        s.sync();
        s.running("web-0");
        s.scale(5);

        s.sync();

        assertThat(s.podNames()).containsExactly("web-0", "web-1", "web-2", "web-3", "web-4");
    }

    /**
     * upstream's {@code runForAll} hands every replica slot to {@code slowStartBatch}, slots that need
     * nothing included: scaling 3 to 7 runs slots 0, then 1-2, then 3-6 at once, so a failed web-3
     * still lets web-4, web-5 and web-6 be created in the same batch.
     */
    @Test
    void slowStartBatchesRunOverReplicaSlotsSoAFailedCreateStillLetsTheRestOfItsBatchThrough(InMemoryCluster cluster) {
        s.apply(SetManifest.web().replicas(3).parallel().withoutClaims());
        s.sync();
        s.scale(7);
        cluster.faults().on(Verb.CREATE, Kind.PODS).nth(1).fail(ApiError.UNAVAILABLE);
        long mark = s.mark();

        s.sync();

        assertThat(s.podsCreated(mark)).containsExactly("web-4", "web-5", "web-6");
    }
}
