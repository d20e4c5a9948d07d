package dev.stateful.it.crd;

import static dev.stateful.it.crd.CustomSets.number;
import static dev.stateful.it.crd.CustomSets.status;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.stateful.it.support.WebSet;
import dev.stateful.testsupport.Eventually;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.PersistentVolumeBuilder;
import io.fabric8.kubernetes.api.model.PersistentVolumeClaim;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.storage.StorageClassBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Our kind's storage resize through {@code volumeClaimTemplates} (kubernetes#68737, KEP-4650) on the
 * real control plane, the CRD from deploy/crd/: claims bound to pre-made volumes of a StorageClass
 * (the real API server lets only a bound claim grow), the test playing the volume resizer by writing
 * each claim's {@code status.capacity}; a class without {@code allowVolumeExpansion} is refused by the
 * API server's {@code PersistentVolumeClaimResize} admission.
 */
class ClaimResizeIT extends OurKindFixture {

    @Test
    void aLargerRequestGrowsEachBoundClaimHighestOrdinalFirstAndThePodCountsUpdatedOnceItsCapacityShows() {
        boundSet(storageClass(true), 2);

        sets.edit("web", spec -> storage(spec, "2Mi"));

        Eventually.await("web-1's claim asks for 2Mi", TIMEOUT, () -> request("www-web-1").equals("2Mi"));
        assertThat(request("www-web-0")).as("maxUnavailable 1: web-0's claim waits until web-1's shows its capacity").isEqualTo("1Mi");
        // the sync writes the status after the claim's patch: wait for it rather than read the one before the edit
        Eventually.await("web-1 not counted updated while its claim has not grown", TIMEOUT,
                () -> number(status(sets.get("web")), "updatedReplicas") < 2);
        assertThat(request("www-web-0")).as("still waiting for web-1's capacity").isEqualTo("1Mi");

        resizerGrows("www-web-1");
        Eventually.await("web-0's claim asks for 2Mi", TIMEOUT, () -> request("www-web-0").equals("2Mi"));
        resizerGrows("www-web-0");

        GenericKubernetesResource done = Eventually.await("both claims compatible", TIMEOUT, () -> sets.get("web"),
                set -> List.of(Map.of("templateName", "www", "compatibleReplicas", 2)).equals(status(set).get("volumeClaimTemplates"))
                        && number(status(set), "updatedReplicas") == 2);
        assertThat(number(status(done), "readyReplicas")).isEqualTo(2);
        List<String> resized = List.of("Resize Claim www-web-1 for Pod web-1 in StatefulSet web to 2Mi successful",
                "Resize Claim www-web-0 for Pod web-0 in StatefulSet web to 2Mi successful");
        Eventually.await("both SuccessfulUpdate events", TIMEOUT, () -> eventMessages("SuccessfulUpdate").containsAll(resized));
    }

    @Test
    void aClassWithoutVolumeExpansionGetsAWarningEventAndAReplicaFailureConditionAndTheRolloutStops() {
        boundSet(storageClass(false), 2);

        sets.edit("web", spec -> storage(spec, "2Mi"));

        GenericKubernetesResource stopped = Eventually.await("the ReplicaFailure condition", TIMEOUT, () -> sets.get("web"),
                set -> "VolumeClaimResizeFailed".equals(CustomKindIT.condition(set, "ReplicaFailure").get("reason")));
        Map<String, Object> condition = CustomKindIT.condition(stopped, "ReplicaFailure");
        assertThat(condition.get("status")).isEqualTo("True");
        assertThat((String) condition.get("message")).startsWith("claim www-web-1 cannot be resized to 2Mi")
                .contains("storageclass that provisions the pvc must support resize");
        // the event is recorded beside the status write, not before it: wait for it too
        List<String> refusals = Eventually.await("the VolumeClaimResizeFailed event", TIMEOUT, () -> eventMessages("VolumeClaimResizeFailed"),
                messages -> !messages.isEmpty());
        assertThat(refusals).allSatisfy(m ->
                assertThat(m).startsWith("Resize Claim www-web-1 for Pod web-1 in StatefulSet web to 2Mi failed error:"));
        assertThat(request("www-web-1")).isEqualTo("1Mi");
        assertThat(request("www-web-0")).as("the rollout stops at web-1").isEqualTo("1Mi");
    }

    @Test
    void theApiServerRejectsASmallerStorageRequestWithAClearMessage() {
        sets.create(CustomSets.of(WebSet.in(namespace).replicas(1)));

        assertThatThrownBy(() -> sets.edit("web", spec -> storage(spec, "512Ki")))
                .isInstanceOf(KubernetesClientException.class)
                .hasMessageContaining("spec.volumeClaimTemplates: Forbidden: a storage request may not be smaller than before")
                .hasMessageContaining("claims are never shrunk");
        sets.edit("web", spec -> storage(spec, "2Mi"));
        assertThat(sets.get("web").getMetadata().getGeneration()).as("a larger request is accepted").isEqualTo(2);
    }

    // ------------------------------------------------------------------ helpers

    /** A StorageClass of its own for the test; nothing provisions it: the test makes the volumes. */
    private String storageClass(boolean allowVolumeExpansion) {
        String name = namespace + (allowVolumeExpansion ? "-expandable" : "-fixed");
        cluster.plane().admin().storage().v1().storageClasses().resource(new StorageClassBuilder().withNewMetadata().withName(name)
                .endMetadata().withProvisioner("stateful.dev/none").withAllowVolumeExpansion(allowVolumeExpansion).build()).create();
        return name;
    }

    /** A set of our kind whose claims kube-controller-manager binds to volumes made for them, as 1Mi. */
    private void boundSet(String storageClass, int replicas) {
        KubernetesClient admin = cluster.plane().admin();
        for (int ordinal = 0; ordinal < replicas; ordinal++) {
            String claim = "www-web-" + ordinal;
            admin.persistentVolumes().resource(new PersistentVolumeBuilder().withNewMetadata().withName(namespace + "-" + claim).endMetadata()
                    .withNewSpec().withStorageClassName(storageClass).addToCapacity("storage", new Quantity("1Mi"))
                    .withAccessModes("ReadWriteOnce").withNewHostPath().withPath("/tmp/" + namespace + "/" + claim).endHostPath()
                    .withNewClaimRef().withNamespace(namespace).withName(claim).endClaimRef().endSpec().build()).create();
        }
        GenericKubernetesResource set = CustomSets.of(WebSet.in(namespace).replicas(replicas));
        sets.create(withStorageClass(set, storageClass));
        Eventually.await("the claims bound", TIMEOUT, () -> cluster.client().persistentVolumeClaims().inNamespace(namespace).list()
                .getItems().stream().filter(c -> c.getStatus() != null && "Bound".equals(c.getStatus().getPhase())).count() == replicas);
        Eventually.await("web rolled out", TIMEOUT, () -> sets.get("web"), s -> number(status(s), "readyReplicas") == replicas
                && number(status(s), "updatedReplicas") == replicas);
    }

    @SuppressWarnings("unchecked")
    private static GenericKubernetesResource withStorageClass(GenericKubernetesResource set, String storageClass) {
        Map<String, Object> spec = (Map<String, Object>) set.getAdditionalProperties().get("spec");
        for (Object template : (List<Object>) spec.get("volumeClaimTemplates")) {
            ((Map<String, Object>) ((Map<String, Object>) template).get("spec")).put("storageClassName", storageClass);
        }
        return set;
    }

    @SuppressWarnings("unchecked")
    private static void storage(Map<String, Object> spec, String storage) {
        for (Object template : (List<Object>) spec.get("volumeClaimTemplates")) {
            CustomSets.path((Map<String, Object>) template, "spec", "resources", "requests").put("storage", storage);
        }
    }

    private String request(String claim) {
        PersistentVolumeClaim found = cluster.client().persistentVolumeClaims().inNamespace(namespace).withName(claim).get();
        return found.getSpec().getResources().getRequests().get("storage").toString();
    }

    /** The volume resizer finished: the claim shows what it asks for. */
    private void resizerGrows(String claim) {
        KubernetesClient admin = cluster.plane().admin();
        PersistentVolumeClaim live = admin.persistentVolumeClaims().inNamespace(namespace).withName(claim).get();
        live.getStatus().getCapacity().put("storage", live.getSpec().getResources().getRequests().get("storage"));
        admin.persistentVolumeClaims().inNamespace(namespace).resource(live).updateStatus();
    }

    private List<String> eventMessages(String reason) {
        return cluster.client().v1().events().inNamespace(namespace).list().getItems().stream()
                .filter(e -> reason.equals(e.getReason()) && "web".equals(e.getInvolvedObject().getName()))
                .map(e -> e.getMessage()).toList();
    }
}
