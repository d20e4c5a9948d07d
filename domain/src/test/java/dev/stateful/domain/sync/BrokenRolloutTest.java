package dev.stateful.domain.sync;

import static dev.stateful.domain.sync.Plans.creates;
import static dev.stateful.domain.sync.Plans.deletes;
import static dev.stateful.domain.sync.Plans.ops;
import static org.assertj.core.api.Assertions.assertThat;

import dev.stateful.domain.model.IntOrString;
import dev.stateful.domain.model.Pod;
import dev.stateful.domain.model.StatefulSet;
import dev.stateful.domain.model.UpdateStrategy;
import dev.stateful.domain.revision.RevisionWrite;
import dev.stateful.domain.testing.Fixtures;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * An update to a template whose pods never become Ready (kubernetes#67250 and
 * kubernetes#137409).
 */
class BrokenRolloutTest {

    private static final String GOOD = "nginx:1.25";
    private static final String BROKEN = "nginx:does-not-exist";

    /** Rolls web-2 onto the broken image and leaves it Running but never Ready. */
    private static Cluster brokenUpdate(StatefulSet set) {
        Cluster cluster = Cluster.of(set).converge();
        cluster.image(BROKEN);
        assertThat(deletes(cluster.sync())).containsExactly("web-2");
        assertThat(creates(cluster.sync())).containsExactly("web-2");
        cluster.runningNotReady("web-2");
        return cluster;
    }

    /** Upstream behaviour (kubernetes#67250): reverting does not help under OrderedReady. */
    @Test
    void orderedReadyStaysStuckOnABrokenPodEvenAfterTheTemplateIsReverted() {
        Cluster cluster = brokenUpdate(Fixtures.statefulSet("web", 3));
        String good = cluster.set().status().currentRevision();
        assertThat(cluster.sync().operations()).as("the broken revision does not spread").isEmpty();

        cluster.image(GOOD);
        Plan revert = cluster.sync();

        assertThat(revert.revisions().write()).as("the old revision is reused").isInstanceOf(RevisionWrite.Renumber.class);
        assertThat(revert.revisions().update().name()).isEqualTo(good);
        assertThat(cluster.revisions()).hasSize(2);
        assertThat(revert.operations()).isEmpty();
        assertThat(Plans.waits(revert)).contains("waiting for web-2 to be Running and Ready");
        for (int pass = 0; pass < 5; pass++) {
            assertThat(cluster.sync().operations()).isEmpty();
        }
        assertThat(Observed.image(cluster.pod("web-2"))).isEqualTo(BROKEN);
    }

    /** Under Parallel the outdated, unavailable pod is replaced once the template is reverted. */
    @Test
    void parallelHealsABrokenUpdateOnceTheTemplateIsReverted() {
        Cluster cluster = brokenUpdate(Fixtures.parallel(Fixtures.statefulSet("web", 3)));
        String good = cluster.set().status().currentRevision();
        List<String> untouched = List.of(cluster.pod("web-0").metadata().uid(), cluster.pod("web-1").metadata().uid());
        for (int pass = 0; pass < 3; pass++) {
            assertThat(cluster.sync().operations()).as("the broken revision does not spread").isEmpty();
        }

        cluster.image(GOOD);
        Plan revert = cluster.sync();
        assertThat(deletes(revert, Operation.DeletePod.Cause.ROLLING_UPDATE)).containsExactly("web-2");

        Plan recreate = cluster.sync();
        assertThat(ops(recreate, Operation.CreatePod.class)).singleElement()
                .satisfies(c -> assertThat(Observed.revision(c.pod())).isEqualTo(good));
        cluster.converge();

        assertThat(cluster.pods()).extracting(Observed::image).containsOnly(GOOD);
        assertThat(List.of(cluster.pod("web-0").metadata().uid(), cluster.pod("web-1").metadata().uid()))
                .as("pods on the good revision are not restarted").isEqualTo(untouched);
        assertThat(cluster.set().status().currentRevision()).isEqualTo(good);
    }

    private static StatefulSet singleReplica(StatefulSet set) {
        return set.withSpec(set.spec().withReplicas(1).withUpdateStrategy(UpdateStrategy.rollingUpdate(0, IntOrString.of(1))));
    }

    /** Issue #137409: the first revision never became Ready; a new template must still roll out. */
    @Test
    void aSingleReplicaWhoseFirstRevisionNeverBecameReadyIsReplacedByTheNewTemplate() {
        Cluster cluster = Cluster.of(Fixtures.withImage(Fixtures.parallel(singleReplica(Fixtures.statefulSet("web", 1))), BROKEN));
        cluster.sync();
        cluster.runningNotReady("web-0");
        assertThat(cluster.sync().operations()).isEmpty();

        cluster.image(GOOD);
        Plan update = cluster.sync();
        assertThat(deletes(update, Operation.DeletePod.Cause.ROLLING_UPDATE)).containsExactly("web-0");

        Plan recreate = cluster.sync();
        assertThat(ops(recreate, Operation.CreatePod.class)).singleElement()
                .satisfies(c -> assertThat(Observed.image(c.pod())).isEqualTo(GOOD));
        cluster.converge();
        assertThat(cluster.set().status().availableReplicas()).isEqualTo(1);
        assertThat(cluster.set().status().currentRevision()).isEqualTo(cluster.set().status().updateRevision());
    }

    /** The same under OrderedReady is upstream's #67250: phase A waits for the broken pod first. */
    @Test
    void orderedReadySingleReplicaWhoseFirstRevisionNeverBecameReadyStaysStuck() {
        Cluster cluster = Cluster.of(Fixtures.withImage(singleReplica(Fixtures.statefulSet("web", 1)), BROKEN));
        cluster.sync();
        cluster.runningNotReady("web-0");

        cluster.image(GOOD);
        Plan update = cluster.sync();

        assertThat(update.operations()).isEmpty();
        assertThat(Plans.waits(update)).contains("waiting for web-0 to be Running and Ready");
        Pod stuck = cluster.pod("web-0");
        assertThat(Observed.image(stuck)).isEqualTo(BROKEN);
    }
}
