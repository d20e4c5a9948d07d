package dev.stateful.domain.sync;

import static dev.stateful.domain.sync.Plans.creates;
import static dev.stateful.domain.sync.Plans.deletes;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import dev.stateful.domain.model.Ordinals;
import dev.stateful.domain.model.PersistentVolumeClaim;
import dev.stateful.domain.model.Pod;
import dev.stateful.domain.model.UpdateStrategy;
import dev.stateful.domain.testing.Fixtures;
import org.junit.jupiter.api.Test;

/** spec.ordinals.start (KEP-3335: {@code podInOrdinalRange}, {@code updateStatefulSet}'s slots; upstream {@code CreatesPodsWithStartOrdinal}). */
class StartOrdinalTest {

    @Test
    void createsPodsFromTheStartOrdinal() {
        Cluster cluster = Cluster.of(Fixtures.statefulSet("web", 3)).edit(s -> s.withOrdinals(new Ordinals(2)));

        assertThat(creates(cluster.sync())).containsExactly("web-2");
        cluster.converge();

        assertThat(cluster.podNames()).containsExactly("web-2", "web-3", "web-4");
        assertThat(cluster.claims()).extracting(PersistentVolumeClaim::name).containsExactlyInAnyOrder("www-web-2", "www-web-3", "www-web-4");
        assertThat(cluster.set().status().readyReplicas()).isEqualTo(3);
    }

    @Test
    void movingTheStartOrdinalUpCreatesTheNewOrdinalsOneAtATimeThenDeletesTheOldOnesHighestFirst() {
        Cluster cluster = Cluster.of(Fixtures.statefulSet("web", 3)).converge();
        cluster.edit(s -> s.withOrdinals(new Ordinals(2)));

        Plan first = cluster.sync();
        assertThat(creates(first)).containsExactly("web-3");
        assertThat(deletes(first)).as("the new range is populated first").isEmpty();
        cluster.ready("web-3");
        assertThat(creates(cluster.sync())).containsExactly("web-4");
        cluster.ready("web-4");
        assertThat(deletes(cluster.sync(), Operation.DeletePod.Cause.CONDEMNED)).containsExactly("web-1");
        assertThat(deletes(cluster.sync(), Operation.DeletePod.Cause.CONDEMNED)).containsExactly("web-0");

        assertThat(cluster.sync().operations()).isEmpty();
        assertThat(cluster.podNames()).containsExactly("web-2", "web-3", "web-4");
    }

    @Test
    void parallelMovesTheStartOrdinalInOnePass() {
        Cluster cluster = Cluster.of(Fixtures.parallel(Fixtures.statefulSet("web", 3))).converge();
        cluster.edit(s -> s.withOrdinals(new Ordinals(2)));

        Plan plan = cluster.sync();

        assertThat(creates(plan)).containsExactly("web-3", "web-4");
        assertThat(deletes(plan)).containsExactly("web-1", "web-0");
    }

    @Test
    void thePartitionCountsFromTheStartOrdinal() {
        Cluster cluster = Cluster.of(Fixtures.statefulSet("web", 3))
                .edit(s -> s.withOrdinals(new Ordinals(2)).withUpdateStrategy(UpdateStrategy.rollingUpdate(1, null)))
                .converge();

        cluster.image("nginx:1.27").converge();

        assertThat(cluster.pods()).extracting(Pod::name, Observed::image).containsExactly(
                tuple("web-2", "nginx:1.25"),
                tuple("web-3", "nginx:1.27"),
                tuple("web-4", "nginx:1.27"));
    }
}
