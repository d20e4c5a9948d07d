package dev.stateful.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stateful.app.controller.RunningController;
import dev.stateful.it.support.PodTimeline;
import dev.stateful.it.support.Pods;
import dev.stateful.it.support.TestCluster;
import dev.stateful.it.support.WebSet;
import dev.stateful.it.support.Workload;
import dev.stateful.testsupport.api.ApiWrite;
import java.time.Duration;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The controller keeps no state of its own: a new one picks up a rollout where the old one
 * stopped. Subclasses provide the cluster: fabric8's mock or the real control plane.
 */
abstract class ControllerRestartScenarios {

    TestCluster cluster;
    Workload web;
    PodTimeline timeline;

    /** The cluster for the next test, with no controller running. */
    protected abstract TestCluster openCluster();

    /** Done with the cluster of a test: at least its controllers are stopped. */
    protected abstract void closeCluster(TestCluster cluster) throws Exception;

    @BeforeEach
    void cluster() {
        cluster = openCluster();
        String namespace = cluster.newNamespace();
        web = new Workload(cluster.client(), namespace, "web", Duration.ofSeconds(60));
        timeline = PodTimeline.watch(cluster.client(), namespace);
    }

    @AfterEach
    void stop() throws Exception {
        timeline.close();
        closeCluster(cluster);
    }

    @Test
    void aControllerRestartedMidRolloutFinishesItWithoutRedoingAnything() {
        RunningController first = cluster.startController(cluster.controllerUser());
        web.create(WebSet.in(web.namespace()).replicas(3));
        web.awaitRolledOut(3);

        cluster.kubelet().hold();
        web.setImage(WebSet.V2);
        web.await("web-2 replaced by a pod of the new template", () -> web.pods().stream()
                .anyMatch(p -> p.getMetadata().getName().equals("web-2") && Pods.image(p).equals(WebSet.V2)));
        first.close();
        String replacedBeforeRestart = web.pod("web-2").getMetadata().getUid();

        cluster.startController(cluster.controllerUser());
        cluster.kubelet().release(); // web-2 starts while the new controller watches
        web.awaitRolledOut(3);

        assertThat(web.pod("web-2").getMetadata().getUid()).as("web-2 kept, not replaced again").isEqualTo(replacedBeforeRestart);
        assertThat(web.pods()).allSatisfy(p -> assertThat(Pods.image(p)).isEqualTo(WebSet.V2));
        assertThat(timeline.creations()).containsExactly("web-0", "web-1", "web-2", "web-2", "web-1", "web-0");
        assertThat(timeline.deletions()).containsExactly("web-2", "web-1", "web-0");
        assertThat(successfulPodWrites("POST")).containsExactlyInAnyOrderEntriesOf(Map.of("web-0", 2L, "web-1", 2L, "web-2", 2L));
        assertThat(successfulPodWrites("DELETE")).containsExactlyInAnyOrderEntriesOf(Map.of("web-0", 1L, "web-1", 1L, "web-2", 1L));
    }

    Map<String, Long> successfulPodWrites(String method) {
        return cluster.writes(w -> w.user().equals(cluster.controllerUser()) && w.namespace().equals(web.namespace())
                        && w.resource().equals("pods") && w.method().equals(method) && w.succeeded()).stream()
                .collect(Collectors.groupingBy(ApiWrite::name, Collectors.counting()));
    }
}
