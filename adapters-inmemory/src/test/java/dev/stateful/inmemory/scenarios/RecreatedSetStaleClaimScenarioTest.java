package dev.stateful.inmemory.scenarios;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stateful.domain.model.ObjectKey;
import dev.stateful.inmemory.InMemoryCluster;
import dev.stateful.inmemory.driver.ControllerDriver;
import dev.stateful.inmemory.junit.InMemoryClusterExtension;
import dev.stateful.inmemory.store.DeleteOptions;
import java.time.Duration;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A set deleted under whenDeleted=Delete and re-created before the garbage collector got to its
 * claims (found by the simulation): the claims still carry the deleted set as owner, so they are
 * doomed; the new set waits for them to go instead of starting pods on them (upstream does not
 * check the set's reference and would), then creates fresh claims.
 */
@ExtendWith(InMemoryClusterExtension.class)
class RecreatedSetStaleClaimScenarioTest {

    private Scenario s;
    private InMemoryCluster cluster;
    private String oldClaimUid;

    @BeforeEach
    void setUp(InMemoryCluster cluster, ControllerDriver driver) {
        this.cluster = cluster;
        s = new Scenario(cluster, driver);
        s.apply(SetManifest.web().replicas(1).retention("Delete", "Retain"));
        s.settle();
        oldClaimUid = s.claim("www-web-0").metadata().uid();
        cluster.gc().pause();
        cluster.user().statefulSets().delete(new ObjectKey(Scenario.NS, "web"), DeleteOptions.DEFAULT);
        s.deletePod("web-0");
        cluster.advance(Duration.ofSeconds(1));
        s.apply(SetManifest.web().replicas(1).retention("Delete", "Retain"));
    }

    @Test
    void theNewSetDoesNotStartAPodOnAClaimOwnedByTheDeletedSet() {
        long mark = s.mark();

        s.settle();

        assertThat(s.podsCreated(mark)).isEmpty();
        assertThat(s.claim("www-web-0").metadata().uid()).isEqualTo(oldClaimUid);
    }

    @Test
    void onceTheGarbageCollectorHasDeletedTheOldClaimThePodStartsOnAFreshOne() {
        s.settle();
        long mark = s.mark();

        cluster.gc().resume();
        s.settle();

        assertThat(s.podsCreated(mark)).containsExactly("web-0");
        assertThat(s.claimsCreated(mark)).containsExactly("www-web-0");
        assertThat(s.claim("www-web-0").metadata().uid()).isNotEqualTo(oldClaimUid);
        assertThat(s.status().availableReplicas()).isEqualTo(1);
    }
}
