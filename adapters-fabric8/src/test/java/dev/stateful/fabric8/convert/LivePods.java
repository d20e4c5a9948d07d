package dev.stateful.fabric8.convert;

import io.fabric8.kubernetes.api.model.ContainerStatusBuilder;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.PodConditionBuilder;
import io.fabric8.kubernetes.api.model.TolerationBuilder;
import java.util.Map;

/** Pods as the API server holds them once scheduled and running: far more than the controller reads. */
public final class LivePods {

    public static final String T0 = "2026-01-01T00:00:00Z";
    public static final String READY_SINCE = "2026-01-01T00:00:10Z";

    private LivePods() {
    }

    /** Pod {@code web-<ordinal>} of set {@code web} (uid web-uid), claim volume {@code www} mounting {@code claimName}. */
    public static Pod running(int ordinal, String claimName) {
        String name = "web-" + ordinal;
        return new PodBuilder()
                .withNewMetadata().withName(name).withNamespace("default").withUid("uid-" + name).withCreationTimestamp(T0)
                    .withLabels(Map.of("app", "nginx", "controller-revision-hash", "web-5d8f", "statefulset.kubernetes.io/pod-name", name,
                            "apps.kubernetes.io/pod-index", Integer.toString(ordinal)))
                    .withAnnotations(Map.of("kubectl.kubernetes.io/restartedAt", T0, "cni.projectcalico.org/podIP", "10.244.1.7/32"))
                    .addNewOwnerReference().withApiVersion("apps/v1").withKind("StatefulSet").withName("web").withUid("web-uid")
                        .withController(true).withBlockOwnerDeletion(true).endOwnerReference()
                .endMetadata()
                .withNewSpec().withHostname(name).withSubdomain("nginx").withNodeName("node-01").withServiceAccountName("default")
                    .addNewContainer().withName("nginx").withImage("nginx:1.25")
                        .addNewVolumeMount().withName("www").withMountPath("/usr/share/nginx/html").endVolumeMount()
                        .addNewVolumeMount().withName("kube-api-access-x1").withMountPath("/var/run/secrets/kubernetes.io/serviceaccount")
                            .withReadOnly(true).endVolumeMount()
                    .endContainer()
                    .withTolerations(new TolerationBuilder().withKey("node.kubernetes.io/not-ready").withOperator("Exists")
                            .withEffect("NoExecute").withTolerationSeconds(300L).build())
                    .addNewVolume().withName("www").withNewPersistentVolumeClaim().withClaimName(claimName).withReadOnly(true)
                        .endPersistentVolumeClaim().endVolume()
                    .addNewVolume().withName("kube-api-access-x1").withNewProjected().withDefaultMode(420)
                        .addNewSource().withNewServiceAccountToken().withPath("token").withExpirationSeconds(3607L).endServiceAccountToken()
                        .endSource().endProjected().endVolume()
                .endSpec()
                .withNewStatus().withPhase("Running").withHostIP("10.0.0.1").withPodIP("10.244.1.7").withStartTime(T0)
                    .withConditions(
                        new PodConditionBuilder().withType("Initialized").withStatus("True").withLastTransitionTime(T0).build(),
                        new PodConditionBuilder().withType("Ready").withStatus("True").withLastTransitionTime(READY_SINCE).build(),
                        new PodConditionBuilder().withType("ContainersReady").withStatus("True").withLastTransitionTime(READY_SINCE).build(),
                        new PodConditionBuilder().withType("PodScheduled").withStatus("True").withLastTransitionTime(T0).build())
                    .withContainerStatuses(new ContainerStatusBuilder().withName("nginx").withImage("nginx:1.25").withReady(true)
                        .withRestartCount(0).withNewState().withNewRunning().withStartedAt(T0).endRunning().endState().build())
                .endStatus()
                .build();
    }
}
