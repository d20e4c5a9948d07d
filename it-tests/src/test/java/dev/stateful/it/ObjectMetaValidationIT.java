package dev.stateful.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.params.provider.Arguments.arguments;

import dev.stateful.domain.model.ObjectMeta;
import dev.stateful.domain.model.OwnerReference;
import dev.stateful.domain.validation.ObjectMetaRules;
import dev.stateful.domain.validation.Violation;
import dev.stateful.testsupport.controlplane.ControlPlane;
import dev.stateful.testsupport.controlplane.ControlPlaneExtension;
import io.fabric8.kubernetes.api.model.NamespaceBuilder;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import io.fabric8.kubernetes.api.model.OwnerReferenceBuilder;
import io.fabric8.kubernetes.api.model.apps.ControllerRevision;
import io.fabric8.kubernetes.api.model.apps.ControllerRevisionBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The metadata rules the in-memory cluster applies to every pod, claim and revision
 * ({@link ObjectMetaRules}, apimachinery's {@code ValidateObjectMetaAccessor}) say what kube-apiserver
 * 1.36.3 says: each metadata is given to a ControllerRevision (whose own rules the rows leave alone)
 * created on the real API server, and the field errors of its 422 must be our violations. Where
 * upstream prints a list or a reference as the invalid value (a Go struct dump), the message after it
 * must be ours.
 */
class ObjectMetaValidationIT {

    static final String NAMESPACE = "object-meta-validation";

    @RegisterExtension
    static final ControlPlaneExtension plane = new ControlPlaneExtension(ControlPlane.Options.defaults());

    static KubernetesClient client;

    @BeforeAll
    static void namespace() {
        client = plane.get().admin();
        client.namespaces().resource(new NamespaceBuilder().withNewMetadata().withName(NAMESPACE).endMetadata().build()).create();
    }

    static Stream<Arguments> invalidMetadata() {
        return Stream.of(
                arguments("a name is a lowercase RFC 1123 subdomain", meta("Web_1")),
                arguments("label keys are qualified names and values label values",
                        meta("labels").withLabels(Map.of("Bad Key", "x", "example.com/", "y", "app", "v".repeat(64), "tier", "-web"))),
                arguments("annotation keys are qualified names", meta("annotations").withAnnotations(Map.of("bad key", "x", "example.com/ok", "y"))),
                arguments("an owner reference has an apiVersion with a version, a kind, a name and a uid", meta("owners").withOwnerReferences(List.of(
                        new OwnerReference("", "", "", "", null, null), new OwnerReference("apps/", "StatefulSet", "web", "u1", null, null)))),
                arguments("only one owner reference is the controller", meta("controllers").withOwnerReferences(List.of(
                        owner("StatefulSet", "a", true), owner("StatefulSet", "b", false), owner("StatefulSet", "c", true),
                        owner("ReplicaSet", "d", true)))),
                arguments("finalizers are qualified names, not both orphan and foregroundDeletion",
                        meta("finalizers").withFinalizers(List.of("bad finalizer!", "orphan", "foregroundDeletion"))));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("invalidMetadata")
    void theApiServerRefusesTheMetadataWithTheFieldErrorsOurRulesReport(String rule, ObjectMeta meta) {
        List<String> server = serverErrors(meta);

        assertThat(server).as("the API server refuses it").isNotEmpty();
        List<String> unmatched = new ArrayList<>(server);
        for (Violation ours : ObjectMetaRules.validate(meta)) {
            String match = unmatched.stream().filter(s -> matches(ours, s)).findFirst()
                    .orElseThrow(() -> new AssertionError("the API server did not report " + ours + "; it reported " + server));
            unmatched.remove(match);
        }
        assertThat(unmatched).as("what the API server reported beyond our violations").isEmpty();
    }

    @Test
    void theApiServerAcceptsMetadataOurRulesAccept() {
        ObjectMeta meta = meta("accepted").withLabels(Map.of("app.kubernetes.io/name", "web", "empty", ""))
                .withAnnotations(Map.of("Example.com/Key", "v")).withFinalizers(List.of("example.com/keep"))
                .withOwnerReferences(List.of(owner("StatefulSet", "web", true), owner("Deployment", "other", false)));

        assertThat(ObjectMetaRules.validate(meta)).isEmpty();
        assertThat(serverErrors(meta)).isEmpty();
    }

    /** Our violation as the server words it; a value-less one against the server's message after its struct dump. */
    static boolean matches(Violation ours, String server) {
        if (server.equals(ours.toString())) {
            return true;
        }
        return ours.type() == Violation.Type.INVALID && !ours.detail().startsWith("\"")
                && server.startsWith(ours.field() + ": Invalid value: ") && server.endsWith(": " + ours.detail());
    }

    /** The causes of the server's 422 as {@code <field>: <message>}, or none when it stores the revision (deleted again). */
    static List<String> serverErrors(ObjectMeta meta) {
        ControllerRevision revision = new ControllerRevisionBuilder()
                .withMetadata(new ObjectMetaBuilder().withName(meta.name()).withNamespace(NAMESPACE).withLabels(meta.labels())
                        .withAnnotations(meta.annotations()).withFinalizers(meta.finalizers())
                        .withOwnerReferences(meta.ownerReferences().stream().map(r -> new OwnerReferenceBuilder().withApiVersion(r.apiVersion())
                                .withKind(r.kind()).withName(r.name()).withUid(r.uid()).withController(r.controller()).build()).toList())
                        .build())
                .withRevision(1L).withData(Map.of("spec", Map.of())).build();
        try {
            client.apps().controllerRevisions().inNamespace(NAMESPACE).resource(revision).create();
        } catch (KubernetesClientException e) {
            assertThat(e.getCode()).as(e.getMessage()).isEqualTo(422);
            return e.getStatus().getDetails().getCauses().stream().map(c -> c.getField() + ": " + c.getMessage()).toList();
        }
        ControllerRevision stored = client.apps().controllerRevisions().inNamespace(NAMESPACE).withName(meta.name()).get();
        stored.getMetadata().setFinalizers(List.of());
        client.apps().controllerRevisions().inNamespace(NAMESPACE).resource(stored).update();
        client.apps().controllerRevisions().inNamespace(NAMESPACE).withName(meta.name()).delete();
        return List.of();
    }

    static ObjectMeta meta(String name) {
        return ObjectMeta.named(NAMESPACE, name);
    }

    static OwnerReference owner(String kind, String name, boolean controller) {
        return new OwnerReference("apps/v1", kind, name, "uid-" + name, controller, null);
    }
}
