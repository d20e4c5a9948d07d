package dev.stateful.domain.sync;

import dev.stateful.domain.availability.Availability;
import static dev.stateful.domain.sync.Plans.deletes;
import static org.assertj.core.api.Assertions.assertThat;

import dev.stateful.domain.model.IntOrString;
import dev.stateful.domain.model.Pod;
import dev.stateful.domain.model.PodStatus;
import dev.stateful.domain.model.StatefulSet;
import dev.stateful.domain.model.UpdateStrategy;
import dev.stateful.domain.testing.Fixtures;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The rolling-update budget (KEP-961, {@code updateStatefulSetAfterInvariantEstablished}; upstream
 * {@code TestStatefulSetControlRollingUpdateWithMaxUnavailable} and
 * {@code …InOrderedModeVerifyInvariant}). Project decision: the maxUnavailable path is always used
 * (absent = 1), and outdated pods that are already unavailable are replaced without charging it
 * (upstream #137409).
 */
class MaxUnavailableRolloutTest {

    private static final Operation.DeletePod.Cause ROLLING = Operation.DeletePod.Cause.ROLLING_UPDATE;

    /** 6 pods, partition 3, maxUnavailable 2, converged on nginx:1.25. */
    private static Cluster sixPods(boolean parallel) {
        StatefulSet set = Fixtures.statefulSet("web", 6);
        set = set.withSpec(set.spec().withUpdateStrategy(UpdateStrategy.rollingUpdate(3, IntOrString.of(2))));
        return Cluster.of(parallel ? Fixtures.parallel(set) : set).converge();
    }

    private static Cluster threePods(boolean parallel, IntOrString maxUnavailable) {
        StatefulSet set = Fixtures.statefulSet("web", 3);
        set = set.withSpec(set.spec().withUpdateStrategy(UpdateStrategy.rollingUpdate(0, maxUnavailable)));
        return Cluster.of(parallel ? Fixtures.parallel(set) : set).converge();
    }

    @ParameterizedTest(name = "parallel={0}")
    @ValueSource(booleans = {false, true})
    void theFirstPassDeletesAsManyPodsAsTheBudgetAllowsHighestOrdinalsFirst(boolean parallel) {
        Cluster cluster = sixPods(parallel);
        cluster.image("nginx:1.27");

        assertThat(deletes(cluster.sync(), ROLLING)).containsExactly("web-5", "web-4");
    }

    @ParameterizedTest(name = "parallel={0}")
    @ValueSource(booleans = {false, true})
    void theRolloutNeverTouchesPodsBelowThePartitionNorExceedsTheBudget(boolean parallel) {
        Cluster cluster = sixPods(parallel);
        List<String> originalUids = cluster.pods().subList(0, 3).stream().map(p -> p.metadata().uid()).toList();
        cluster.image("nginx:1.27");

        List<String> deleted = new ArrayList<>();
        for (int pass = 0; pass < 30; pass++) {
            Snapshot before = cluster.snapshot();
            long unavailable = 6 - before.pods().stream()
                    .filter(p -> Availability.isAvailable(p, 0, before.now()) && !p.isTerminating()).count();
            Plan plan = cluster.sync();
            List<String> rolled = deletes(plan, ROLLING);
            assertThat(unavailable + rolled.size()).as("pass %d: unavailable pods plus new deletions", pass).isLessThanOrEqualTo(2);
            deleted.addAll(rolled);
            cluster.readyAll();
        }

        assertThat(deleted).containsExactlyInAnyOrder("web-5", "web-4", "web-3");
        assertThat(cluster.pods().subList(0, 3)).extracting(p -> p.metadata().uid()).isEqualTo(originalUids);
        assertThat(cluster.pods()).extracting(Observed::image)
                .containsExactly("nginx:1.25", "nginx:1.25", "nginx:1.25", "nginx:1.27", "nginx:1.27", "nginx:1.27");
    }

    @Test
    void theNextPodWaitsWhileTheReplacedOnesAreStillUnavailable() {
        Cluster cluster = sixPods(true);
        cluster.image("nginx:1.27");
        cluster.sync();

        Plan second = cluster.sync();

        assertThat(Plans.creates(second)).containsExactly("web-4", "web-5");
        assertThat(deletes(second)).isEmpty();
        assertThat(Plans.waits(second)).contains("web-3 waits for its update: 2 of at most 2 pods are unavailable or being updated (maxUnavailable)");
    }

    static Stream<Arguments> terminatingOrdinals() {
        return Stream.of(
                Arguments.of(List.of()), Arguments.of(List.of(5)), Arguments.of(List.of(3)), Arguments.of(List.of(4)),
                Arguments.of(List.of(5, 4)), Arguments.of(List.of(5, 3)), Arguments.of(List.of(4, 3)),
                Arguments.of(List.of(5, 4, 3)), Arguments.of(List.of(2)), Arguments.of(List.of(1)));
    }

    /** Upstream's invariant test calls the update phase directly; at plan level that is the Parallel policy. */
    @ParameterizedTest(name = "terminating {0}")
    @MethodSource("terminatingOrdinals")
    void withKTerminatingPodsAtMostTwoMinusKPodsAreDeleted(List<Integer> terminating) {
        Cluster cluster = sixPods(true);
        cluster.image("nginx:1.27");
        terminating.forEach(o -> cluster.terminate("web-" + o));

        List<String> rolled = deletes(cluster.plan(), ROLLING);

        assertThat(rolled).hasSize(Math.max(0, 2 - terminating.size()));
        assertThat(rolled).allSatisfy(name -> {
            assertThat(cluster.pod(name).isTerminating()).isFalse();
            assertThat(Integer.parseInt(name.substring(4))).isGreaterThanOrEqualTo(3);
        });
    }

    @ParameterizedTest(name = "terminating {0}")
    @MethodSource("terminatingOrdinals")
    void orderedReadyWaitsForAnyTerminatingReplicaBeforeUpdating(List<Integer> terminating) {
        Cluster cluster = sixPods(false);
        cluster.image("nginx:1.27");
        terminating.forEach(o -> cluster.terminate("web-" + o));

        assertThat(deletes(cluster.plan(), ROLLING)).hasSize(terminating.isEmpty() ? 2 : 0);
    }

    @Test
    void anUnavailablePodBelowThePartitionIsNotReplacedButUsesUpTheBudget() {
        Cluster cluster = sixPods(true);
        cluster.runningNotReady("web-1").image("nginx:1.27");

        Plan plan = cluster.sync();

        assertThat(deletes(plan)).containsExactly("web-5");
    }

    @ParameterizedTest(name = "{0} of {1} -> {2}")
    @CsvSource({"50%, 5, 2", "10%, 5, 1", "100%, 4, 4", "34%, 3, 1"})
    void percentagesOfReplicasRoundDownWithAMinimumOfOne(String percent, int replicas, int deletions) {
        StatefulSet set = Fixtures.statefulSet("web", replicas);
        set = set.withSpec(set.spec().withUpdateStrategy(UpdateStrategy.rollingUpdate(0, IntOrString.of(percent))));
        Cluster cluster = Cluster.of(set).converge();
        cluster.image("nginx:1.27");

        assertThat(deletes(cluster.sync(), ROLLING)).hasSize(deletions);
    }

    @Test
    void anUpdatedPodThatIsNotYetAvailableUsesUpTheBudget() {
        Cluster cluster = threePods(true, null);
        cluster.image("nginx:1.27");
        cluster.sync();
        cluster.sync();
        cluster.runningNotReady("web-2");

        Plan plan = cluster.sync();

        assertThat(deletes(plan)).isEmpty();
        assertThat(Plans.waits(plan)).contains("web-1 waits for its update: 1 of at most 1 pods are unavailable or being updated (maxUnavailable)");
    }

    /**
     * The budget counts what upstream's {@code isUnavailable} counts: {@code podutil.IsPodAvailable}
     * reads the Ready condition, not the phase, so an updated pod whose status still says Ready is
     * available to it whatever its phase.
     */
    @Test
    void theBudgetReadsTheReadyConditionNotThePhase() {
        Cluster cluster = threePods(true, null);
        cluster.image("nginx:1.27");
        cluster.sync();
        cluster.sync();
        cluster.ready("web-2").phase("web-2", PodStatus.PENDING);

        Plan plan = cluster.sync();

        assertThat(deletes(plan, ROLLING)).containsExactly("web-1");
    }

    /**
     * Free replacement is for broken pods only: Ready pods still inside minReadySeconds are charged,
     * so a Parallel set with minReadySeconds is not restarted all at once.
     */
    @Test
    void readyPodsInsideMinReadySecondsAreChargedNotReplacedForFree() {
        StatefulSet set = Fixtures.parallel(Fixtures.statefulSet("web", 4));
        set = set.withSpec(set.spec().withMinReadySeconds(30).withUpdateStrategy(UpdateStrategy.rollingUpdate(0, IntOrString.of(1))));
        Cluster cluster = Cluster.of(set).converge();
        for (String name : cluster.podNames()) {
            cluster.readySince(name, cluster.now().minusSeconds(10));
        }
        cluster.image("nginx:1.27");

        assertThat(deletes(cluster.sync(), ROLLING)).isEmpty();
    }

    /**
     * Project decision (#137409): replacing an outdated pod that is down anyway costs no budget; but
     * it is still unavailable, so as upstream's {@code updateStatefulSetAfterInvariantEstablished}
     * counts it, no healthy pod is taken down beside it.
     */
    @Test
    void anOutdatedUnavailablePodIsReplacedWithoutChargingTheBudgetButStillCountsAsUnavailable() {
        Cluster cluster = threePods(true, IntOrString.of(1));
        cluster.runningNotReady("web-1").image("nginx:1.27");

        Plan plan = cluster.sync();

        assertThat(deletes(plan, ROLLING)).containsExactly("web-1");
        assertThat(Plans.waits(plan)).contains("web-2 waits for its update");
    }

    /**
     * The same, wherever the unavailable pod sits: the healthy pods above it wait, and they do not
     * hold back its free replacement.
     */
    @Test
    void anOutdatedUnavailablePodBelowHealthyOutdatedPodsIsStillReplaced() {
        Cluster cluster = threePods(true, IntOrString.of(1));
        cluster.runningNotReady("web-0").image("nginx:1.27");

        Plan plan = cluster.sync();

        assertThat(deletes(plan, ROLLING)).containsExactly("web-0");
        assertThat(Plans.waits(plan)).contains("web-2 waits for its update");
    }

    @Test
    void aTerminatingOutdatedPodIsNeitherDeletedAgainNorFree() {
        Cluster cluster = threePods(true, IntOrString.of(1));
        cluster.terminate("web-2").image("nginx:1.27");

        assertThat(deletes(cluster.sync())).isEmpty();
    }

    @Test
    void podsAlreadyAtTheUpdateRevisionAreNeverDeleted() {
        Cluster cluster = threePods(true, IntOrString.of(3));
        cluster.image("nginx:1.27");
        cluster.sync();
        cluster.sync();
        cluster.readyAll();
        Pod updated = cluster.pod("web-0");

        cluster.converge();

        assertThat(cluster.pod("web-0").metadata().uid()).isEqualTo(updated.metadata().uid());
    }
}
