package dev.stateful.it.support;

import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodCondition;
import io.fabric8.kubernetes.api.model.PodConditionBuilder;
import io.fabric8.kubernetes.api.model.PodStatusBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The kubelet the mock API server lacks, as upstream's integration tests play it: it moves every
 * Pending pod to Running and Ready through the {@code /status} subresource, unless its image is
 * one that cannot be pulled ({@value #UNPULLABLE} in the tag), which stays Pending like a pod in
 * ErrImagePull. Deleted pods need nothing from it: the mock removes them at once.
 */
public final class SimulatedKubelet implements AutoCloseable {

    public static final String UNPULLABLE = "does-not-exist";
    private static final Logger LOG = LoggerFactory.getLogger(SimulatedKubelet.class);
    private static final long POLL_MILLIS = 20;

    private final KubernetesClient client;
    private final Thread thread;
    private volatile boolean running = true;
    private boolean held;

    private SimulatedKubelet(KubernetesClient client) {
        this.client = client;
        this.thread = new Thread(this::run, "simulated-kubelet");
        this.thread.setDaemon(true);
    }

    /** Starts watching pods in every namespace; {@code client} writes as the kubelet. */
    public static SimulatedKubelet start(KubernetesClient client) {
        SimulatedKubelet kubelet = new SimulatedKubelet(client);
        kubelet.thread.start();
        return kubelet;
    }

    private void run() {
        while (running) {
            try {
                pass();
            } catch (KubernetesClientException e) {
                if (running) {
                    LOG.debug("kubelet pass failed: {}", e.getMessage());
                }
            }
            try {
                Thread.sleep(POLL_MILLIS);
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    private synchronized void pass() {
        if (!held) {
            List<Pod> pods = client.pods().inAnyNamespace().list().getItems();
            pods.stream().filter(SimulatedKubelet::startable).forEach(this::runAndReady);
        }
    }

    /** Starts no more pods until {@link #release()}: new pods stay Pending. Returns after any pass in progress. */
    public synchronized void hold() {
        held = true;
    }

    public synchronized void release() {
        held = false;
    }

    private static boolean startable(Pod pod) {
        boolean pending = pod.getStatus() == null || pod.getStatus().getPhase() == null || "Pending".equals(pod.getStatus().getPhase());
        return pending && pod.getMetadata().getDeletionTimestamp() == null
                && pod.getSpec().getContainers().stream().noneMatch(c -> c.getImage().contains(UNPULLABLE));
    }

    private void runAndReady(Pod pod) {
        String now = Instant.now().truncatedTo(ChronoUnit.SECONDS).toString();
        pod.setStatus(new PodStatusBuilder(pod.getStatus())
                .withPhase("Running")
                .withConditions(condition("PodScheduled", now), condition("Initialized", now), condition("ContainersReady", now),
                        condition("Ready", now))
                .withStartTime(now)
                .build());
        try {
            client.pods().inNamespace(pod.getMetadata().getNamespace()).resource(pod).updateStatus();
        } catch (KubernetesClientException e) {
            LOG.debug("could not start pod {}: {}", pod.getMetadata().getName(), e.getMessage()); // deleted meanwhile: fine
        }
    }

    private static PodCondition condition(String type, String now) {
        return new PodConditionBuilder().withType(type).withStatus("True").withLastTransitionTime(now).build();
    }

    @Override
    public void close() throws InterruptedException {
        running = false;
        thread.interrupt();
        thread.join(5000);
    }
}
