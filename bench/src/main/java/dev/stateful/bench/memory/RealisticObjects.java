package dev.stateful.bench.memory;

import dev.stateful.bench.FirstPlan;
import dev.stateful.bench.Manifests;
import dev.stateful.domain.model.ObjectKey;
import dev.stateful.domain.model.StatefulSet;
import dev.stateful.domain.model.StatefulSetStatus;
import dev.stateful.fabric8.convert.Fabric8Codec;
import dev.stateful.inmemory.InMemoryCluster;
import io.fabric8.kubernetes.api.model.ContainerStatusBuilder;
import io.fabric8.kubernetes.api.model.PersistentVolumeClaim;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.TolerationBuilder;
import io.fabric8.kubernetes.api.model.VolumeBuilder;
import io.fabric8.kubernetes.api.model.VolumeMountBuilder;
import io.fabric8.kubernetes.api.model.apps.ControllerRevision;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Objects shaped like a real cluster's, for the cache to hold: the controller's own pods and claims
 * (its first plan) plus what the API server, scheduler, kubelet and volume binder add to them:
 * service-account token volume, default tolerations, node name, full pod status with container
 * statuses, bound claims with their annotations and finalizer. Cache cost per object depends on all
 * of this, so a bare object would flatter it.
 */
public final class RealisticObjects {

    static final String T0 = "2026-01-01T00:00:00Z";

    private RealisticObjects() {
    }

    /** A defaulted set as the API server stores it, with a status (uid and resourceVersion left to the server). */
    public static StatefulSet set(String namespace, String name, int replicas) {
        InMemoryCluster cluster = InMemoryCluster.create();
        cluster.apply(Manifests.statefulSet(namespace, name, replicas, Manifests.IMAGE, "Parallel", null, null));
        StatefulSet stored = cluster.stores().statefulSets().get(new ObjectKey(namespace, name)).orElseThrow();
        return stored.withMetadata(stored.metadata().withResourceVersion(null).withUid(uid(name)));
    }

    static String uid(String name) {
        return java.util.UUID.nameUUIDFromBytes(name.getBytes(java.nio.charset.StandardCharsets.UTF_8)).toString();
    }

    static StatefulSet withStatus(StatefulSet set, String revision) {
        int n = set.spec().replicasOrDefault();
        return set.withStatus(new StatefulSetStatus(1, n, n, n, n, n, revision, revision, 0, List.of()));
    }

    public record SetObjects(io.fabric8.kubernetes.api.model.apps.StatefulSet set, ControllerRevision revision,
                      List<Pod> pods, List<PersistentVolumeClaim> claims) {
    }

    public static SetObjects forSet(String namespace, String name, int replicas) {
        return forStoredSet(set(namespace, name, replicas));
    }

    /**
     * The same for a set an API server has stored (its uid and defaulted template), so the pods'
     * owner references and revision label are the ones the controller computes for it.
     */
    public static SetObjects forStoredSet(StatefulSet set) {
        FirstPlan plan = FirstPlan.of(set, Instant.parse(T0));
        List<Pod> pods = new ArrayList<>();
        for (dev.stateful.domain.model.Pod p : plan.pods()) {
            pods.add(runningPod(Fabric8Codec.toFabric8(p)));
        }
        List<PersistentVolumeClaim> claims = new ArrayList<>();
        for (dev.stateful.domain.model.PersistentVolumeClaim c : plan.claims()) {
            claims.add(boundClaim(Fabric8Codec.toFabric8(c)));
        }
        var fabricSet = Fabric8Codec.toFabric8(withStatus(set, plan.revision().name()));
        var revision = Fabric8Codec.toFabric8(plan.revision());
        revision.getMetadata().setResourceVersion(null);
        fabricSet.getMetadata().setResourceVersion(null);
        return new SetObjects(fabricSet, revision, pods, claims);
    }

    static Pod runningPod(Pod pod) {
        String name = pod.getMetadata().getName();
        int node = Math.abs(name.hashCode()) % 50;
        String token = "kube-api-access-" + Integer.toString(Math.abs(name.hashCode()) % 100_000, 36);
        Pod out = new PodBuilder(pod)
                .editMetadata().withUid(uid(pod.getMetadata().getNamespace() + "/" + name)).withCreationTimestamp(T0).endMetadata()
                .editSpec()
                    .withNodeName(String.format(Locale.ROOT, "node-%02d", node))
                    .withServiceAccountName("default").withServiceAccount("default")
                    .withEnableServiceLinks(true).withPreemptionPolicy("PreemptLowerPriority").withPriority(0)
                    .withTolerations(
                        new TolerationBuilder().withKey("node.kubernetes.io/not-ready").withOperator("Exists").withEffect("NoExecute").withTolerationSeconds(300L).build(),
                        new TolerationBuilder().withKey("node.kubernetes.io/unreachable").withOperator("Exists").withEffect("NoExecute").withTolerationSeconds(300L).build())
                    .addToVolumes(new VolumeBuilder().withName(token).withNewProjected().withDefaultMode(420)
                        .addNewSource().withNewServiceAccountToken().withExpirationSeconds(3607L).withPath("token").endServiceAccountToken().endSource()
                        .addNewSource().withNewConfigMap().withName("kube-root-ca.crt").addNewItem().withKey("ca.crt").withPath("ca.crt").endItem().endConfigMap().endSource()
                        .addNewSource().withNewDownwardAPI().addNewItem().withPath("namespace").withNewFieldRef().withApiVersion("v1").withFieldPath("metadata.namespace").endFieldRef().endItem().endDownwardAPI().endSource()
                        .endProjected().build())
                    .editFirstContainer().addToVolumeMounts(new VolumeMountBuilder().withName(token).withMountPath("/var/run/secrets/kubernetes.io/serviceaccount").withReadOnly(true).build()).endContainer()
                .endSpec()
                .build();
        var status = dev.stateful.testsupport.kubelet.SimulatedKubelet.runningAndReady(null);
        status.setHostIP(String.format(Locale.ROOT, "10.0.%d.%d", node / 250, node % 250 + 1));
        status.setPodIP(String.format(Locale.ROOT, "10.244.%d.%d", node, Math.abs(name.hashCode()) % 250 + 2));
        status.setContainerStatuses(List.of(new ContainerStatusBuilder().withName("nginx").withImage("docker.io/library/" + Manifests.IMAGE)
                .withImageID("docker.io/library/nginx@sha256:6a59f1cbb8d28ac484176d52c473494859a512ddba3ea62a547258cf16c9b3ae")
                .withContainerID("containerd://" + uid(name + "/c").replace("-", "") + uid(name + "/d").replace("-", ""))
                .withReady(true).withStarted(true).withRestartCount(0)
                .withNewState().withNewRunning().withStartedAt(T0).endRunning().endState().build()));
        out.setStatus(status);
        return out;
    }

    static PersistentVolumeClaim boundClaim(PersistentVolumeClaim claim) {
        String volume = "pvc-" + uid(claim.getMetadata().getNamespace() + "/" + claim.getMetadata().getName());
        claim.getMetadata().setUid(uid("claim/" + claim.getMetadata().getNamespace() + "/" + claim.getMetadata().getName()));
        claim.getMetadata().setCreationTimestamp(T0);
        claim.getMetadata().setFinalizers(List.of("kubernetes.io/pvc-protection"));
        claim.getMetadata().setAnnotations(Map.of(
                "pv.kubernetes.io/bind-completed", "yes",
                "pv.kubernetes.io/bound-by-controller", "yes",
                "volume.beta.kubernetes.io/storage-provisioner", "rancher.io/local-path",
                "volume.kubernetes.io/selected-node", "node-01",
                "volume.kubernetes.io/storage-provisioner", "rancher.io/local-path"));
        claim.getSpec().setVolumeName(volume);
        claim.getSpec().setStorageClassName("local-path");
        claim.getSpec().setVolumeMode("Filesystem");
        claim.setStatus(new io.fabric8.kubernetes.api.model.PersistentVolumeClaimStatusBuilder().withPhase("Bound")
                .withAccessModes("ReadWriteOnce").withCapacity(Map.of("storage", new Quantity("1Gi"))).build());
        return claim;
    }
}
