package dev.stateful.it.differential;

import dev.stateful.it.support.WebSet;
import dev.stateful.it.support.Workload;
import dev.stateful.testsupport.kubelet.SimulatedKubelet;
import io.fabric8.kubernetes.api.model.IntOrString;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodCondition;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.ResourceQuotaBuilder;
import io.fabric8.kubernetes.api.model.apps.StatefulSet;
import io.fabric8.kubernetes.api.model.apps.StatefulSetUpdateStrategyBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.dsl.base.PatchContext;
import io.fabric8.kubernetes.client.dsl.base.PatchType;
import java.util.concurrent.TimeUnit;
import java.util.function.UnaryOperator;

/** What a scenario's user does to {@code web} and its pods, through the API only. */
public final class Actions {

    /** The finalizer {@link #deleteClaimHeld} puts on a claim. */
    static final String HOLD_CLAIM = "oracle.stateful.dev/hold";

    private final KubernetesClient client;
    private final String namespace;
    private final Workload web;

    Actions(KubernetesClient client, String namespace, Workload web) {
        this.client = client;
        this.namespace = namespace;
        this.web = web;
    }

    public String namespace() {
        return namespace;
    }

    public void create(WebSet set) {
        client.apps().statefulSets().inNamespace(namespace).resource(set.build()).create();
    }

    public void scale(int replicas) {
        edit(set -> {
            set.getSpec().setReplicas(replicas);
            return set;
        });
    }

    public void image(String image) {
        web.setImage(image);
    }

    public void partition(int partition) {
        edit(set -> {
            set.getSpec().setUpdateStrategy(new StatefulSetUpdateStrategyBuilder().withType("RollingUpdate").withNewRollingUpdate()
                    .withPartition(partition).withMaxUnavailable(maxUnavailable(set)).endRollingUpdate().build());
            return set;
        });
    }

    public void maxUnavailable(int value) {
        edit(set -> {
            int partition = set.getSpec().getUpdateStrategy().getRollingUpdate() == null ? 0
                    : set.getSpec().getUpdateStrategy().getRollingUpdate().getPartition();
            set.getSpec().setUpdateStrategy(new StatefulSetUpdateStrategyBuilder().withType("RollingUpdate").withNewRollingUpdate()
                    .withPartition(partition).withMaxUnavailable(new IntOrString(value)).endRollingUpdate().build());
            return set;
        });
    }

    public void onDelete() {
        edit(set -> {
            set.getSpec().setUpdateStrategy(new StatefulSetUpdateStrategyBuilder().withType("OnDelete").build());
            return set;
        });
    }

    public void rollingUpdate() {
        partition(0);
    }

    public void retention(String whenScaled, String whenDeleted) {
        edit(set -> {
            set.getSpec().getPersistentVolumeClaimRetentionPolicy().setWhenScaled(whenScaled);
            set.getSpec().getPersistentVolumeClaimRetentionPolicy().setWhenDeleted(whenDeleted);
            return set;
        });
    }

    public void deletePod(String name) {
        client.pods().inNamespace(namespace).withName(name).delete();
    }

    public void deleteClaim(String name) {
        client.persistentVolumeClaims().inNamespace(namespace).withName(name).delete();
    }

    /**
     * Deletes the claim with a finalizer of the scenario's on it first, which nothing ever takes
     * off: the claim stays terminating after its pod has gone, as it would while a storage
     * system's finalizer waits for the volume to be released.
     */
    public void deleteClaimHeld(String name) {
        client.persistentVolumeClaims().inNamespace(namespace).withName(name).edit(claim -> {
            claim.getMetadata().getFinalizers().add(HOLD_CLAIM);
            return claim;
        });
        deleteClaim(name);
    }

    /**
     * A ResourceQuota of {@code hard} objects of {@code resource} ({@code pods},
     * {@code persistentvolumeclaims}) in the namespace, returned once kube-controller-manager's quota
     * controller has counted them: until then the API server's ResourceQuota admission refuses every
     * create of them with "status unknown for quota", which is not what the scenario means.
     */
    public void limit(String resource, int hard) {
        client.resourceQuotas().inNamespace(namespace).resource(new ResourceQuotaBuilder().withNewMetadata().withName(resource).endMetadata()
                .withNewSpec().addToHard(resource, new Quantity(String.valueOf(hard))).endSpec().build()).create();
        client.resourceQuotas().inNamespace(namespace).withName(resource).waitUntilCondition(
                quota -> quota != null && quota.getStatus() != null && quota.getStatus().getUsed() != null
                        && quota.getStatus().getUsed().containsKey(resource), 30, TimeUnit.SECONDS);
    }

    public void deleteSet() {
        web.delete();
    }

    /** Deletes the set with {@code propagationPolicy: Orphan}: its pods, claims and revisions stay. */
    public void orphanSet() {
        client.apps().statefulSets().inNamespace(namespace).withName("web")
                .withPropagationPolicy(io.fabric8.kubernetes.api.model.DeletionPropagation.ORPHAN).delete();
    }

    /** The pod's containers exit with an error and it is not restarted: phase Failed, as the kubelet reports it. */
    public void failPod(String name) {
        Pod pod = client.pods().inNamespace(namespace).withName(name).get();
        if (pod == null || pod.getStatus() == null || pod.getStatus().getConditions() == null) {
            return; // a random scenario may name a pod that is not there
        }
        pod.getStatus().setPhase("Failed");
        pod.getStatus().getConditions().forEach(c -> ready(c, false));
        client.pods().inNamespace(namespace).resource(pod).updateStatus();
    }

    /** The pod's readiness probe starts failing (or passing again). */
    public void ready(String name, boolean ready) {
        Pod pod = client.pods().inNamespace(namespace).withName(name).get();
        if (pod == null || pod.getStatus() == null || pod.getStatus().getConditions() == null) {
            return;
        }
        pod.getStatus().getConditions().forEach(c -> ready(c, ready));
        client.pods().inNamespace(namespace).resource(pod).updateStatus();
    }

    /** From now on the pod does not finish terminating when deleted, until {@link #releaseTermination}. */
    public void holdTermination(String name) {
        annotate(name, "\"" + SimulatedKubelet.HOLD_TERMINATION + "\":\"true\"");
    }

    public void releaseTermination(String name) {
        annotate(name, "\"" + SimulatedKubelet.HOLD_TERMINATION + "\":null");
    }

    private void annotate(String pod, String annotation) {
        try {
            client.pods().inNamespace(namespace).withName(pod).patch(PatchContext.of(PatchType.JSON_MERGE),
                    "{\"metadata\":{\"annotations\":{" + annotation + "}}}");
        } catch (KubernetesClientException e) {
            if (e.getCode() != 404) {
                throw e;
            }
            // a random scenario may name a pod that is not there (or is gone by the release)
        }
    }

    private static void ready(PodCondition condition, boolean ready) {
        if (condition.getType().equals("Ready") || condition.getType().equals("ContainersReady")) {
            condition.setStatus(ready ? "True" : "False");
        }
    }

    private static IntOrString maxUnavailable(StatefulSet set) {
        var rolling = set.getSpec().getUpdateStrategy().getRollingUpdate();
        return rolling == null ? null : rolling.getMaxUnavailable();
    }

    private void edit(UnaryOperator<StatefulSet> change) {
        web.edit(change);
    }
}
