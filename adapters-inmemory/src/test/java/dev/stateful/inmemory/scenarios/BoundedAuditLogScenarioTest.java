package dev.stateful.inmemory.scenarios;

import static dev.stateful.inmemory.testing.TestObjects.pod;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

import dev.stateful.inmemory.InMemoryCluster;
import dev.stateful.inmemory.audit.WriteRecord;
import dev.stateful.inmemory.driver.ControllerDriver;
import org.junit.jupiter.api.Test;

/**
 * A cluster built with {@code maxAuditRecords} keeps only the latest writes in its audit log, so one that runs for days
 * does not grow with every status write; what was dropped is never counted as if it had not happened.
 */
class BoundedAuditLogScenarioTest {

    private static InMemoryCluster withFivePods(InMemoryCluster.Builder builder) {
        InMemoryCluster cluster = builder.build();
        for (int i = 0; i < 5; i++) {
            cluster.user().pods().create(pod("web-" + i));
        }
        return cluster;
    }

    private static ControllerDriver.Settlement settleParallelWeb(InMemoryCluster cluster) {
        Scenario s = new Scenario(cluster, new ControllerDriver(cluster));
        s.apply(SetManifest.web().replicas(5).parallel());
        return s.driver().settle();
    }

    @Test
    void theLatestWritesAreKeptAndTheOldestDropped() {
        InMemoryCluster cluster = withFivePods(InMemoryCluster.builder().maxAuditRecords(3));

        assertThat(cluster.audit().query().records()).extracting(WriteRecord::sequence, WriteRecord::name)
                .containsExactly(tuple(3L, "web-2"), tuple(4L, "web-3"), tuple(5L, "web-4"));
        assertThat(cluster.audit().mark()).isEqualTo(5);
    }

    @Test
    void aQueryWhoseStartIsKeptAnswersAndOneWhoseStartWasDroppedFails() {
        InMemoryCluster cluster = withFivePods(InMemoryCluster.builder().maxAuditRecords(3));

        assertThat(cluster.audit().since(2).names()).containsExactly("web-2", "web-3", "web-4");
        assertThatThrownBy(() -> cluster.audit().since(1))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("the audit log no longer has the writes after #1: it keeps the latest writes only and dropped those up to #2");
        assertThatThrownBy(() -> cluster.audit().query().since(0)).isInstanceOf(IllegalStateException.class);
    }

    @Test
    void withoutABoundEveryWriteIsKept() {
        InMemoryCluster cluster = withFivePods(InMemoryCluster.builder());

        assertThat(cluster.audit().since(0).names()).containsExactly("web-0", "web-1", "web-2", "web-3", "web-4");
    }

    @Test
    void theDriverCountsEveryControllerWriteOfAPassLargerThanTheBound() {
        ControllerDriver.Settlement unbounded = settleParallelWeb(InMemoryCluster.builder().instantKubelet().build());
        ControllerDriver.Settlement bounded = settleParallelWeb(InMemoryCluster.builder().instantKubelet().maxAuditRecords(2).build());

        // five pods, five claims, a revision and status writes: far more than two in the first pass
        assertThat(unbounded.controllerWrites()).isGreaterThan(10);
        assertThat(bounded.controllerWrites()).isEqualTo(unbounded.controllerWrites());
        assertThat(bounded.rounds()).isEqualTo(unbounded.rounds());
    }
}
