package dev.stateful.testing.fabric8;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The garbage collector StatefulSetCluster plays on fabric8's mock, which has none, behaves as kube-controller-manager's does. */
@EnableKubernetesMockClient(crud = true)
@EnableStatefulSets
class GarbageCollectionTest {

    KubernetesClient client;
    StatefulSetCluster cluster;

    @Test
    void anOrphanedPodHeldByAFinalizerIsDeletedOnceAndLeftToWhoeverHoldsIt() {
        client.apps().statefulSets().inNamespace("shop").resource(OperatorStyleTest.web(1, "nginx:1.27", "Retain")).create();
        cluster.settle();
        Pod pod = client.pods().inNamespace("shop").withName("web-0").get();
        client.pods().inNamespace("shop").resource(new PodBuilder(pod).editMetadata().addToFinalizers("example.com/backup").endMetadata().build())
                .update();

        client.apps().statefulSets().inNamespace("shop").withName("web").delete();
        assertTimeoutPreemptively(Duration.ofSeconds(30), cluster::settle);

        Pod held = client.pods().inNamespace("shop").withName("web-0").get();
        assertThat(held.getMetadata().getDeletionTimestamp()).as("deleted, held by its finalizer").isNotNull();
    }

    @Test
    void aSetDeletedOrphaningKeepsItsPodsAndClaimsWithoutTheirOwnerReference() {
        client.apps().statefulSets().inNamespace("shop").resource(OperatorStyleTest.web(2, "nginx:1.27", "Retain")).create();
        cluster.settle();

        assertThat(cluster.deleteOrphaning("shop", "web")).isTrue();
        cluster.settle();

        assertThat(client.pods().inNamespace("shop").list().getItems()).extracting(p -> p.getMetadata().getName())
                .containsExactlyInAnyOrder("web-0", "web-1");
        assertThat(client.pods().inNamespace("shop").list().getItems()).allSatisfy(p -> assertThat(p.getMetadata().getOwnerReferences()).isEmpty());
        assertThat(client.persistentVolumeClaims().inNamespace("shop").list().getItems()).hasSize(2);
        assertThat(client.apps().statefulSets().inNamespace("shop").withName("web").get()).isNull();
    }

    @Test
    void aSetCreatedAgainAfterAnOrphaningDeleteAdoptsThePodsItFinds() {
        client.apps().statefulSets().inNamespace("shop").resource(OperatorStyleTest.web(2, "nginx:1.27", "Retain")).create();
        cluster.settle();
        java.util.List<String> uids = client.pods().inNamespace("shop").list().getItems().stream().map(p -> p.getMetadata().getUid()).sorted().toList();
        cluster.deleteOrphaning("shop", "web");
        cluster.settle();

        client.apps().statefulSets().inNamespace("shop").resource(OperatorStyleTest.web(2, "nginx:1.27", "Retain")).create();
        cluster.settle();

        String uid = client.apps().statefulSets().inNamespace("shop").withName("web").get().getMetadata().getUid();
        assertThat(client.pods().inNamespace("shop").list().getItems()).allSatisfy(p -> assertThat(p.getMetadata().getOwnerReferences())
                .singleElement().satisfies(r -> assertThat(r.getUid()).isEqualTo(uid)));
        assertThat(client.pods().inNamespace("shop").list().getItems().stream().map(p -> p.getMetadata().getUid()).sorted().toList())
                .as("the same pods, adopted").isEqualTo(uids);
    }
}
