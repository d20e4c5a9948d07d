package dev.stateful.inmemory.hostile;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stateful.domain.model.ObjectKey;
import dev.stateful.domain.model.StatefulSet;
import dev.stateful.domain.sync.StatefulSetPlanner;
import dev.stateful.domain.testing.Fixtures;
import dev.stateful.inmemory.InMemoryCluster;
import dev.stateful.inmemory.audit.Actor;
import dev.stateful.inmemory.driver.ControllerDriver;
import dev.stateful.inmemory.store.Kind;
import dev.stateful.inmemory.store.Verb;
import dev.stateful.ports.reconcile.SyncResult;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@code replicas: 2147483647} is valid apps/v1: the set gets its first slow-start batch and its
 * status, each sync writes at most the bounded number of new pods, and the other sets keep converging.
 */
class HugeReplicaCountScenarioTest {

    private static StatefulSet fresh(StatefulSet set) {
        return set.withMetadata(set.metadata().withUid(null).withCreationTimestamp(null));
    }

    @Test
    void aSetOfMaxReplicasGetsBoundedBatchesAndStatusWhileTheOtherSetsConverge() {
        InMemoryCluster cluster = InMemoryCluster.builder().seed(7).instantKubelet().build();
        ControllerDriver driver = new ControllerDriver(cluster);
        cluster.user().statefulSets().create(fresh(Fixtures.parallel(Fixtures.statefulSet("huge", Integer.MAX_VALUE))));
        cluster.user().statefulSets().create(fresh(Fixtures.statefulSet("good", 3)));
        cluster.user().statefulSets().create(fresh(Fixtures.parallel(Fixtures.statefulSet("also-good", 2))));

        int passes = 8;
        for (int pass = 0; pass < passes; pass++) {
            List<SyncResult> results = driver.syncAll();
            assertThat(results).allSatisfy(r -> assertThat(r.error()).as(r.key().toString()).isEmpty());
            cluster.tick();
        }

        long hugePods = cluster.stores().pods().list("default").stream().filter(p -> p.name().startsWith("huge-")).count();
        long podCreates = cluster.audit().query().by(Actor.CONTROLLER).kind(Kind.PODS).verb(Verb.CREATE).count();
        assertThat(hugePods).as("each sync creates at most the bound").isPositive()
                .isLessThanOrEqualTo(passes * (long) StatefulSetPlanner.MAX_MISSING_PODS_PER_SYNC);
        assertThat(podCreates).isLessThanOrEqualTo(passes * (long) StatefulSetPlanner.MAX_MISSING_PODS_PER_SYNC + 5);
        StatefulSet huge = cluster.stores().statefulSets().get(new ObjectKey("default", "huge")).orElseThrow();
        assertThat(huge.status().replicas()).as("its status is written").isPositive();
        assertThat(huge.status().observedGeneration()).isEqualTo(huge.metadata().generation());

        assertThat(cluster.stores().statefulSets().get(new ObjectKey("default", "good")).orElseThrow().status().readyReplicas()).isEqualTo(3);
        assertThat(cluster.stores().statefulSets().get(new ObjectKey("default", "also-good")).orElseThrow().status().readyReplicas())
                .isEqualTo(2);
    }
}
