package dev.stateful.app.controller;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stateful.app.cli.ControllerCommand;
import dev.stateful.app.wiring.Injectors;
import dev.stateful.fabric8.convert.CustomKindConvert;
import dev.stateful.testsupport.Eventually;
import io.fabric8.kubernetes.api.model.Event;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.dsl.base.PatchContext;
import io.fabric8.kubernetes.client.dsl.base.PatchType;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import io.fabric8.kubernetes.client.utils.Serialization;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A set of our kind that the controller cannot decode, next to a valid one, on fabric8's CRUD mock
 * (which validates nothing, so it stores what kube-apiserver would refuse today, as a cluster
 * keeps what an earlier, looser version of the CRD's schema let through): the operator sees a
 * Warning event on it naming the field, the valid set is synced all along, and the bad one is synced
 * once fixed.
 */
@EnableKubernetesMockClient(crud = true)
class UndecodableSetTest {

    static final String NAMESPACE = "shop";
    static final Duration WITHIN = Duration.ofSeconds(30);

    KubernetesClient client;
    RunningController controller;

    @BeforeEach
    void startController() {
        controller = Injectors.startController(ControllerCommand.settings("--leader-elect=false", "--metrics-port", "0",
                "--bind-address=127.0.0.1", "--metrics-secure=false", "--kinds=crd", "--namespace", NAMESPACE), client);
        // fabric8's mock does not replay changes made between an informer's list and its watch
        Eventually.await("the controller watching", WITHIN, controller::isWatching);
    }

    @AfterEach
    void stopController() {
        controller.close();
    }

    @Test
    void an_undecodable_set_gets_a_warning_event_naming_the_field_and_is_synced_once_fixed() {
        create(set("good", 2, "1"));
        // an int-or-string beyond 32 bits: apps/v1's intstr.IntOrString holds an int32; the CRD's schema refuses
        // it by a CEL rule today, an earlier schema without that rule stored it
        create(set("bad", 1, "3000000000"));

        Eventually.await("a Warning event on the undecodable set naming the field", WITHIN, () -> warningsOn("bad").stream()
                .anyMatch(e -> e.getMessage().contains("spec.updateStrategy.rollingUpdate.maxUnavailable")));
        Eventually.await("the valid set's pods", WITHIN, () -> podNames().containsAll(List.of("good-0", "good-1")));
        Event warning = warningsOn("bad").get(0);
        assertThat(warning.getReason()).isEqualTo("FailedValidation");
        assertThat(warning.getMessage()).contains("3000000000");
        assertThat(warning.getInvolvedObject().getKind()).isEqualTo("StatefulSet");
        assertThat(warning.getInvolvedObject().getApiVersion()).isEqualTo("apps.stateful.dev/v1alpha1");
        assertThat(podNames()).noneMatch(name -> name.startsWith("bad-"));

        patchSpec("bad", "{\"updateStrategy\": {\"rollingUpdate\": {\"maxUnavailable\": 1}}}");

        Eventually.await("the fixed set's pod", WITHIN, () -> podNames().contains("bad-0"));
        assertThat(warningsOn("bad")).as("one event for the one undecodable version").singleElement()
                .satisfies(e -> assertThat(e.getCount()).isEqualTo(1));
        assertThat(warningsOn("good")).isEmpty();
    }

    @Test
    void a_set_broken_after_it_was_synced_is_left_alone_until_fixed_and_its_deletion_stops_nothing() {
        create(set("web", 1, "1"));
        Eventually.await("the set's pod", WITHIN, () -> podNames().contains("web-0"));

        patchSpec("web", "{\"replicas\": 2, \"updateStrategy\": {\"rollingUpdate\": {\"maxUnavailable\": 3000000000}}}");

        Eventually.await("a Warning event on the broken set", WITHIN, () -> !warningsOn("web").isEmpty());
        assertThat(podNames()).as("the last state decoded is not synced either: its spec was replaced").containsExactly("web-0");

        api().withName("web").delete();
        create(set("db", 1, "1"));
        Eventually.await("a set created after the deletion synced", WITHIN, () -> podNames().contains("db-0"));
    }

    private io.fabric8.kubernetes.client.dsl.NonNamespaceOperation<GenericKubernetesResource,
            io.fabric8.kubernetes.api.model.GenericKubernetesResourceList,
            io.fabric8.kubernetes.client.dsl.Resource<GenericKubernetesResource>> api() {
        return client.genericKubernetesResources(CustomKindConvert.CONTEXT).inNamespace(NAMESPACE);
    }

    private void create(GenericKubernetesResource set) {
        api().resource(set).create();
    }

    /** A merge patch of the spec: no resourceVersion to conflict with the controller's status writes. */
    private void patchSpec(String name, String spec) {
        api().withName(name).patch(PatchContext.of(PatchType.JSON_MERGE), "{\"spec\": " + spec + "}");
    }

    private List<String> podNames() {
        return client.pods().inNamespace(NAMESPACE).list().getItems().stream().map(HasMetadata::getMetadata).map(m -> m.getName()).toList();
    }

    private List<Event> warningsOn(String name) {
        return client.v1().events().inNamespace(NAMESPACE).list().getItems().stream()
                .filter(e -> "Warning".equals(e.getType()) && name.equals(e.getInvolvedObject().getName())).toList();
    }

    /** A set of our kind as a user writes it; {@code maxUnavailable} as JSON. */
    static GenericKubernetesResource set(String name, int replicas, String maxUnavailable) {
        return Serialization.unmarshal("""
                {"apiVersion": "apps.stateful.dev/v1alpha1", "kind": "StatefulSet",
                 "metadata": {"name": "%s", "namespace": "%s"},
                 "spec": {"replicas": %d, "serviceName": "%s", "podManagementPolicy": "Parallel",
                  "selector": {"matchLabels": {"app": "%s"}},
                  "updateStrategy": {"type": "RollingUpdate", "rollingUpdate": {"maxUnavailable": %s}},
                  "template": {"metadata": {"labels": {"app": "%s"}},
                   "spec": {"containers": [{"name": "nginx", "image": "nginx:1.27"}]}}}}
                """.formatted(name, NAMESPACE, replicas, name, name, maxUnavailable, name), GenericKubernetesResource.class);
    }
}
