package dev.stateful.inmemory.scenarios;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stateful.inmemory.InMemoryCluster;
import dev.stateful.inmemory.driver.ControllerDriver;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A cluster built with {@code maxObjects} refuses creates past it as a ResourceQuota does (Forbidden), so a set scaled
 * to millions of replicas fails its creates instead of filling the heap; the controller reports them and goes on.
 */
class ObjectQuotaScenarioTest {

    /** The set, its revision and five pods. */
    private static final int QUOTA = 7;

    private InMemoryCluster cluster;
    private Scenario s;

    @BeforeEach
    void setUp() {
        cluster = InMemoryCluster.builder().instantKubelet().maxObjects(QUOTA).build();
        s = new Scenario(cluster, new ControllerDriver(cluster));
    }

    @Test
    void podsPastTheQuotaAreRefusedAsForbiddenAndTheControllerRecordsFailedCreate() {
        s.apply(SetManifest.web().replicas(2_000_000_000).parallel().withoutClaims());

        s.sync();
        s.sync();

        assertThat(s.podNames()).containsExactly("web-0", "web-1", "web-2", "web-3", "web-4");
        assertThat(s.eventMessages("FailedCreate")).isNotEmpty()
                .allSatisfy(m -> assertThat(m).contains("is forbidden: exceeded quota"));
    }

    @Test
    void aDeleteMakesRoomForTheNextCreate() {
        s.apply(SetManifest.web().replicas(5).parallel().withoutClaims());
        s.sync();
        assertThat(cluster.applyAllowingProblems(SetManifest.web().named("db").parallel().withoutClaims().yaml()).describeProblems())
                .contains("statefulsets.apps \"db\" is forbidden: exceeded quota: in-memory-cluster, limited: objects=7"
                        + " (the in-memory cluster holds at most 7 objects of all kinds)");

        s.scale(4);
        s.driver().settle();

        assertThat(s.podNames()).hasSize(4);
        assertThat(cluster.apply(SetManifest.web().named("db").parallel().withoutClaims().yaml()).hasProblems()).isFalse();
    }
}
