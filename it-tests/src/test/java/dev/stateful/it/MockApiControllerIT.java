package dev.stateful.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stateful.it.support.MockApiServer;
import dev.stateful.it.support.MockCluster;
import dev.stateful.it.support.WebSet;
import dev.stateful.it.support.Workload;
import dev.stateful.testsupport.api.ApiWrite;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The core scenarios end to end: the controller wired as {@code stateful controller} wires it,
 * talking HTTP to fabric8's mock API server, with a simulated kubelet and a played garbage
 * collector; plus what only the mock lets a test see, every request the controller made.
 */
class MockApiControllerIT extends CoreScenarios {

    static MockCluster cluster;

    @BeforeAll
    static void startClusterAndController() {
        cluster = new MockCluster();
        cluster.startController(MockCluster.CONTROLLER);
    }

    @AfterAll
    static void stop() throws Exception {
        cluster.close();
    }

    @Override
    protected Environment environment() {
        return new Environment() {
            @Override
            public KubernetesClient client() {
                return cluster.client();
            }

            @Override
            public Duration timeout() {
                return Duration.ofSeconds(20);
            }

            @Override
            public String newNamespace() {
                return cluster.newNamespace();
            }

            @Override
            public void collectGarbage(String ns) {
                cluster.garbageCollector().collect(ns);
            }

            @Override
            public Optional<MockApiServer> recordingServer() {
                return Optional.of(cluster.server());
            }
        };
    }

    List<ApiWrite> controllerWrites() {
        return cluster.server().writes(w -> w.user().equals(MockCluster.CONTROLLER) && w.namespace().equals(namespace));
    }

    @Test
    void statusIsWrittenThroughTheStatusSubresourceAndNeverWithThePlainObject() {
        web.create(WebSet.in(namespace).replicas(2));
        web.awaitRolledOut(2);

        List<ApiWrite> setWrites = controllerWrites().stream().filter(w -> w.resource().equals("statefulsets")).toList();

        assertThat(setWrites).isNotEmpty().allSatisfy(w -> {
            assertThat(w.method()).isEqualTo("PUT");
            assertThat(w.subresource()).isEqualTo("status");
        });
    }

    @Test
    void aSettledSetStopsCausingWrites() {
        web.create(WebSet.in(namespace).replicas(2));
        web.awaitRolledOut(2);

        web.await("no controller write for half a second", () -> {
            int before = controllerWrites().size();
            sleep(Duration.ofMillis(500));
            return controllerWrites().size() == before;
        });
    }

    /**
     * Twenty sets at once, rolled out and updated together: a busy controller whose caches lag its
     * own writes still creates no pod or claim twice and never writes a status older than its last
     * one (checked after every test, see {@code CoreScenarios}).
     */
    @Test
    void twentySetsAtOnceRollOutAndUpdateWithoutRepeatingACreate() {
        List<Workload> sets = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            Workload set = new Workload(cluster.client(), namespace, "set-" + i, Duration.ofSeconds(60));
            set.create(WebSet.in(namespace).named("set-" + i).replicas(2).parallel());
            sets.add(set);
        }
        sets.forEach(set -> set.awaitRolledOut(2));
        sets.forEach(set -> set.setImage(WebSet.V2));
        sets.forEach(set -> set.awaitRolledOut(2));

        assertThat(controllerWrites().stream().filter(w -> w.method().equals("POST") && w.resource().equals("pods")))
                .as("two pods per set, then two replacements").hasSize(20 * 4);
        assertThat(cluster.server().statusWrites()).as("the status writes the checks after each test read")
                .filteredOn(w -> w.write().namespace().equals(namespace)).hasSizeGreaterThanOrEqualTo(20 * 2);
    }

    static void sleep(Duration duration) {
        try {
            Thread.sleep(duration.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
