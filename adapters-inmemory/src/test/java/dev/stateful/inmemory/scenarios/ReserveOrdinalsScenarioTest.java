package dev.stateful.inmemory.scenarios;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stateful.domain.model.Pod;
import dev.stateful.inmemory.InMemoryCluster;
import dev.stateful.inmemory.driver.ControllerDriver;
import dev.stateful.inmemory.junit.InMemoryClusterExtension;
import dev.stateful.inmemory.manifest.ApplyResult;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * {@code spec.reserveOrdinals} of our own kind (kubernetes#83224) end to end on the in-memory
 * cluster: reserved ordinals get no pod; reserving the ordinal of a running pod removes that pod as
 * a scale-down victim and the next free ordinal replaces it; {@code replicas} counts running pods.
 */
@ExtendWith(InMemoryClusterExtension.class)
class ReserveOrdinalsScenarioTest {

    private Scenario s;

    @BeforeEach
    void setUp(InMemoryCluster cluster, ControllerDriver driver) {
        s = new Scenario(cluster, driver);
    }

    private Map<String, String> uids() {
        return s.pods().stream().collect(Collectors.toMap(Pod::name, p -> p.metadata().uid()));
    }

    @Test
    void aReservedOrdinalGetsNoPodAndReplicasCountsThePodsThatRun() {
        s.apply(SetManifest.web().replicas(3).ourKind().reserveOrdinals("[1]"));
        s.settle();

        assertThat(s.podNames()).containsExactly("web-0", "web-2", "web-3");
        assertThat(s.claimNames()).containsExactly("www-web-0", "www-web-2", "www-web-3");
        assertThat(s.status().replicas()).isEqualTo(3);
        assertThat(s.status().availableReplicas()).isEqualTo(3);
        assertThat(s.status().updatedReplicas()).isEqualTo(3);
    }

    @Test
    void reservingTheOrdinalOfARunningPodDeletesItAndCreatesTheNextFreeOrdinalLeavingTheOthersAlone() {
        s.apply(SetManifest.web().replicas(3).ourKind());
        s.settle();
        Map<String, String> before = uids();
        long mark = s.mark();

        s.apply(SetManifest.web().replicas(3).ourKind().reserveOrdinals("[1]"));
        s.settle();

        assertThat(s.podsDeleted(mark)).containsExactly("web-1");
        assertThat(s.podsCreated(mark)).containsExactly("web-3");
        assertThat(s.podNames()).containsExactly("web-0", "web-2", "web-3");
        assertThat(uids()).containsEntry("web-0", before.get("web-0")).containsEntry("web-2", before.get("web-2"));
        assertThat(s.claimNames()).as("whenScaled Retain keeps web-1's claim").contains("www-web-1");
    }

    @Test
    void underWhenScaledDeleteTheReservedPodsClaimIsDeletedWithIt() {
        s.apply(SetManifest.web().replicas(3).ourKind().retention("Retain", "Delete"));
        s.settle();

        s.apply(SetManifest.web().replicas(3).ourKind().retention("Retain", "Delete").reserveOrdinals("[1]"));
        s.settle();

        assertThat(s.podNames()).containsExactly("web-0", "web-2", "web-3");
        assertThat(s.claimNames()).containsExactly("www-web-0", "www-web-2", "www-web-3");
    }

    @Test
    void aHugeReservedRangeIsBoundedByThePodsThatExist() {
        s.apply(SetManifest.web().replicas(2).ourKind().parallel().reserveOrdinals("[\"1-2147483646\"]"));
        s.settle();

        assertThat(s.podNames()).containsExactly("web-0", "web-2147483647");
        assertThat(s.status().replicas()).isEqualTo(2);
    }

    @Test
    void anInvalidRangeIsRefusedByTheApiServer(InMemoryCluster cluster) {
        ApplyResult result = cluster.applyAllowingProblems(SetManifest.web().ourKind().reserveOrdinals("[\"5-2\"]").yaml());

        assertThat(result.hasProblems()).isTrue();
        assertThat(result.describeProblems()).contains("spec.reserveOrdinals[0]: Invalid value: \"5-2\": must be an ordinal");
        assertThat(cluster.stores().pods().list(Scenario.NS)).isEmpty();
    }

    @Test
    void scaleDownAndTheRollingUpdateGoHighestNonReservedOrdinalFirst() {
        s.apply(SetManifest.web().replicas(4).ourKind().reserveOrdinals("[\"1-2\"]"));
        s.settle();
        assertThat(s.podNames()).containsExactly("web-0", "web-3", "web-4", "web-5");
        long mark = s.mark();

        s.setImage("nginx:1.26");
        s.settle();
        assertThat(s.podsDeleted(mark)).containsExactly("web-5", "web-4", "web-3", "web-0");

        long scaled = s.mark();
        s.scale(2);
        s.settle();
        assertThat(s.podsDeleted(scaled)).containsExactly("web-5", "web-4");
        assertThat(s.podNames()).containsExactly("web-0", "web-3");
    }
}
