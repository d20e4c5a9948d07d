package dev.stateful.app.controller;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stateful.app.cli.ControllerCommand;
import dev.stateful.app.wiring.Injectors;
import dev.stateful.testsupport.Eventually;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import java.time.Duration;
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
    MockCustomSets sets;

    @BeforeEach
    void startController() {
        sets = new MockCustomSets(client, NAMESPACE);
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
        sets.anUndecodableSetIsReportedOnceAndSyncedOnceFixed(WITHIN, warning -> {
            assertThat(warning.getInvolvedObject().getKind()).isEqualTo("StatefulSet");
            assertThat(warning.getInvolvedObject().getApiVersion()).isEqualTo("apps.stateful.dev/v1alpha1");
        });
    }

    @Test
    void a_set_broken_after_it_was_synced_is_left_alone_until_fixed_and_its_deletion_stops_nothing() {
        sets.create("web", 1, "1");
        Eventually.await("the set's pod", WITHIN, () -> sets.podNames().contains("web-0"));

        sets.patchSpec("web", "{\"replicas\": 2, \"updateStrategy\": {\"rollingUpdate\": {\"maxUnavailable\": 3000000000}}}");

        Eventually.await("a Warning event on the broken set", WITHIN, () -> !sets.warningsOn("web").isEmpty());
        assertThat(sets.podNames()).as("the last state decoded is not synced either: its spec was replaced").containsExactly("web-0");

        sets.api().withName("web").delete();
        sets.create("db", 1, "1");
        Eventually.await("a set created after the deletion synced", WITHIN, () -> sets.podNames().contains("db-0"));
    }
}
