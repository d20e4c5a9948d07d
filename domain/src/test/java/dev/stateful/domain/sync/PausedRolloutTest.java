package dev.stateful.domain.sync;

import static dev.stateful.domain.sync.Plans.creates;
import static dev.stateful.domain.sync.Plans.deletes;
import static dev.stateful.domain.sync.Plans.waits;
import static org.assertj.core.api.Assertions.assertThat;

import dev.stateful.domain.model.PodStatus;
import dev.stateful.domain.model.SetExtensions;
import dev.stateful.domain.model.SetKind;
import dev.stateful.domain.model.StatefulSet;
import dev.stateful.domain.testing.Fixtures;
import org.junit.jupiter.api.Test;

/**
 * {@code spec.updateStrategy.rollingUpdate.paused} of our own kind: the rolling update deletes no
 * pod while it is set; scaling and replacing failed pods go on; an apps/v1 set cannot be paused.
 */
class PausedRolloutTest {

    static StatefulSet ourKind(StatefulSet set, boolean paused) {
        return set.as(SetKind.STATEFUL_DEV, new SetExtensions(paused));
    }

    static Cluster rolledOutAndPaused() {
        Cluster cluster = Cluster.of(ourKind(Fixtures.statefulSet("web", 3), false)).converge();
        return cluster.replaceSet(set -> ourKind(set, true));
    }

    @Test
    void whilePausedANewRevisionDeletesNoPodAndSaysWhy() {
        Cluster cluster = rolledOutAndPaused();
        String oldRevision = cluster.set().status().currentRevision();

        cluster.image("nginx:1.27");
        Plan plan = cluster.sync();

        assertThat(deletes(plan)).isEmpty();
        assertThat(waits(plan)).contains("the rolling update is paused");
        assertThat(plan.revisions().update().name()).isNotEqualTo(oldRevision);
        cluster.converge();
        assertThat(cluster.pods()).extracting(Observed::revision).containsOnly(oldRevision);
        assertThat(cluster.set().status().updateRevision()).isNotEqualTo(oldRevision);
        assertThat(cluster.set().status().currentRevision()).isEqualTo(oldRevision);
    }

    @Test
    void whilePausedScalingUpCreatesPodsOfTheUpdateRevision() {
        Cluster cluster = rolledOutAndPaused();
        cluster.image("nginx:1.27").converge();
        String update = cluster.set().status().updateRevision();

        cluster.scale(4).converge();

        assertThat(cluster.pod("web-3")).extracting(Observed::revision).isEqualTo(update);
        assertThat(cluster.pod("web-2")).extracting(Observed::revision).isNotEqualTo(update);
    }

    @Test
    void whilePausedAFailedPodIsStillReplaced() {
        Cluster cluster = rolledOutAndPaused();
        cluster.image("nginx:1.27").converge();

        cluster.phase("web-1", PodStatus.FAILED);

        assertThat(deletes(cluster.sync())).containsExactly("web-1");
        assertThat(creates(cluster.sync())).containsExactly("web-1");
    }

    @Test
    void resumingRollsTheUpdateOut() {
        Cluster cluster = rolledOutAndPaused();
        cluster.image("nginx:1.27").converge();

        cluster.replaceSet(set -> ourKind(set, false)).converge();

        assertThat(cluster.set().status().currentRevision()).isEqualTo(cluster.set().status().updateRevision());
        assertThat(cluster.pods()).extracting(Observed::revision).containsOnly(cluster.set().status().updateRevision());
    }

    @Test
    void anAppsV1SetHasNoPauseToSet() {
        StatefulSet set = Fixtures.statefulSet("web", 3).as(SetKind.APPS_V1, new SetExtensions(true));

        assertThat(set.extensions()).isEqualTo(SetExtensions.NONE);
    }
}
