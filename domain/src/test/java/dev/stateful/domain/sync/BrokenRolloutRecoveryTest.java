package dev.stateful.domain.sync;

import static dev.stateful.domain.sync.Plans.creates;
import static dev.stateful.domain.sync.Plans.deletes;
import static org.assertj.core.api.Assertions.assertThat;

import dev.stateful.domain.model.SetExtensions;
import dev.stateful.domain.model.SetKind;
import dev.stateful.domain.model.StatefulSet;
import dev.stateful.domain.model.UpdateStrategy;
import dev.stateful.domain.testing.Fixtures;
import org.junit.jupiter.api.Test;

/**
 * Our own kind recovers a broken rollout under OrderedReady (kubernetes#67250): a pod of an earlier
 * revision that is not Running and Ready is replaced at once when a new revision rolls out, where an
 * apps/v1 set stays stuck ({@link BrokenRolloutTest#orderedReadyStaysStuckOnABrokenPodEvenAfterTheTemplateIsReverted}).
 */
class BrokenRolloutRecoveryTest {

    private static final String FIXED = "nginx:1.28";

    static StatefulSet ourKind(StatefulSet set) {
        return set.as(SetKind.STATEFUL_DEV, SetExtensions.NONE);
    }

    @Test
    void aFixingRevisionReplacesTheBrokenPodAtOnceAndRollsOut() {
        Cluster cluster = BrokenRolloutTest.brokenUpdate(ourKind(Fixtures.statefulSet("web", 3)));
        assertThat(cluster.sync().operations()).as("the broken revision itself does not spread").isEmpty();

        cluster.image(FIXED);
        Plan fix = cluster.sync();

        assertThat(deletes(fix, Operation.DeletePod.Cause.ROLLING_UPDATE)).containsExactly("web-2");
        assertThat(Plans.waits(fix)).contains("web-2 of an earlier revision is not Running and Ready; it is replaced at once");
        cluster.converge();
        assertThat(cluster.pods()).extracting(Observed::image).containsOnly(FIXED);
        assertThat(cluster.set().status().currentRevision()).isEqualTo(cluster.set().status().updateRevision());
    }

    @Test
    void healthyPodsStillGoOneAtATime() {
        Cluster cluster = BrokenRolloutTest.brokenUpdate(ourKind(Fixtures.statefulSet("web", 3)));
        cluster.image(FIXED);
        cluster.sync();                       // web-2, broken, replaced at once
        assertThat(creates(cluster.sync())).containsExactly("web-2");
        cluster.runningNotReady("web-2");

        Plan waiting = cluster.sync();

        assertThat(waiting.operations()).as("web-2 is of the update revision now: it is waited for").isEmpty();
        assertThat(Plans.waits(waiting)).contains("waiting for web-2 to be Running and Ready");
    }

    @Test
    void belowThePartitionABrokenPodIsLeftAlone() {
        StatefulSet set = ourKind(Fixtures.statefulSet("web", 3));
        set = set.withSpec(set.spec().withUpdateStrategy(new UpdateStrategy(UpdateStrategy.ROLLING_UPDATE,
                new UpdateStrategy.RollingUpdate(2, null))));
        Cluster cluster = Cluster.of(set).converge();
        cluster.runningNotReady("web-1");
        cluster.image(FIXED);

        Plan plan = cluster.sync();

        assertThat(deletes(plan)).isEmpty();
        assertThat(Plans.waits(plan)).contains("waiting for web-1 to be Running and Ready");
    }

    @Test
    void anAppsV1SetKeepsUpstreamsBehaviour() {
        Cluster cluster = BrokenRolloutTest.brokenUpdate(Fixtures.statefulSet("web", 3));

        cluster.image(FIXED);

        assertThat(cluster.sync().operations()).isEmpty();
    }
}
