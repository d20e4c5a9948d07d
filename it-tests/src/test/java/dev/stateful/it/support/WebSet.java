package dev.stateful.it.support;

import dev.stateful.testsupport.kubelet.SimulatedKubelet;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.apps.StatefulSet;
import io.fabric8.kubernetes.api.model.apps.StatefulSetBuilder;
import io.fabric8.kubernetes.api.model.apps.StatefulSetUpdateStrategy;
import io.fabric8.kubernetes.api.model.apps.StatefulSetUpdateStrategyBuilder;

/**
 * The StatefulSet the scenarios run: {@code web}, pods of the pause image with one {@code www}
 * claim each. Written with the fields the API server defaults already filled in, so that the mock
 * (which defaults nothing) and a real server hold the same set.
 */
public final class WebSet {

    public static final String V1 = "registry.k8s.io/pause:3.9";
    public static final String V2 = "registry.k8s.io/pause:3.10";
    /** An image that never runs: its pods stay Pending. */
    public static final String BROKEN = "registry.k8s.io/pause:" + SimulatedKubelet.UNPULLABLE;

    private final String namespace;
    private String name = "web";
    private int replicas = 3;
    private String policy = "OrderedReady";
    private String image = V1;
    private boolean onDelete;
    private int partition;
    private String whenScaled = "Retain";
    private String whenDeleted = "Retain";

    private WebSet(String namespace) {
        this.namespace = namespace;
    }

    public static WebSet in(String namespace) {
        return new WebSet(namespace);
    }

    public WebSet named(String value) {
        name = value;
        return this;
    }

    public WebSet replicas(int value) {
        replicas = value;
        return this;
    }

    public WebSet parallel() {
        policy = "Parallel";
        return this;
    }

    public WebSet image(String value) {
        image = value;
        return this;
    }

    public WebSet onDelete() {
        onDelete = true;
        return this;
    }

    public WebSet partition(int value) {
        partition = value;
        return this;
    }

    public WebSet deleteClaims() {
        whenScaled = "Delete";
        whenDeleted = "Delete";
        return this;
    }

    /** whenScaled: Delete, whenDeleted: Retain. */
    public WebSet deleteClaimsWhenScaled() {
        whenScaled = "Delete";
        return this;
    }

    public String name() {
        return name;
    }

    public StatefulSet build() {
        return new StatefulSetBuilder()
                .withNewMetadata().withName(name).withNamespace(namespace).endMetadata()
                .withNewSpec()
                    .withReplicas(replicas)
                    .withServiceName(name)
                    .withPodManagementPolicy(policy)
                    .withNewSelector().addToMatchLabels("app", name).endSelector()
                    .withNewTemplate()
                        .withNewMetadata().addToLabels("app", name).endMetadata()
                        .withNewSpec()
                            .withTerminationGracePeriodSeconds(1L)
                            .withRestartPolicy("Always")
                            .addNewContainer().withName("pause").withImage(image)
                                .addNewVolumeMount().withName("www").withMountPath("/data").endVolumeMount()
                            .endContainer()
                        .endSpec()
                    .endTemplate()
                    .addNewVolumeClaimTemplate()
                        .withNewMetadata().withName("www").endMetadata()
                        .withNewSpec().withAccessModes("ReadWriteOnce")
                            .withNewResources().addToRequests("storage", new Quantity("1Mi")).endResources()
                        .endSpec()
                    .endVolumeClaimTemplate()
                    .withUpdateStrategy(strategy())
                    .withRevisionHistoryLimit(10)
                    .withNewPersistentVolumeClaimRetentionPolicy().withWhenScaled(whenScaled).withWhenDeleted(whenDeleted)
                    .endPersistentVolumeClaimRetentionPolicy()
                .endSpec()
                .build();
    }

    /** A pod named like one of this set's, with its labels, template and claim volume, that nothing owns. */
    public Pod orphanPod(String podName) {
        return new PodBuilder()
                .withNewMetadata().withName(podName).addToLabels("app", name)
                    .addToLabels("statefulset.kubernetes.io/pod-name", podName).endMetadata()
                .withSpec(build().getSpec().getTemplate().getSpec())
                .editSpec().addNewVolume().withName("www").withNewPersistentVolumeClaim().withClaimName("www-" + podName)
                    .endPersistentVolumeClaim().endVolume().endSpec()
                .build();
    }

    private StatefulSetUpdateStrategy strategy() {
        return onDelete
                ? new StatefulSetUpdateStrategyBuilder().withType("OnDelete").build()
                : new StatefulSetUpdateStrategyBuilder().withType("RollingUpdate").withNewRollingUpdate().withPartition(partition)
                        .endRollingUpdate().build();
    }
}
