package dev.stateful.testing.fabric8;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stateful.testsupport.Eventually;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** A cluster closed leaves no thread of its own behind: a suite that starts one per test must not grow. */
@EnableKubernetesMockClient(crud = true)
class ThreadsTest {

    KubernetesClient client;

    @Test
    void closingTheClusterEndsTheThreadsItStarted() {
        startSettleAndClose(); // the first one starts what is shared for the JVM's life (fabric8's and Vert.x's pools)
        Set<Thread> before = Thread.getAllStackTraces().keySet();

        for (int i = 0; i < 3; i++) {
            startSettleAndClose();
        }

        assertThat(Eventually.await("the threads of three closed clusters ended", Duration.ofSeconds(20), () -> leftOver(before), List::isEmpty))
                .isEmpty();
    }

    private void startSettleAndClose() {
        try (StatefulSetCluster cluster = StatefulSetCluster.start(client)) {
            cluster.settle();
        }
    }

    /**
     * Threads started since {@code before} and still alive, but for the pooled threads of the test's own client
     * ({@code ...-pool-N-thread-M}: its executors, used by the cluster's reads on it, end them after a minute idle).
     */
    private static List<String> leftOver(Set<Thread> before) {
        return Thread.getAllStackTraces().keySet().stream().filter(t -> !before.contains(t) && t.isAlive())
                .filter(t -> !t.getName().matches(".*pool-\\d+-thread-\\d+"))
                .map(Thread::getName).sorted().collect(Collectors.toList());
    }
}
