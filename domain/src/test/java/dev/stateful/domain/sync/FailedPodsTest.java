package dev.stateful.domain.sync;

import static dev.stateful.domain.sync.Plans.creates;
import static dev.stateful.domain.sync.Plans.deletes;
import static org.assertj.core.api.Assertions.assertThat;

import dev.stateful.domain.model.OwnerReference;
import dev.stateful.domain.model.PodStatus;
import dev.stateful.domain.model.StatefulSet;
import dev.stateful.domain.testing.Fixtures;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Terminal pods are deleted and recreated in a later pass; missing pods are replaced ({@code processReplica},
 * first step; upstream {@code RecreatesFailedPod}, {@code RecreatesSucceededPod},
 * {@code ReplacesPods}).
 */
class FailedPodsTest {

    static Stream<Arguments> terminalPhasesAndPolicies() {
        return Stream.of(
                Arguments.of(PodStatus.FAILED, false),
                Arguments.of(PodStatus.SUCCEEDED, false),
                Arguments.of(PodStatus.FAILED, true),
                Arguments.of(PodStatus.SUCCEEDED, true));
    }

    private static StatefulSet set(boolean parallel) {
        StatefulSet set = Fixtures.statefulSet("web", 3);
        return parallel ? Fixtures.parallel(set) : set;
    }

    @ParameterizedTest(name = "{0}, parallel={1}")
    @MethodSource("terminalPhasesAndPolicies")
    void aTerminalPodIsDeletedInOnePassAndRecreatedInTheNext(String phase, boolean parallel) {
        Cluster cluster = Cluster.of(set(parallel)).converge();
        String oldUid = cluster.pod("web-0").metadata().uid();
        cluster.phase("web-0", phase);

        Plan deletion = cluster.sync();
        assertThat(deletes(deletion)).containsExactly("web-0");
        assertThat(deletes(deletion, Operation.DeletePod.Cause.TERMINAL_PHASE)).containsExactly("web-0");
        assertThat(creates(deletion)).as("not recreated in the same pass").isEmpty();

        Plan recreation = cluster.sync();
        assertThat(creates(recreation)).containsExactly("web-0");
        assertThat(deletes(recreation)).isEmpty();
        assertThat(cluster.pod("web-0").metadata().uid()).isNotEqualTo(oldUid);
        assertThat(cluster.pod("web-0").status().phase()).isEqualTo(PodStatus.PENDING);
    }

    @Test
    void aTerminalPodThatIsAlreadyTerminatingIsNotDeletedAgain() {
        Cluster cluster = Cluster.of(set(false)).converge();
        cluster.phase("web-1", PodStatus.FAILED).terminate("web-1");

        Plan plan = cluster.sync();

        assertThat(plan.operations()).isEmpty();
        assertThat(Plans.waits(plan)).contains("web-1 is Failed and terminating");
    }

    @Test
    void orderedReadyDeletesAFailedPodAndDoesNothingElseInThatPass() {
        Cluster cluster = Cluster.of(Fixtures.statefulSet("web", 4)).converge();
        cluster.phase("web-1", PodStatus.FAILED).finishTermination("web-3");

        Plan plan = cluster.sync();

        assertThat(plan.operations()).singleElement().isInstanceOf(Operation.DeletePod.class)
                .extracting(Operation::podName).isEqualTo("web-1");
    }

    @Test
    void parallelDeletesAFailedPodAndStillCreatesTheMissingOnes() {
        Cluster cluster = Cluster.of(Fixtures.parallel(Fixtures.statefulSet("web", 4))).converge();
        cluster.phase("web-1", PodStatus.FAILED).finishTermination("web-3");

        Plan plan = cluster.sync();

        assertThat(deletes(plan)).containsExactly("web-1");
        assertThat(creates(plan)).containsExactly("web-3");
    }

    @Test
    void anOutdatedFailedPodIsDeletedOnceAndCountsAsUnavailableForTheRollingUpdate() {
        Cluster cluster = Cluster.of(Fixtures.parallel(Fixtures.statefulSet("web", 3))).converge();
        cluster.failed("web-1").image("nginx:1.27");

        Plan plan = cluster.sync();

        assertThat(deletes(plan, Operation.DeletePod.Cause.TERMINAL_PHASE)).containsExactly("web-1");
        assertThat(deletes(plan, Operation.DeletePod.Cause.ROLLING_UPDATE)).isEmpty();
    }

    @Test
    void orderedReadyReplacesMissingPodsOneAtATimeLowestFirst() {
        Cluster cluster = Cluster.of(Fixtures.statefulSet("web", 5)).converge();
        cluster.finishTermination("web-0").finishTermination("web-2").finishTermination("web-4");

        assertThat(creates(cluster.sync())).containsExactly("web-0");
        cluster.ready("web-0");
        assertThat(creates(cluster.sync())).containsExactly("web-2");
        cluster.ready("web-2");
        assertThat(creates(cluster.sync())).containsExactly("web-4");
        cluster.converge();

        assertThat(cluster.set().status().replicas()).isEqualTo(5);
        assertThat(cluster.claims()).as("claims of in-range pods never get a pod owner reference")
                .allSatisfy(claim -> assertThat(claim.metadata().ownerReferences())
                        .extracting(OwnerReference::kind).doesNotContain("Pod"));
    }

    @Test
    void parallelReplacesAllMissingPodsInOnePassReusingTheirClaims() {
        Cluster cluster = Cluster.of(Fixtures.parallel(Fixtures.statefulSet("web", 5))).converge();
        cluster.finishTermination("web-0").finishTermination("web-2").finishTermination("web-4");

        Plan plan = cluster.sync();

        assertThat(creates(plan)).containsExactly("web-0", "web-2", "web-4");
        assertThat(Plans.ops(plan, Operation.CreatePod.class)).allSatisfy(c -> assertThat(c.createClaims()).isEmpty());
    }
}
