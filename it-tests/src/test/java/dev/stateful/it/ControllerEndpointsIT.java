package dev.stateful.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stateful.app.Version;
import dev.stateful.app.controller.RunningController;
import dev.stateful.it.support.MockCluster;
import dev.stateful.it.support.Scrape;
import dev.stateful.it.support.WebSet;
import dev.stateful.it.support.Workload;
import dev.stateful.it.support.WriteChecks;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** What the running controller answers on its port: health, readiness and Prometheus metrics. */
class ControllerEndpointsIT {

    static MockCluster cluster;
    static RunningController controller;
    Workload web;

    @BeforeAll
    static void start() {
        cluster = new MockCluster();
        controller = cluster.startController(MockCluster.CONTROLLER);
    }

    @AfterAll
    static void stop() throws Exception {
        cluster.close();
    }

    @BeforeEach
    void namespace() {
        web = new Workload(cluster.client(), cluster.newNamespace(), "web", Duration.ofSeconds(20));
    }

    @AfterEach
    void releaseKubelet() {
        cluster.kubelet().release();
        WriteChecks.assertControllerWritesConsistent(cluster.server(), web.namespace());
    }

    HttpResponse<String> get(String path) {
        try {
            return HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + controller.port() + path)).build(),
                    HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw new AssertionError(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }

    @Test
    void healthzAndReadyzAnswerOkOnceTheCachesAreSynced() {
        assertThat(get("/healthz").statusCode()).isEqualTo(200);
        web.await("/readyz answering 200", () -> get("/readyz").statusCode() == 200);
        assertThat(get("/readyz").body()).isEqualTo("ok\n");
        assertThat(get("/nothing-here").statusCode()).isEqualTo(404);
    }

    @Test
    void metricsShowTheWorkQueueTheSyncsAndTheRolloutGaugesOfEachSet() {
        web.create(WebSet.in(web.namespace()).replicas(2));
        web.awaitRolledOut(2);
        Map<String, String> set = Map.of("statefulset_namespace", web.namespace(), "statefulset_name", "web",
                "pod_management_policy", "OrderedReady");

        Scrape scrape = web.await("the gauges of the settled set", () -> Scrape.of(controller.port()),
                s -> s.value("statefulset_controller_statefulset_unavailable_replicas", set).equals(Optional.of(0.0)));

        assertThat(scrape.contentType()).startsWith("text/plain; version=0.0.4");
        Map<String, String> queue = Map.of("name", "statefulset");
        assertThat(scrape.value("workqueue_adds_total", queue)).hasValueSatisfying(v -> assertThat(v).isPositive());
        assertThat(scrape.value("workqueue_depth", queue)).isPresent();
        assertThat(scrape.value("workqueue_retries_total", queue)).isPresent();
        assertThat(scrape.value("workqueue_queue_duration_seconds_count", queue)).hasValueSatisfying(v -> assertThat(v).isPositive());
        assertThat(scrape.value("workqueue_work_duration_seconds_bucket", Map.of("name", "statefulset", "le", "+Inf"))).isPresent();
        assertThat(scrape.value("stateful_reconcile_total", Map.of("result", "success"))).hasValueSatisfying(v -> assertThat(v).isPositive());
        assertThat(scrape.value("stateful_reconcile_total", Map.of("result", "error"))).isPresent();
        assertThat(scrape.value("stateful_reconcile_duration_seconds_count", Map.of("result", "success"))).hasValueSatisfying(v -> assertThat(v).isPositive());
        assertThat(scrape.value("statefulset_controller_statefulset_max_unavailable", set)).contains(1.0);
        assertThat(scrape.value("stateful_build_info", Map.of("version", Version.current(), "java_version", System.getProperty("java.version"))))
                .contains(1.0);
        assertThat(Version.current()).isNotEqualTo("dev");
    }

    @Test
    void theUnavailableReplicasGaugeCountsReplicasWithoutAnAvailablePod() {
        Map<String, String> set = Map.of("statefulset_namespace", web.namespace(), "statefulset_name", "web",
                "pod_management_policy", "Parallel");
        cluster.kubelet().hold();
        web.create(WebSet.in(web.namespace()).replicas(3).parallel());

        web.await("three unavailable replicas", () -> Scrape.of(controller.port())
                .value("statefulset_controller_statefulset_unavailable_replicas", set).equals(Optional.of(3.0)));

        cluster.kubelet().release();
        web.awaitRolledOut(3);
        web.await("no unavailable replica", () -> Scrape.of(controller.port())
                .value("statefulset_controller_statefulset_unavailable_replicas", set).equals(Optional.of(0.0)));
    }
}
