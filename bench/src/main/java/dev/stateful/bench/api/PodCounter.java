package dev.stateful.bench.api;

import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.Watch;
import io.fabric8.kubernetes.client.Watcher;
import io.fabric8.kubernetes.client.WatcherException;
import java.time.Duration;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * The stopwatch of figure 3, the same for ours and the baseline: a watch on the namespace's pods
 * that notes the instant the n-th distinct pod is reported ADDED.
 */
final class PodCounter implements AutoCloseable {

    private final int expected;
    private final Set<String> seen = ConcurrentHashMap.newKeySet();
    private final CountDownLatch done = new CountDownLatch(1);
    private final Watch watch;
    private volatile long doneAt;

    PodCounter(KubernetesClient client, String namespace, int expected) {
        this.expected = expected;
        this.watch = client.pods().inNamespace(namespace).watch(new Watcher<Pod>() {
            @Override
            public void eventReceived(Action action, Pod pod) {
                if (action == Action.ADDED && seen.add(pod.getMetadata().getName()) && seen.size() == PodCounter.this.expected) {
                    doneAt = System.nanoTime();
                    done.countDown();
                }
            }

            @Override
            public void onClose(WatcherException cause) {
                // closed by close()
            }
        });
    }

    /** Nanos from {@code start} until all pods existed; throws when they did not within {@code timeout}. */
    long awaitAll(long start, Duration timeout) throws InterruptedException {
        if (!done.await(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
            throw new IllegalStateException("only " + seen.size() + " of " + expected + " pods exist after " + timeout);
        }
        return doneAt - start;
    }

    @Override
    public void close() {
        watch.close();
    }
}
