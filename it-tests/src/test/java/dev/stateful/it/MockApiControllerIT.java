package dev.stateful.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stateful.it.support.MockCluster;
import dev.stateful.it.support.WebSet;
import dev.stateful.testsupport.api.ApiWrite;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.time.Duration;
import java.util.List;
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

    static void sleep(Duration duration) {
        try {
            Thread.sleep(duration.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
