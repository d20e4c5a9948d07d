package dev.stateful.testsupport.kubelet;

import io.fabric8.kubernetes.api.model.BindingBuilder;
import io.fabric8.kubernetes.api.model.NodeBuilder;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodCondition;
import io.fabric8.kubernetes.api.model.PodConditionBuilder;
import io.fabric8.kubernetes.api.model.PodStatus;
import io.fabric8.kubernetes.api.model.PodStatusBuilder;
import io.fabric8.kubernetes.api.model.coordination.v1.LeaseBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.informers.ResourceEventHandler;
import io.fabric8.kubernetes.client.informers.SharedIndexInformer;
import io.fabric8.kubernetes.client.informers.cache.Cache;
import java.time.Instant;
import java.time.ZonedDateTime;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.ReadWriteLock;
import java.util.concurrent.locks.ReentrantReadWriteLock;
import java.util.function.Predicate;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The kubelet an API server without nodes lacks, as upstream's integration tests play it: every
 * Pending pod becomes Running and Ready through the {@code /status} subresource (retried on
 * conflict), unless {@link Options#startable} refuses it (by default an image that cannot be
 * pulled, {@value #UNPULLABLE} in its tag, which stays Pending like a pod in ErrImagePull).
 *
 * <p>On a real API server ({@link Options#node} set) it also plays the scheduler and the node: it
 * registers a Ready Node and renews its Lease (so the node lifecycle controller leaves it alone),
 * binds each new pod to it, and ends the graceful termination of a deleted pod as a kubelet does
 * once its containers stopped (a delete with grace period 0), unless the pod is annotated
 * {@value #HOLD_TERMINATION}. On fabric8's mock none of that is needed: a deleted pod is gone at once.
 */
public final class SimulatedKubelet implements AutoCloseable {

    public static final String UNPULLABLE = "does-not-exist";
    /** A pod annotated so keeps terminating (its containers "do not stop") until the annotation goes. */
    public static final String HOLD_TERMINATION = "stateful.dev/hold-termination";
    private static final Logger LOG = LoggerFactory.getLogger(SimulatedKubelet.class);
    private static final long NODE_LEASE_SECONDS = 40;

    /**
     * @param namespace the namespace to watch, or null for all
     * @param node the Node to register and bind pods to, or null (fabric8's mock)
     * @param threads how many pods it moves at once
     * @param startable which Pending pods it starts
     */
    public record Options(String namespace, String node, int threads, Predicate<Pod> startable) {
        public static Options defaults() {
            return new Options(null, null, 2, pod -> pod.getSpec().getContainers().stream().noneMatch(c -> c.getImage().contains(UNPULLABLE)));
        }

        public Options inNamespace(String name) {
            return new Options(name, node, threads, startable);
        }

        public Options onNode(String name) {
            return new Options(namespace, name, threads, startable);
        }

        public Options threads(int count) {
            return new Options(namespace, node, count, startable);
        }
    }

    private final KubernetesClient client;
    private final Options options;
    private final ExecutorService workers;
    private final ScheduledExecutorService heartbeat;
    private final Set<String> queued = ConcurrentHashMap.newKeySet();
    /**
     * Uids of deleted pods whose termination this kubelet has ended (or is ending). kube-apiserver ends
     * a graceful delete in two writes, an update that sets {@code deletionGracePeriodSeconds: 0} and
     * then the removal (the registry's {@code BeforeDelete}); the update's MODIFIED event would
     * otherwise send the same DELETE again, answered 404 once the removal is done.
     */
    private final Set<String> ended = ConcurrentHashMap.newKeySet();
    private final ReadWriteLock holding = new ReentrantReadWriteLock();
    private final AtomicInteger failures = new AtomicInteger();
    private volatile boolean held;
    private SharedIndexInformer<Pod> informer;

    private SimulatedKubelet(KubernetesClient client, Options options) {
        this.client = client;
        this.options = options;
        AtomicInteger n = new AtomicInteger();
        this.workers = Executors.newFixedThreadPool(options.threads(), r -> daemon(r, "simulated-kubelet-" + n.incrementAndGet()));
        this.heartbeat = Executors.newSingleThreadScheduledExecutor(r -> daemon(r, "simulated-kubelet-heartbeat"));
    }

    /** Starts watching pods; {@code client} writes as the kubelet. */
    public static SimulatedKubelet start(KubernetesClient client, Options options) {
        SimulatedKubelet kubelet = new SimulatedKubelet(client, options);
        if (options.node() != null) {
            kubelet.registerNode();
        }
        var pods = options.namespace() == null ? client.pods().inAnyNamespace() : client.pods().inNamespace(options.namespace());
        kubelet.informer = pods.inform(new ResourceEventHandler<>() {
            @Override
            public void onAdd(Pod pod) {
                kubelet.offer(pod);
            }

            @Override
            public void onUpdate(Pod before, Pod pod) {
                kubelet.offer(pod);
            }

            @Override
            public void onDelete(Pod pod, boolean finalStateUnknown) {
                kubelet.ended.remove(pod.getMetadata().getUid());
            }
        });
        return kubelet;
    }

    public static SimulatedKubelet start(KubernetesClient client) {
        return start(client, Options.defaults());
    }

    /** Its pod informer has listed and watches: a pod created from now on is seen (fabric8's mock drops changes made before). */
    public boolean isWatching() {
        return informer != null && informer.hasSynced() && informer.isWatching();
    }

    /** Starts no more pods until {@link #release()}: new pods stay Pending. Returns after any start in progress. */
    public void hold() {
        holding.writeLock().lock();
        try {
            held = true;
        } finally {
            holding.writeLock().unlock();
        }
    }

    public void release() {
        held = false;
        informer.getStore().list().forEach(this::offer);
    }

    /** Writes that failed for a reason other than a conflict or the pod being gone. */
    public int failures() {
        return failures.get();
    }

    /** A Running and Ready pod's status as this kubelet writes it. */
    public static PodStatus runningAndReady(PodStatus before) {
        String now = Instant.now().truncatedTo(ChronoUnit.SECONDS).toString();
        List<PodCondition> conditions = List.of(condition("PodScheduled", now), condition("Initialized", now),
                condition("ContainersReady", now), condition("Ready", now));
        return (before == null ? new PodStatusBuilder() : new PodStatusBuilder(before)).withPhase("Running").withConditions(conditions)
                .withHostIP("10.0.0.1").withPodIP("10.244.0.10").withStartTime(now).withQosClass("BestEffort").build();
    }

    // ---------------------------------------------------------------- the pod's steps

    private void offer(Pod pod) {
        String key = Cache.metaNamespaceKeyFunc(pod);
        if (needsStep(pod) && queued.add(key)) {
            workers.execute(() -> {
                queued.remove(key);
                Pod latest = informer.getStore().getByKey(key);
                if (latest != null) {
                    step(latest);
                }
            });
        }
    }

    private boolean needsStep(Pod pod) {
        if (pod.getMetadata().getDeletionTimestamp() != null) {
            var annotations = pod.getMetadata().getAnnotations();
            return options.node() != null && (annotations == null || !annotations.containsKey(HOLD_TERMINATION))
                    && !ended.contains(pod.getMetadata().getUid());
        }
        if (options.node() != null && blank(pod.getSpec().getNodeName())) {
            return true;
        }
        return pending(pod) && !held && options.startable().test(pod);
    }

    private void step(Pod pod) {
        String namespace = pod.getMetadata().getNamespace();
        String name = pod.getMetadata().getName();
        String uid = pod.getMetadata().getUid();
        boolean ending = pod.getMetadata().getDeletionTimestamp() != null;
        try {
            if (ending) {
                if (!ended.add(uid)) {
                    return; // a worker sent it already
                }
                // this incarnation only: a pod of the same name created meanwhile is not ours to end
                client.raw("/api/v1/namespaces/" + namespace + "/pods/" + name, "DELETE",
                        "{\"apiVersion\":\"v1\",\"kind\":\"DeleteOptions\",\"gracePeriodSeconds\":0,\"preconditions\":{\"uid\":\""
                                + pod.getMetadata().getUid() + "\"}}");
            } else if (options.node() != null && blank(pod.getSpec().getNodeName())) {
                client.bindings().inNamespace(namespace).resource(new BindingBuilder().withNewMetadata().withName(name).endMetadata()
                        .withNewTarget().withApiVersion("v1").withKind("Node").withName(options.node()).endTarget().build()).create();
            } else {
                start(pod);
            }
        } catch (KubernetesClientException e) {
            if (ending) {
                ended.remove(uid); // not ended by this delete (or gone already, and its DELETED event may have passed)
            }
            if (e.getCode() != 404 && e.getCode() != 409) {
                failures.incrementAndGet();
                LOG.debug("kubelet step for {}/{} failed: {}", namespace, name, e.getMessage());
            }
        }
    }

    private void start(Pod seen) {
        holding.readLock().lock();
        try {
            Pod pod = seen;
            for (int attempt = 0; attempt < 10 && !held && pending(pod) && options.startable().test(pod); attempt++) {
                pod.setStatus(runningAndReady(pod.getStatus()));
                try {
                    client.pods().inNamespace(pod.getMetadata().getNamespace()).resource(pod).updateStatus();
                    return;
                } catch (KubernetesClientException e) {
                    if (e.getCode() != 409) {
                        throw e;
                    }
                    pod = client.pods().inNamespace(pod.getMetadata().getNamespace()).withName(pod.getMetadata().getName()).get();
                    if (pod == null || pod.getMetadata().getDeletionTimestamp() != null) {
                        return;
                    }
                }
            }
        } finally {
            holding.readLock().unlock();
        }
    }

    private static boolean pending(Pod pod) {
        return pod.getMetadata().getDeletionTimestamp() == null
                && (pod.getStatus() == null || blank(pod.getStatus().getPhase()) || "Pending".equals(pod.getStatus().getPhase()));
    }

    // ---------------------------------------------------------------- the node

    private void registerNode() {
        String now = Instant.now().truncatedTo(ChronoUnit.SECONDS).toString();
        client.nodes().resource(new NodeBuilder().withNewMetadata().withName(options.node())
                .addToLabels("kubernetes.io/hostname", options.node()).endMetadata()
                .withNewStatus().addNewCondition().withType("Ready").withStatus("True").withReason("KubeletReady")
                .withLastHeartbeatTime(now).withLastTransitionTime(now).endCondition()
                .addNewAddress().withType("InternalIP").withAddress("10.0.0.1").endAddress().endStatus().build()).createOr(existing -> existing.update());
        heartbeat.scheduleAtFixedRate(this::renewLease, 0, 10, TimeUnit.SECONDS);
    }

    /** What a kubelet does every ten seconds: the node lifecycle controller takes a renewed Lease as a heartbeat. */
    private void renewLease() {
        try {
            ZonedDateTime now = ZonedDateTime.now(java.time.ZoneOffset.UTC).truncatedTo(ChronoUnit.MICROS);
            client.leases().inNamespace("kube-node-lease").resource(new LeaseBuilder().withNewMetadata().withName(options.node()).endMetadata()
                    .withNewSpec().withHolderIdentity(options.node()).withLeaseDurationSeconds((int) NODE_LEASE_SECONDS)
                    .withRenewTime(now).endSpec().build()).createOr(existing -> existing.update());
        } catch (KubernetesClientException e) {
            LOG.debug("node lease renewal failed: {}", e.getMessage());
        }
    }

    private static boolean blank(String value) {
        return value == null || value.isEmpty();
    }

    private static PodCondition condition(String type, String now) {
        return new PodConditionBuilder().withType(type).withStatus("True").withLastTransitionTime(now).build();
    }

    private static Thread daemon(Runnable runnable, String name) {
        Thread thread = new Thread(runnable, name);
        thread.setDaemon(true);
        return thread;
    }

    @Override
    public void close() throws InterruptedException {
        heartbeat.shutdownNow();
        if (informer != null) {
            informer.close();
        }
        workers.shutdownNow();
        workers.awaitTermination(5, TimeUnit.SECONDS);
    }
}
