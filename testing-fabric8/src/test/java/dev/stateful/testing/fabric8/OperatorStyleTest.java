package dev.stateful.testing.fabric8;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.PersistentVolumeClaim;
import io.fabric8.kubernetes.api.model.PersistentVolumeClaimBuilder;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.apps.StatefulSet;
import io.fabric8.kubernetes.api.model.apps.StatefulSetBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * What an operator's test looks like: fabric8's CRUD mock, plain fabric8 calls, and StatefulSets
 * that come up, scale and report status as on a cluster.
 */
@EnableKubernetesMockClient(crud = true)
@EnableStatefulSets
class OperatorStyleTest {

    KubernetesClient client;
    StatefulSetCluster cluster;

    static StatefulSet web(int replicas, String image, String whenScaled) {
        PersistentVolumeClaim template = new PersistentVolumeClaimBuilder().withNewMetadata().withName("www").endMetadata()
                .withNewSpec().withAccessModes("ReadWriteOnce").withNewResources().addToRequests("storage", new Quantity("1Gi"))
                .endResources().endSpec().build();
        return new StatefulSetBuilder()
                .withNewMetadata().withName("web").withNamespace("shop").endMetadata()
                .withNewSpec().withReplicas(replicas).withServiceName("nginx")
                .withNewSelector().addToMatchLabels("app", "nginx").endSelector()
                .withNewTemplate().withNewMetadata().addToLabels("app", "nginx").endMetadata()
                .withNewSpec().addNewContainer().withName("nginx").withImage(image).endContainer().endSpec().endTemplate()
                .withVolumeClaimTemplates(template)
                .withNewPersistentVolumeClaimRetentionPolicy().withWhenScaled(whenScaled).withWhenDeleted("Retain").endPersistentVolumeClaimRetentionPolicy()
                .endSpec().build();
    }

    List<String> names(List<? extends io.fabric8.kubernetes.api.model.HasMetadata> objects) {
        return objects.stream().map(o -> o.getMetadata().getName()).sorted().toList();
    }

    List<Pod> pods() {
        return client.pods().inNamespace("shop").list().getItems();
    }

    @Test
    void aStatefulSetCreatedThroughFabric8GetsItsPodsClaimsAndStatus() {
        client.apps().statefulSets().inNamespace("shop").resource(web(3, "nginx:1.27", "Retain")).create();

        cluster.settle();

        assertThat(names(pods())).containsExactly("web-0", "web-1", "web-2");
        assertThat(pods()).allSatisfy(pod -> {
            assertThat(pod.getStatus().getPhase()).isEqualTo("Running");
            assertThat(pod.getMetadata().getLabels()).containsKey("controller-revision-hash")
                    .containsEntry("statefulset.kubernetes.io/pod-name", pod.getMetadata().getName());
            assertThat(pod.getMetadata().getOwnerReferences()).singleElement().satisfies(ref -> assertThat(ref.getKind()).isEqualTo("StatefulSet"));
        });
        assertThat(names(client.persistentVolumeClaims().inNamespace("shop").list().getItems()))
                .containsExactly("www-web-0", "www-web-1", "www-web-2");
        StatefulSet set = client.apps().statefulSets().inNamespace("shop").withName("web").get();
        assertThat(set.getStatus().getReplicas()).isEqualTo(3);
        assertThat(set.getStatus().getReadyReplicas()).isEqualTo(3);
        assertThat(set.getStatus().getAvailableReplicas()).isEqualTo(3);
        assertThat(set.getStatus().getCurrentRevision()).isNotEmpty().isEqualTo(set.getStatus().getUpdateRevision());
        assertThat(set.getStatus().getObservedGeneration()).isEqualTo(set.getMetadata().getGeneration());
    }

    @Test
    void aSetWrittenWithoutTheDefaultsAnApiServerAddsGetsOneRevisionAndItsPodsAreNeverReplaced() {
        // the mock stores the set as written, without the defaults kube-apiserver would have added before the
        // controller saw it: the controller must not make pods of the bare template and then roll them
        client.apps().statefulSets().inNamespace("shop").resource(web(2, "nginx:1.27", "Retain")).create();

        cluster.settle();

        StatefulSet set = client.apps().statefulSets().inNamespace("shop").withName("web").get();
        assertThat(set.getSpec().getPodManagementPolicy()).as("the defaults written back").isEqualTo("OrderedReady");
        assertThat(names(client.apps().controllerRevisions().inNamespace("shop").list().getItems())).singleElement()
                .isEqualTo(set.getStatus().getUpdateRevision());
        assertThat(set.getStatus().getCurrentRevision()).isEqualTo(set.getStatus().getUpdateRevision());
        assertThat(pods()).extracting(p -> p.getMetadata().getLabels().get("controller-revision-hash"))
                .containsOnly(set.getStatus().getUpdateRevision());
        assertThat(client.v1().events().inNamespace("shop").list().getItems()).extracting(e -> e.getReason())
                .contains("SuccessfulCreate").doesNotContain("SuccessfulDelete");
    }

    @Test
    void scalingDownUnderWhenScaledDeleteTakesTheClaimsWithThePods() {
        client.apps().statefulSets().inNamespace("shop").resource(web(3, "nginx:1.27", "Delete")).create();
        cluster.settle();

        client.apps().statefulSets().inNamespace("shop").withName("web").scale(1);
        cluster.settle();

        assertThat(names(pods())).containsExactly("web-0");
        // the played garbage collector deleted the claims the controller handed to the condemned pods
        assertThat(names(client.persistentVolumeClaims().inNamespace("shop").list().getItems())).containsExactly("www-web-0");
        assertThat(client.apps().statefulSets().inNamespace("shop").withName("web").get().getStatus().getReplicas()).isEqualTo(1);
    }

    @Test
    void aPodTheKubeletDoesNotStartHoldsAnOrderedRolloutAndSettleStillReturns() {
        client.apps().statefulSets().inNamespace("shop").resource(web(3, "registry.example/does-not-exist:1", "Retain")).create();

        cluster.settle();

        assertThat(names(pods())).containsExactly("web-0");
        assertThat(pods().get(0).getStatus().getPhase()).isEqualTo("Pending");
        assertThat(client.apps().statefulSets().inNamespace("shop").withName("web").get().getStatus().getReadyReplicas()).isIn(null, 0);
    }
}
