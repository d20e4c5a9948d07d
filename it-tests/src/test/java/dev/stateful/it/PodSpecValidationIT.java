package dev.stateful.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.params.provider.Arguments.arguments;

import dev.stateful.codec.CustomKindCodec;
import dev.stateful.codec.JsonParser;
import dev.stateful.domain.defaults.Defaults;
import dev.stateful.domain.json.Json;
import dev.stateful.domain.model.StatefulSet;
import dev.stateful.domain.validation.StatefulSetValidator;
import dev.stateful.domain.validation.Violation;
import dev.stateful.testsupport.controlplane.ControlPlane;
import dev.stateful.testsupport.controlplane.ControlPlaneExtension;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.NamespaceBuilder;
import io.fabric8.kubernetes.api.model.StatusCause;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.utils.Serialization;
import java.util.List;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The pod spec rules of {@code ValidatePodSpec} that our validator reproduces (volumes, volume mounts
 * against the volumes and claim templates, ports, environment variable names, resources, init
 * containers) say exactly what kube-apiserver 1.36.3 says: each template is created on the real API
 * server, and the field errors of its 422 (path and message, as {@code Status.details.causes} carries
 * them) must be the violations {@link StatefulSetValidator#validate} reports for the same manifest,
 * decoded and defaulted as the in-memory cluster and gRPC {@code Validate} do. Go ranges over resource
 * maps in random order, so errors are compared in any order.
 */
class PodSpecValidationIT {

    static final String NAMESPACE = "pod-spec-validation";
    static final String IMAGE = "registry.k8s.io/pause:3.9";

    @RegisterExtension
    static final ControlPlaneExtension plane = new ControlPlaneExtension(ControlPlane.Options.defaults());

    static KubernetesClient client;

    @BeforeAll
    static void namespace() {
        client = plane.get().admin();
        client.namespaces().resource(new NamespaceBuilder().withNewMetadata().withName(NAMESPACE).endMetadata().build()).create();
    }

    static Stream<Arguments> invalidTemplates() {
        return Stream.of(
                arguments("a volume mount names a volume or a claim template", container(c -> c.with("volumeMounts", Json.array(
                        mount("www", "/www"), mount("cache", "/cache"))))),
                arguments("a volume mount has a name and a mount path, unique in the container", container(c -> c.with("volumeMounts", Json.array(
                        mount("www", "/data"), mount("", "/data"), Json.object("name", "www"))))),
                arguments("a subPath is relative without '..'", container(c -> c.with("volumeMounts", Json.array(
                        Json.object("name", "www", "mountPath", "/www", "subPath", "/a/../b"))))),
                arguments("pod volumes follow the claim templates' in the paths, with unique DNS-1123 names", podSpec(s -> s.with("volumes", Json.array(
                        emptyDir("cache"), emptyDir("Cache_1"), emptyDir("cache"), emptyDir(""))))),
                arguments("a pod volume named like a claim template is replaced, not a duplicate", podSpec(s -> s.with("volumes", Json.array(
                        emptyDir("www"), emptyDir("Bad"))))),
                arguments("a volume has one source; a mount of a volume with errors finds none", both(
                        podSpec(s -> s.with("volumes", Json.array(Json.object("name", "conf", "configMap", Json.object("name", "c"),
                                "secret", Json.object("secretName", "s"), "emptyDir", Json.object())))),
                        container(c -> c.with("volumeMounts", Json.array(mount("conf", "/conf")))))),
                arguments("a container port and a host port are between 1 and 65535", container(c -> c.with("ports", Json.array(
                        Json.object("containerPort", 70000), Json.object("name", "none"), Json.object("containerPort", 80, "hostPort", -1))))),
                arguments("port names are unique IANA service names", container(c -> c.with("ports", Json.array(
                        port("http", 80), port("http", 81), port("8080", 82), port("-Web--port-too-long", 83))))),
                arguments("a port's protocol is TCP, UDP or SCTP", container(c -> c.with("ports", Json.array(
                        Json.object("containerPort", 80, "protocol", "HTTP"))))),
                arguments("an environment variable has a name of printable ASCII other than '='", container(c -> c.with("env", Json.array(
                        Json.object("name", "", "value", "x"), Json.object("name", "A=B"), Json.object("name", "1 relaxed.name-ok"),
                        Json.object("name", "caf\u00e9"))))),
                arguments("a request is at most its limit, both in canonical form", container(c -> c.with("resources", Json.object(
                        "limits", Json.object("cpu", "1000m", "memory", "1Gi"), "requests", Json.object("cpu", "1.5", "memory", "1025Mi"))))),
                arguments("a quantity is not negative, shown rounded up to thousandths", container(c -> c.with("resources", Json.object(
                        "limits", Json.object("memory", "-1Gi"), "requests", Json.object("cpu", "-0.0001"))))),
                arguments("an extended resource's request equals its limit, hugepages need a limit", container(c -> c.with("resources", Json.object(
                        "limits", Json.object("example.com/gpu", 2, "memory", "1Gi"),
                        "requests", Json.object("example.com/gpu", 1, "hugepages-2Mi", "4Mi", "memory", "1Gi"))))),
                arguments("init containers get the container checks, names unique across both lists", podSpec(s -> s.with("initContainers", Json.array(
                        Json.object("name", "app", "image", IMAGE),
                        Json.object("name", "init", "image", IMAGE, "ports", Json.array(Json.object("containerPort", 99999))),
                        Json.object("name", "init", "image", IMAGE, "volumeMounts", Json.array(mount("www", "/www"), mount("gone", "/gone"))))))),
                arguments("an init container has probes and lifecycle only as a sidecar", podSpec(s -> s.with("initContainers", Json.array(
                        Json.object("name", "init", "image", IMAGE, "lifecycle", Json.object("preStop", Json.object("sleep", Json.object("seconds", 1))),
                                "readinessProbe", Json.object("exec", Json.object("command", Json.array("true")))),
                        Json.object("name", "sidecar", "image", IMAGE, "restartPolicy", "Always",
                                "readinessProbe", Json.object("exec", Json.object("command", Json.array("true")))))))));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("invalidTemplates")
    void theApiServerRefusesTheTemplateWithTheFieldErrorsOurValidatorReports(String rule, UnaryOperator<Json.Obj> change) {
        Json.Obj manifest = change.apply(valid("web"));

        List<String> server = serverErrors(manifest);

        assertThat(server).as("the API server refuses it").isNotEmpty();
        assertThat(ourErrors(manifest)).containsExactlyInAnyOrderElementsOf(server);
    }

    static Stream<Arguments> validTemplates() {
        return Stream.of(
                arguments("mounts of a claim template and a pod volume, named ports, relaxed env names, requests within limits", both(
                        podSpec(s -> s.with("volumes", Json.array(emptyDir("cache")))),
                        container(c -> c.with("volumeMounts", Json.array(mount("www", "/www"),
                                        Json.object("name", "cache", "mountPath", "/cache", "subPath", "a/b")))
                                .with("ports", Json.array(port("http", 80), Json.object("name", "metrics", "containerPort", 9090, "protocol", "UDP")))
                                .with("env", Json.array(Json.object("name", "1_ANY printable-ASCII.name~", "value", "x")))
                                .with("resources", Json.object("limits", Json.object("cpu", 1, "memory", "1Gi", "example.com/gpu", "2"),
                                        "requests", Json.object("cpu", "0.5", "memory", "1024Mi", "ephemeral-storage", "1G", "example.com/gpu", 2)))))));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("validTemplates")
    void theApiServerAcceptsWhatOurValidatorAccepts(String variant, UnaryOperator<Json.Obj> change) {
        Json.Obj manifest = change.apply(valid("accepted"));

        assertThat(ourErrors(manifest)).isEmpty();
        assertThat(serverErrors(manifest)).isEmpty();
    }

    /** The causes of the server's 422 as {@code <field>: <type>: <detail>}, or none when it stores the set (deleted again). */
    static List<String> serverErrors(Json.Obj manifest) {
        GenericKubernetesResource resource = Serialization.unmarshal(manifest.toString(), GenericKubernetesResource.class);
        try {
            client.genericKubernetesResources("apps/v1", "StatefulSet").inNamespace(NAMESPACE).resource(resource).create();
        } catch (KubernetesClientException e) {
            assertThat(e.getCode()).as(e.getMessage()).isEqualTo(422);
            return e.getStatus().getDetails().getCauses().stream().map(PodSpecValidationIT::text).toList();
        }
        client.genericKubernetesResources("apps/v1", "StatefulSet").inNamespace(NAMESPACE).withName(resource.getMetadata().getName()).delete();
        return List.of();
    }

    static String text(StatusCause cause) {
        return cause.getField() + ": " + cause.getMessage();
    }

    /** Decoded strictly and defaulted, as the in-memory cluster and gRPC Validate take a manifest, then create validation. */
    static List<String> ourErrors(Json.Obj manifest) {
        StatefulSet set = Defaults.statefulSet(CustomKindCodec.decodeStatefulSet(JsonParser.parseObject(manifest.toString()), true).value());
        set = set.withMetadata(set.metadata().withNamespace(NAMESPACE));
        return StatefulSetValidator.validate(set).stream().map(Violation::toString).toList();
    }

    // ------------------------------------------------------------------ manifests

    static Json.Obj valid(String name) {
        return Json.object("apiVersion", "apps/v1", "kind", "StatefulSet", "metadata", Json.object("name", name),
                "spec", Json.object("replicas", 1, "serviceName", "web", "selector", Json.object("matchLabels", Json.object("app", "web")),
                        "template", Json.object("metadata", Json.object("labels", Json.object("app", "web")),
                                "spec", Json.object("containers", Json.array(Json.object("name", "app", "image", IMAGE)))),
                        "volumeClaimTemplates", Json.array(Json.object("metadata", Json.object("name", "www"),
                                "spec", Json.object("accessModes", Json.array("ReadWriteOnce"),
                                        "resources", Json.object("requests", Json.object("storage", "1Gi")))))));
    }

    static UnaryOperator<Json.Obj> podSpec(UnaryOperator<Json.Obj> change) {
        return m -> m.update("spec", s -> s.update("template", t -> t.update("spec", change)));
    }

    static UnaryOperator<Json.Obj> container(UnaryOperator<Json.Obj> change) {
        return podSpec(s -> s.with("containers", Json.array(change.apply(s.array("containers").get(0).asObject().orElseThrow()))));
    }

    static UnaryOperator<Json.Obj> both(UnaryOperator<Json.Obj> first, UnaryOperator<Json.Obj> second) {
        return m -> second.apply(first.apply(m));
    }

    static Json.Obj mount(String name, String path) {
        return Json.object("name", name, "mountPath", path);
    }

    static Json.Obj emptyDir(String name) {
        return Json.object("name", name, "emptyDir", Json.object());
    }

    static Json.Obj port(String name, int containerPort) {
        return Json.object("name", name, "containerPort", containerPort);
    }
}
