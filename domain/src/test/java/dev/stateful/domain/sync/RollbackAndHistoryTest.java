package dev.stateful.domain.sync;

import static dev.stateful.domain.sync.Plans.deletes;
import static org.assertj.core.api.Assertions.assertThat;

import dev.stateful.domain.model.ControllerRevision;
import dev.stateful.domain.model.StatefulSet;
import dev.stateful.domain.model.UpdateStrategy;
import dev.stateful.domain.revision.RevisionWrite;
import dev.stateful.domain.testing.Fixtures;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Rollback reuses revisions; history stays within its limit (upstream
 * {@code getStatefulSetRevisions}, {@code truncateHistory}, {@code TestStatefulSetControlRollback}, {@code TestStatefulSetHonorRevisionHistoryLimit},
 * {@code TestStatefulSetControlLimitsHistory}).
 */
class RollbackAndHistoryTest {

    private static ControllerRevision named(Cluster cluster, String name) {
        return cluster.revisions().stream().filter(r -> r.name().equals(name)).findFirst().orElseThrow();
    }

    /** A -> B -> A reuses A's revision under the next number. */
    @Test
    void revertingTheTemplateRenumbersTheOldRevisionAndOnlyReplacesPodsOnTheAbandonedOne() {
        Cluster cluster = Cluster.of(Fixtures.statefulSet("web", 3)).converge();
        String a = cluster.set().status().currentRevision();
        String web0 = cluster.pod("web-0").metadata().uid();
        String web1 = cluster.pod("web-1").metadata().uid();
        cluster.image("nginx:1.27");
        cluster.sync();
        cluster.sync();
        cluster.ready("web-2");
        String b = cluster.set().status().updateRevision();
        assertThat(named(cluster, b).revision()).isEqualTo(2);

        cluster.image("nginx:1.25");
        Plan revert = cluster.sync();

        assertThat(revert.revisions().write()).isEqualTo(new RevisionWrite.Renumber(named(cluster, a).withRevision(1), 3));
        assertThat(revert.revisions().update().name()).isEqualTo(a);
        assertThat(cluster.revisions()).extracting(ControllerRevision::name).containsExactlyInAnyOrder(a, b);
        assertThat(named(cluster, a).revision()).isEqualTo(3);
        assertThat(revert.status().updatedReplicas()).as("pods on A count as updated at once").isEqualTo(2);
        assertThat(deletes(revert)).containsExactly("web-2");

        cluster.converge();
        assertThat(cluster.pods()).extracting(Observed::image).containsOnly("nginx:1.25");
        assertThat(cluster.pod("web-0").metadata().uid()).isEqualTo(web0);
        assertThat(cluster.pod("web-1").metadata().uid()).isEqualTo(web1);
        assertThat(cluster.set().status().currentRevision()).isEqualTo(a);
    }

    static Stream<Arguments> rollbacks() {
        return Stream.of(
                Arguments.of("monotonic", false, 3, 3), Arguments.of("monotonic scale up", false, 3, 5),
                Arguments.of("monotonic scale down", false, 5, 3), Arguments.of("burst", true, 3, 3),
                Arguments.of("burst scale up", true, 3, 5), Arguments.of("burst scale down", true, 5, 3));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("rollbacks")
    void aCompletedUpdateRolledBackPutsEveryPodBackOnTheOriginalTemplate(String name, boolean parallel, int from, int to) {
        StatefulSet set = Fixtures.statefulSet("web", from);
        Cluster cluster = Cluster.of(parallel ? Fixtures.parallel(set) : set).converge();
        String original = cluster.set().status().currentRevision();
        cluster.image("nginx:1.27").scale(to).converge();
        assertThat(cluster.pods()).extracting(Observed::image).containsOnly("nginx:1.27");

        cluster.image("nginx:1.25").converge();

        assertThat(cluster.pods()).hasSize(to).extracting(Observed::image).containsOnly("nginx:1.25");
        assertThat(cluster.set().status().currentRevision()).isEqualTo(original);
        assertThat(cluster.revisions()).hasSize(2);
    }

    /** Upstream {@code TestStatefulSetHonorRevisionHistoryLimit}. */
    @ParameterizedTest(name = "revisionHistoryLimit={0}")
    @ValueSource(ints = {0, 2, 5})
    void convergedRepeatedTemplateChangesKeepAtMostLimitPlusTwoRevisions(int limit) {
        Cluster cluster = Cluster.of(Fixtures.statefulSet("web", 3)).edit(s -> s.withRevisionHistoryLimit(limit)).converge();

        for (int change = 1; change <= 8; change++) {
            cluster.image("nginx:1." + (30 + change)).converge();

            assertThat(cluster.revisions().size()).as("after change %d", change).isLessThanOrEqualTo(limit + 2);
            assertThat(cluster.revisions()).extracting(ControllerRevision::name)
                    .as("live revisions are never deleted")
                    .contains(cluster.set().status().currentRevision(), cluster.set().status().updateRevision());
            assertThat(cluster.pods()).extracting(Observed::revision).containsOnly(cluster.set().status().updateRevision());
        }
    }

    @Test
    void aNegativeHistoryLimitKeepsEveryRevision() {
        Cluster cluster = Cluster.of(Fixtures.statefulSet("web", 2)).edit(s -> s.withRevisionHistoryLimit(-1)).converge();

        for (int change = 1; change <= 5; change++) {
            cluster.image("nginx:1." + (30 + change)).converge();
            assertThat(cluster.plan().revisionsToDelete()).isEmpty();
        }

        assertThat(cluster.revisions()).hasSize(6);
    }

    @Test
    void theRevisionOfAPodStillRunningItIsNeverTruncated() {
        Cluster cluster = Cluster.of(Fixtures.statefulSet("web", 3)).edit(s -> s.withRevisionHistoryLimit(0)).converge();
        cluster.edit(s -> s.withUpdateStrategy(UpdateStrategy.rollingUpdate(3, null)));
        String original = cluster.set().status().currentRevision();

        for (int change = 1; change <= 4; change++) {
            cluster.image("nginx:1." + (30 + change)).converge();
        }

        assertThat(cluster.revisions()).extracting(ControllerRevision::name).contains(original);
        assertThat(cluster.pods()).extracting(Observed::revision).containsOnly(original);
    }
}
