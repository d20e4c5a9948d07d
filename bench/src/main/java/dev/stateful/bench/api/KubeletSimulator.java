package dev.stateful.bench.api;

import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodCondition;
import io.fabric8.kubernetes.api.model.PodConditionBuilder;
import io.fabric8.kubernetes.api.model.PodStatus;
import io.fabric8.kubernetes.api.model.PodStatusBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.Watch;
import io.fabric8.kubernetes.client.Watcher;
import io.fabric8.kubernetes.client.WatcherException;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A kubelet for the mock API: watches the namespace's pods and moves each new one to Running and
 * Ready through {@code /status} (PUT, retried on conflict), on a small pool of its own, with its own
 * client (not rate limited: the kubelet is not the controller).
 */
public final class KubeletSimulator implements AutoCloseable {

    private final KubernetesClient client;
    private final String namespace;
    private final ExecutorService workers;
    private final Set<String> handled = ConcurrentHashMap.newKeySet();
    private final AtomicInteger failures = new AtomicInteger();
    private Watch watch;

    public KubeletSimulator(KubernetesClient client, String namespace, int threads) {
        this.client = client;
        this.namespace = namespace;
        AtomicInteger n = new AtomicInteger();
        this.workers = Executors.newFixedThreadPool(threads, r -> {
            Thread t = new Thread(r, "kubelet-sim-" + n.incrementAndGet());
            t.setDaemon(true);
            return t;
        });
    }

    public KubeletSimulator start() {
        watch = client.pods().inNamespace(namespace).watch(new Watcher<Pod>() {
            @Override
            public void eventReceived(Action action, Pod pod) {
                if (action == Action.ADDED && pod.getMetadata().getDeletionTimestamp() == null
                        && handled.add(pod.getMetadata().getName())) {
                    workers.execute(() -> makeReady(pod));
                }
            }

            @Override
            public void onClose(WatcherException cause) {
                // closed by close()
            }
        });
        return this;
    }

    public int failures() {
        return failures.get();
    }

    private void makeReady(Pod seen) {
        Pod pod = seen;
        for (int attempt = 0; attempt < 10; attempt++) {
            pod.setStatus(runningAndReady());
            try {
                client.pods().inNamespace(namespace).resource(pod).updateStatus();
                return;
            } catch (KubernetesClientException e) {
                if (e.getCode() != 409) {
                    failures.incrementAndGet();
                    return;
                }
                pod = client.pods().inNamespace(namespace).withName(seen.getMetadata().getName()).get();
                if (pod == null) {
                    return;
                }
            }
        }
        failures.incrementAndGet();
    }

    public static PodStatus runningAndReady() {
        String now = Instant.now().toString();
        List<PodCondition> conditions = List.of(
                condition("PodScheduled", now), condition("Initialized", now),
                condition("ContainersReady", now), condition("Ready", now));
        return new PodStatusBuilder().withPhase("Running").withConditions(conditions)
                .withHostIP("10.0.0.1").withPodIP("10.244.0.10").withStartTime(now).withQosClass("BestEffort").build();
    }

    private static PodCondition condition(String type, String now) {
        return new PodConditionBuilder().withType(type).withStatus("True").withLastTransitionTime(now).build();
    }

    @Override
    public void close() throws InterruptedException {
        if (watch != null) {
            watch.close();
        }
        workers.shutdownNow();
        workers.awaitTermination(5, TimeUnit.SECONDS);
    }
}
