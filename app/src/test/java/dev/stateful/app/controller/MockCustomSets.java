package dev.stateful.app.controller;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stateful.fabric8.convert.CustomKindConvert;
import dev.stateful.testsupport.Eventually;
import io.fabric8.kubernetes.api.model.Event;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.GenericKubernetesResourceList;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.dsl.NonNamespaceOperation;
import io.fabric8.kubernetes.client.dsl.Resource;
import io.fabric8.kubernetes.client.dsl.base.PatchContext;
import io.fabric8.kubernetes.client.dsl.base.PatchType;
import io.fabric8.kubernetes.client.utils.Serialization;
import java.time.Duration;
import java.util.List;
import java.util.function.Consumer;

/** Sets of our kind on fabric8's CRUD mock, written as a user writes them, and what the controller made of them; a scenario every engine on fabric8 must pass. */
record MockCustomSets(KubernetesClient client, String namespace) {

    NonNamespaceOperation<GenericKubernetesResource, GenericKubernetesResourceList, Resource<GenericKubernetesResource>> api() {
        return client.genericKubernetesResources(CustomKindConvert.CONTEXT).inNamespace(namespace);
    }

    /** A set named {@code name}; {@code maxUnavailable} as JSON. */
    void create(String name, int replicas, String maxUnavailable) {
        api().resource(set(name, replicas, maxUnavailable)).create();
    }

    /** A merge patch of the spec: no resourceVersion to conflict with the controller's status writes. */
    void patchSpec(String name, String spec) {
        api().withName(name).patch(PatchContext.of(PatchType.JSON_MERGE), "{\"spec\": " + spec + "}");
    }

    List<String> podNames() {
        return client.pods().inNamespace(namespace).list().getItems().stream().map(HasMetadata::getMetadata).map(m -> m.getName()).toList();
    }

    List<Event> warningsOn(String name) {
        return client.v1().events().inNamespace(namespace).list().getItems().stream()
                .filter(e -> "Warning".equals(e.getType()) && name.equals(e.getInvolvedObject().getName())).toList();
    }

    /**
     * A valid set, and one whose {@code maxUnavailable} does not fit in 32 bits (apps/v1's
     * intstr.IntOrString holds an int32; the CRD's schema refuses it by a CEL rule today, an earlier
     * schema without that rule stored it): the bad one gets one FailedValidation Warning event naming
     * the field ({@code warning} checks it further) and no pods, the good one is synced all along, and
     * the bad one is synced once fixed.
     */
    void anUndecodableSetIsReportedOnceAndSyncedOnceFixed(Duration within, Consumer<Event> warning) {
        create("good", 2, "1");
        create("bad", 1, "3000000000");

        Eventually.await("a Warning event on the undecodable set naming the field", within, () -> warningsOn("bad").stream()
                .anyMatch(e -> e.getMessage().contains("spec.updateStrategy.rollingUpdate.maxUnavailable")));
        Eventually.await("the valid set's pods", within, () -> podNames().containsAll(List.of("good-0", "good-1")));
        assertThat(warningsOn("bad")).singleElement().satisfies(e -> {
            assertThat(e.getReason()).isEqualTo("FailedValidation");
            assertThat(e.getMessage()).contains("3000000000");
        }).satisfies(warning::accept);
        assertThat(podNames()).noneMatch(name -> name.startsWith("bad-"));

        patchSpec("bad", "{\"updateStrategy\": {\"rollingUpdate\": {\"maxUnavailable\": 1}}}");

        Eventually.await("the fixed set's pod", within, () -> podNames().contains("bad-0"));
        assertThat(warningsOn("bad")).as("one event for the one undecodable version").singleElement()
                .satisfies(e -> assertThat(e.getCount()).isEqualTo(1));
        assertThat(warningsOn("good")).isEmpty();
    }

    private GenericKubernetesResource set(String name, int replicas, String maxUnavailable) {
        return Serialization.unmarshal("""
                {"apiVersion": "apps.stateful.dev/v1alpha1", "kind": "StatefulSet",
                 "metadata": {"name": "%s", "namespace": "%s"},
                 "spec": {"replicas": %d, "serviceName": "%s", "podManagementPolicy": "Parallel",
                  "selector": {"matchLabels": {"app": "%s"}},
                  "updateStrategy": {"type": "RollingUpdate", "rollingUpdate": {"maxUnavailable": %s}},
                  "template": {"metadata": {"labels": {"app": "%s"}},
                   "spec": {"containers": [{"name": "nginx", "image": "nginx:1.27"}]}}}}
                """.formatted(name, namespace, replicas, name, name, maxUnavailable, name), GenericKubernetesResource.class);
    }
}
