package dev.stateful.it.support;

import dev.stateful.testsupport.Eventually;
import io.fabric8.kubernetes.api.model.Event;
import io.fabric8.kubernetes.api.model.PersistentVolumeClaim;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.apps.ControllerRevision;
import io.fabric8.kubernetes.api.model.apps.StatefulSet;
import io.fabric8.kubernetes.api.model.apps.StatefulSetStatus;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;

/** One StatefulSet under test and what belongs to it, read and changed the way a user would. */
public final class Workload {

    private final KubernetesClient client;
    private final String namespace;
    private final String name;
    private final Duration timeout;

    public Workload(KubernetesClient client, String namespace, String name, Duration timeout) {
        this.client = client;
        this.namespace = namespace;
        this.name = name;
        this.timeout = timeout;
    }

    // ---------------------------------------------------------------- changes

    public StatefulSet create(WebSet spec) {
        return client.apps().statefulSets().inNamespace(namespace).resource(spec.build()).create();
    }

    public void scale(int replicas) {
        edit(set -> {
            set.getSpec().setReplicas(replicas);
            return set;
        });
    }

    public void setImage(String image) {
        edit(set -> {
            set.getSpec().getTemplate().getSpec().getContainers().get(0).setImage(image);
            return set;
        });
    }

    public void setPartition(int partition) {
        edit(set -> {
            set.getSpec().getUpdateStrategy().getRollingUpdate().setPartition(partition);
            return set;
        });
    }

    public void delete() {
        client.apps().statefulSets().inNamespace(namespace).withName(name).delete();
    }

    public void deletePod(String pod) {
        client.pods().inNamespace(namespace).withName(pod).delete();
    }

    /** Read-modify-write of the spec, retried when the controller's status write got there first. */
    private void edit(UnaryOperator<StatefulSet> change) {
        for (int attempt = 0; ; attempt++) {
            StatefulSet set = set();
            try {
                client.apps().statefulSets().inNamespace(namespace).resource(change.apply(set)).update();
                return;
            } catch (KubernetesClientException e) {
                if (e.getCode() != 409 || attempt >= 10) {
                    throw e;
                }
            }
        }
    }

    // ---------------------------------------------------------------- reads

    public String namespace() {
        return namespace;
    }

    public StatefulSet set() {
        return Objects.requireNonNull(client.apps().statefulSets().inNamespace(namespace).withName(name).get(), "StatefulSet " + name);
    }

    public StatefulSetStatus status() {
        StatefulSetStatus status = set().getStatus();
        return status == null ? new StatefulSetStatus() : status;
    }

    /** This set's pods (by name prefix), by ordinal. */
    public List<Pod> pods() {
        return client.pods().inNamespace(namespace).list().getItems().stream()
                .filter(p -> p.getMetadata().getName().startsWith(name + "-"))
                .sorted(Comparator.comparingInt(p -> ordinal(p.getMetadata().getName())))
                .toList();
    }

    public List<String> podNames() {
        return pods().stream().map(p -> p.getMetadata().getName()).toList();
    }

    public Pod pod(String pod) {
        return Objects.requireNonNull(client.pods().inNamespace(namespace).withName(pod).get(), "pod " + pod);
    }

    public List<PersistentVolumeClaim> claims() {
        return client.persistentVolumeClaims().inNamespace(namespace).list().getItems().stream()
                .sorted(Comparator.comparing(c -> c.getMetadata().getName())).toList();
    }

    public List<String> claimNames() {
        return claims().stream().map(c -> c.getMetadata().getName()).toList();
    }

    public List<ControllerRevision> revisions() {
        return client.apps().controllerRevisions().inNamespace(namespace).list().getItems().stream()
                .sorted(Comparator.comparingLong(ControllerRevision::getRevision)).toList();
    }

    /** Messages of the events recorded on this set, oldest first. */
    public List<String> eventMessages() {
        return client.v1().events().inNamespace(namespace).list().getItems().stream()
                .filter(e -> "StatefulSet".equals(e.getInvolvedObject().getKind()) && name.equals(e.getInvolvedObject().getName()))
                .sorted(Comparator.comparing(Event::getFirstTimestamp, Comparator.nullsFirst(Comparator.naturalOrder())))
                .map(Event::getMessage)
                .toList();
    }

    // ---------------------------------------------------------------- waiting

    /**
     * Waits until the set has exactly {@code replicas} pods, all Ready on the update revision, and
     * its status says so for the current generation with the rollout complete.
     */
    public StatefulSet awaitRolledOut(int replicas) {
        return Eventually.await(name + " rolled out with " + replicas + " ready replicas", timeout, this::set, set -> {
            StatefulSetStatus s = set.getStatus();
            if (s == null || !Objects.equals(s.getObservedGeneration(), set.getMetadata().getGeneration())) {
                return false;
            }
            boolean counted = eq(s.getReplicas(), replicas) && eq(s.getReadyReplicas(), replicas) && eq(s.getUpdatedReplicas(), replicas)
                    && eq(s.getCurrentReplicas(), replicas) && eq(s.getAvailableReplicas(), replicas)
                    && s.getUpdateRevision() != null && s.getUpdateRevision().equals(s.getCurrentRevision());
            if (!counted) {
                return false;
            }
            List<Pod> pods = pods();
            return pods.size() == replicas && pods.stream().allMatch(p -> Pods.isReady(p)
                    && p.getMetadata().getDeletionTimestamp() == null && Pods.revision(p).equals(s.getUpdateRevision()));
        });
    }

    public void await(String what, Supplier<Boolean> condition) {
        Eventually.await(what, timeout, condition);
    }

    public <T> T await(String what, Supplier<T> probe, java.util.function.Predicate<T> done) {
        return Eventually.await(what, timeout, probe, done);
    }

    private static boolean eq(Integer value, int expected) {
        return (value == null ? 0 : value) == expected;
    }

    private int ordinal(String pod) {
        try {
            return Integer.parseInt(pod.substring(name.length() + 1));
        } catch (NumberFormatException e) {
            return Integer.MAX_VALUE;
        }
    }
}
