package dev.stateful.testsupport.controlplane;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.stateful.testsupport.Eventually;
import dev.stateful.testsupport.kubelet.SimulatedKubelet;
import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.ConfigMapBuilder;
import io.fabric8.kubernetes.api.model.NamespaceBuilder;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.nio.file.Files;
import java.time.Duration;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The fixture itself: a real API server, the real garbage collector, and pods the simulated kubelet runs on it. */
class ControlPlaneTest {

    static final Duration TIMEOUT = Duration.ofSeconds(60);

    @RegisterExtension
    static final ControlPlaneExtension controlPlane = new ControlPlaneExtension(ControlPlane.Options.defaults().withUsers("kubelet")
            .withControllerManagerMetrics());

    @Test
    void theApiServerIsThePinnedUpstreamRelease(ControlPlane plane) {
        assertThat(plane.admin().getKubernetesVersion().getGitVersion()).isEqualTo("v1.36.3");
        assertThat(plane.url()).startsWith("https://127.0.0.1:");
    }

    @Test
    void kubeControllerManagerServesItsWorkQueuesCountersWhenAsked(ControlPlane plane) throws Exception {
        assertThat(plane.controllerManagerMetrics()).contains("workqueue_adds_total{name=\"garbage_collector_attempt_to_delete\"}");
    }

    @Test
    void theRealGarbageCollectorDeletesADependentWhoseOwnerIsGone(ControlPlane plane) {
        KubernetesClient admin = plane.admin();
        namespace(admin, "gc");
        ConfigMap owner = admin.configMaps().inNamespace("gc").resource(configMap("owner").build()).create();
        admin.configMaps().inNamespace("gc").resource(configMap("dependent").editMetadata().addNewOwnerReference()
                .withApiVersion("v1").withKind("ConfigMap").withName("owner").withUid(owner.getMetadata().getUid()).endOwnerReference()
                .endMetadata().build()).create();

        admin.configMaps().inNamespace("gc").withName("owner").delete();

        Eventually.await("the dependent collected", TIMEOUT, () -> admin.configMaps().inNamespace("gc").withName("dependent").get() == null);
    }

    @Test
    void theSimulatedKubeletBindsRunsAndEndsTheGracefulTerminationOfPods(ControlPlane plane) throws Exception {
        KubernetesClient admin = plane.admin();
        namespace(admin, "pods");
        try (KubernetesClient kubeletClient = plane.client("kubelet");
             SimulatedKubelet kubelet = SimulatedKubelet.start(kubeletClient, SimulatedKubelet.Options.defaults().onNode("node-a"))) {
            admin.pods().inNamespace("pods").resource(pod("runs", "registry.k8s.io/pause:3.10")).create();
            admin.pods().inNamespace("pods").resource(pod("stuck", "registry.k8s.io/pause:" + SimulatedKubelet.UNPULLABLE)).create();

            Pod running = Eventually.await("runs Running and Ready", TIMEOUT, () -> admin.pods().inNamespace("pods").withName("runs").get(),
                    p -> "Running".equals(p.getStatus().getPhase()));
            assertThat(running.getSpec().getNodeName()).isEqualTo("node-a");
            assertThat(running.getStatus().getConditions()).anyMatch(c -> c.getType().equals("Ready") && c.getStatus().equals("True"));
            assertThat(admin.pods().inNamespace("pods").withName("stuck").get().getStatus().getPhase()).isEqualTo("Pending");

            // a bound pod is deleted gracefully: it is gone only once the kubelet has ended it
            admin.pods().inNamespace("pods").withName("runs").delete();
            Eventually.await("runs gone", TIMEOUT, () -> admin.pods().inNamespace("pods").withName("runs").get() == null);
            assertThat(kubelet.failures()).isZero();
        }
    }

    @Test
    void theSimulatedKubeletEndsEachTerminationWithOneDelete(ControlPlane plane) throws Exception {
        // kube-apiserver ends a graceful delete in two writes (deletionGracePeriodSeconds set to 0, then the
        // removal), so the kubelet sees the pod terminating twice; a second DELETE would only be answered 404
        KubernetesClient admin = plane.admin();
        namespace(admin, "ending");
        List<String> names = IntStream.range(0, 10).mapToObj(i -> "p-" + i).toList();
        try (KubernetesClient kubeletClient = plane.client("kubelet");
             SimulatedKubelet kubelet = SimulatedKubelet.start(kubeletClient, SimulatedKubelet.Options.defaults().inNamespace("ending").onNode("node-b"))) {
            names.forEach(name -> admin.pods().inNamespace("ending").resource(pod(name, "registry.k8s.io/pause:3.10")).create());
            Eventually.await("all Running", TIMEOUT, () -> admin.pods().inNamespace("ending").list().getItems().stream()
                    .filter(p -> "Running".equals(p.getStatus().getPhase())).count() == names.size());

            names.forEach(name -> admin.pods().inNamespace("ending").withName(name).delete());
            Eventually.await("all gone", TIMEOUT, () -> admin.pods().inNamespace("ending").list().getItems().isEmpty());
            Thread.sleep(1_000); // room for a second DELETE, were one coming

            assertThat(plane.audit().writes(w -> w.user().equals("kubelet") && w.method().equals("DELETE") && w.resource().equals("pods")
                    && w.namespace().equals("ending")))
                    .extracting(w -> w.name() + " " + w.code())
                    .containsExactlyInAnyOrderElementsOf(names.stream().map(name -> name + " 200").toList());
            assertThat(kubelet.failures()).isZero();
        }
    }

    @Test
    void rbacIsOnAndTheAuditLogRecordsWritesAndRefusals(ControlPlane plane) throws Exception {
        namespace(plane.admin(), "rbac");
        plane.admin().serviceAccounts().inNamespace("rbac").resource(new io.fabric8.kubernetes.api.model.ServiceAccountBuilder()
                .withNewMetadata().withName("nobody").endMetadata().build()).create();
        var kubeconfig = plane.serviceAccountKubeconfig("rbac", "nobody");
        try (KubernetesClient nobody = new io.fabric8.kubernetes.client.KubernetesClientBuilder()
                .withConfig(io.fabric8.kubernetes.client.Config.fromKubeconfig(null, kubeconfig.toFile())).build()) {
            assertThatThrownBy(() -> nobody.configMaps().inNamespace("rbac").resource(configMap("x").build()).create())
                    .isInstanceOfSatisfying(KubernetesClientException.class, e -> assertThat(e.getCode()).isEqualTo(403));
        }
        plane.admin().configMaps().inNamespace("rbac").resource(configMap("y").build()).create();

        assertThat(plane.audit().denials()).anySatisfy(d -> {
            assertThat(d.user()).isEqualTo("nobody");
            assertThat(d.verb()).isEqualTo("create");
        });
        assertThat(plane.audit().writes(w -> w.resource().equals("configmaps") && w.namespace().equals("rbac")))
                // a refused create is refused before its body is read: the record has no name
                .extracting(w -> w.user() + " " + w.method() + " " + w.name() + " " + w.code())
                .containsSubsequence("nobody POST  403", "admin POST y 201");
        assertThat(Files.readString(plane.logs().resolve("kube-apiserver.log"))).isNotEmpty();
    }

    private static void namespace(KubernetesClient admin, String name) {
        admin.namespaces().resource(new NamespaceBuilder().withNewMetadata().withName(name).endMetadata().build()).create();
        Eventually.await("default service account in " + name, TIMEOUT,
                () -> admin.serviceAccounts().inNamespace(name).withName("default").get() != null);
    }

    private static ConfigMapBuilder configMap(String name) {
        return new ConfigMapBuilder().withNewMetadata().withName(name).endMetadata();
    }

    private static Pod pod(String name, String image) {
        return new PodBuilder().withNewMetadata().withName(name).endMetadata()
                .withNewSpec().addNewContainer().withName("c").withImage(image).endContainer().endSpec().build();
    }
}
