package dev.stateful.inmemory;

import static dev.stateful.inmemory.testing.TestObjects.NS;
import static dev.stateful.inmemory.testing.TestObjects.claim;
import static dev.stateful.inmemory.testing.TestObjects.controllerRef;
import static dev.stateful.inmemory.testing.TestObjects.ownedBy;
import static dev.stateful.inmemory.testing.TestObjects.pod;
import static dev.stateful.inmemory.testing.TestObjects.statefulSet;
import static org.assertj.core.api.Assertions.assertThat;

import dev.stateful.domain.model.ObjectKey;
import dev.stateful.domain.model.Pod;
import dev.stateful.domain.model.StatefulSet;
import dev.stateful.inmemory.audit.Actor;
import dev.stateful.inmemory.audit.WriteRecord;
import dev.stateful.inmemory.faults.ApiError;
import dev.stateful.inmemory.store.DeleteOptions;
import dev.stateful.inmemory.store.Kind;
import dev.stateful.inmemory.store.Verb;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The cluster as a whole: reproducibility and the pieces working together over time. */
class InMemoryClusterTest {

    /** Creates a set, two pods (one by generateName) and a faulty third pod; returns the uids and names seen. */
    private static List<String> run(long seed) {
        InMemoryCluster cluster = InMemoryCluster.builder().seed(seed).build();
        cluster.faults().on(Verb.CREATE, Kind.PODS).withProbability(0.5).fail(ApiError.UNAVAILABLE);
        List<String> seen = new ArrayList<>();
        seen.add(cluster.user().statefulSets().create(statefulSet("web", 2)).metadata().uid());
        Pod generated = cluster.user().pods().create(pod("").withMetadata(pod("").metadata().withGenerateName("web-")));
        seen.add(generated.name() + " " + generated.metadata().uid());
        for (int i = 0; i < 8; i++) {
            try {
                seen.add(cluster.podControl().create(pod("web-" + i)).metadata().uid());
            } catch (RuntimeException e) {
                seen.add("failed");
            }
        }
        return seen;
    }

    @Test
    void theSameSeedReproducesUidsNamesAndFaults() {
        assertThat(run(42)).isEqualTo(run(42));
    }

    @Test
    void anotherSeedGivesOtherUids() {
        assertThat(run(42).get(0)).isNotEqualTo(run(43).get(0));
    }

    @Test
    void deletingASetWithDeleteRetentionLeavesNothingBehindOnceTimePasses() {
        InMemoryCluster cluster = InMemoryCluster.create();
        StatefulSet set = cluster.user().statefulSets().create(statefulSet("web", 2));
        for (int i = 0; i < 2; i++) {
            cluster.user().pods().create(ownedBy(pod("web-" + i), controllerRef(set)));
            cluster.user().claims().create(ownedBy(claim("www-web-" + i), controllerRef(set)));
        }
        cluster.advance(Duration.ofMinutes(1));

        cluster.user().statefulSets().delete(set.key(), DeleteOptions.DEFAULT);
        cluster.advance(Duration.ofSeconds(1));

        assertThat(cluster.reader().pods(NS)).isEmpty();
        assertThat(cluster.reader().claims(NS)).isEmpty();
        assertThat(cluster.audit().query().by(Actor.GARBAGE_COLLECTOR).verb(Verb.DELETE).records())
                .extracting(WriteRecord::name).containsExactlyInAnyOrder("web-0", "web-1", "www-web-0", "www-web-1");
    }

    @Test
    void aDriverCanDetectQuiescenceFromTheAuditLog() {
        InMemoryCluster cluster = InMemoryCluster.builder().instantKubelet().build();
        cluster.user().pods().create(pod("web-0"));

        long beforeFirstTick = cluster.audit().mark();
        int firstWrites = cluster.tick();
        long beforeSecondTick = cluster.audit().mark();
        int secondWrites = cluster.tick();

        assertThat(firstWrites).isEqualTo(1);
        assertThat(cluster.audit().since(beforeFirstTick).count()).isEqualTo(1);
        assertThat(secondWrites).isZero();
        assertThat(cluster.audit().since(beforeSecondTick).isEmpty()).isTrue();
    }

    @Test
    void thePortsShareOneStoreWithTheUsersView() {
        InMemoryCluster cluster = InMemoryCluster.create();

        Pod viaPort = cluster.podControl().create(pod("web-0"));

        assertThat(cluster.user().pods().get(new ObjectKey(NS, "web-0"))).contains(viaPort);
        assertThat(cluster.reader().pods(NS)).containsExactly(viaPort);
    }
}
