package dev.stateful.domain.validation;

import static dev.stateful.domain.validation.Violation.Type.DUPLICATE;
import static dev.stateful.domain.validation.Violation.Type.FORBIDDEN;
import static dev.stateful.domain.validation.Violation.Type.INVALID;
import static dev.stateful.domain.validation.Violation.Type.NOT_FOUND;
import static dev.stateful.domain.validation.Violation.Type.NOT_SUPPORTED;
import static dev.stateful.domain.validation.Violation.Type.REQUIRED;
import static dev.stateful.domain.validation.Violation.Type.TOO_LONG;
import static org.assertj.core.api.Assertions.assertThat;
import static dev.stateful.domain.testing.PodSpecJson.execProbe;
import static dev.stateful.domain.testing.PodSpecJson.fieldRef;
import static dev.stateful.domain.testing.PodSpecJson.fileKeyRef;
import static dev.stateful.domain.testing.PodSpecJson.resourceFieldRef;
import static org.junit.jupiter.params.provider.Arguments.arguments;

import dev.stateful.domain.json.Json;
import dev.stateful.domain.model.IntOrString;
import dev.stateful.domain.model.LabelSelector;
import dev.stateful.domain.model.ObjectMeta;
import dev.stateful.domain.model.Ordinals;
import dev.stateful.domain.model.PersistentVolumeClaim;
import dev.stateful.domain.model.RetentionPolicy;
import dev.stateful.domain.model.StatefulSet;
import dev.stateful.domain.model.StatefulSetSpec;
import dev.stateful.domain.model.UpdateStrategy;
import dev.stateful.domain.testing.Fixtures;
import dev.stateful.domain.testing.PodSpecJson;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.provider.Arguments;

/** Upstream {@code ValidateStatefulSet}, one row per rule: the mutation of a valid set and the exact violations it causes. */
class StatefulSetValidatorTest extends RuleRows {

    static final StatefulSet VALID = Fixtures.statefulSet("web", 3);

    static final String LABEL_REGEX = "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', "
            + "and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation "
            + "is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')";
    static final String SUBDOMAIN_REGEX = "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, "
            + "'-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for "
            + "validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')";
    static final String PERCENT_REGEX = "a valid percent string must be a numeric string followed by an ending '%' "
            + "(e.g. '1%',  or '93%', regex used for validation is '[0-9]+%')";
    static final String NAME_PART_REGEX = "name part must consist of alphanumeric characters, '-', '_' or '.', and must start "
            + "and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for "
            + "validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')";
    static final String MISMATCH = "`selector` does not match template `labels`";
    static final String LABEL_VALUE_REGEX = "a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', "
            + "and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for "
            + "validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')";
    /** The paths of the template's pod spec and of its one container. */
    static final String T = "spec.template.spec.";
    static final String C = T + "containers[0].";

    @Test
    void theFixtureSetIsValid() {
        assertThat(StatefulSetValidator.validate(VALID)).isEmpty();
    }

    static Stream<Arguments> invalidRows() {
        return Stream.of(
                // ---- metadata
                row("name is required", meta(m -> m.withName("")),
                        v("metadata.name", REQUIRED, "name or generateName is required")),
                row("name is a DNS-1123 label", meta(m -> m.withName("Web")),
                        v("metadata.name", INVALID, "\"Web\": " + LABEL_REGEX)),
                row("a name with dots is a subdomain, not a label", meta(m -> m.withName("web.v1")),
                        v("metadata.name", INVALID, "\"web.v1\": must not contain dots")),
                row("project rule: names over 52 characters cannot get a revision label", meta(m -> m.withName("a".repeat(53))),
                        v("metadata.name", INVALID, "\"" + "a".repeat(53) + "\": " + StatefulSetValidator.NAME_TOO_LONG)),
                row("names over 63 characters break both limits", meta(m -> m.withName("a".repeat(64))),
                        v("metadata.name", INVALID, "\"" + "a".repeat(64) + "\": must be no more than 63 characters"),
                        v("metadata.name", INVALID, "\"" + "a".repeat(64) + "\": " + StatefulSetValidator.NAME_TOO_LONG)),
                row("generateName may end in a dash but must otherwise be a label", meta(m -> m.withGenerateName("Web-")),
                        v("metadata.generateName", INVALID, "\"Web-\": " + LABEL_REGEX)),
                row("a given namespace is a DNS-1123 label", meta(m -> m.withNamespace("Prod")),
                        v("metadata.namespace", INVALID, "\"Prod\": " + LABEL_REGEX)),
                row("metadata label keys are qualified names", meta(m -> m.withLabels(Map.of("-bad", "x"))),
                        v("metadata.labels", INVALID, "\"-bad\": " + NAME_PART_REGEX)),
                row("metadata annotation keys are qualified names", meta(m -> m.withAnnotations(Map.of("a/b/c", "x"))),
                        v("metadata.annotations", INVALID, "\"a/b/c\": a valid label key must consist of alphanumeric characters, "
                                + "'-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or "
                                + "'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]') "
                                + "with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')")),
                // ---- podManagementPolicy
                row("podManagementPolicy is required", spec(s -> s.withPodManagementPolicy("")),
                        v("spec.podManagementPolicy", REQUIRED, "")),
                row("podManagementPolicy is OrderedReady or Parallel", spec(s -> s.withPodManagementPolicy("Sequential")),
                        v("spec.podManagementPolicy", INVALID, "\"Sequential\": must be 'OrderedReady' or 'Parallel'")),
                // ---- updateStrategy
                row("updateStrategy.type is required", spec(s -> s.withUpdateStrategy(UpdateStrategy.UNSET)),
                        v("spec.updateStrategy", REQUIRED, "")),
                row("updateStrategy.type is RollingUpdate or OnDelete", spec(s -> s.withUpdateStrategy(new UpdateStrategy("Recreate", null))),
                        v("spec.updateStrategy", INVALID, "\"Recreate\": must be 'RollingUpdate' or 'OnDelete'")),
                row("rollingUpdate is only allowed with RollingUpdate",
                        spec(s -> s.withUpdateStrategy(new UpdateStrategy(UpdateStrategy.ON_DELETE, new UpdateStrategy.RollingUpdate(0, null)))),
                        v("spec.updateStrategy.rollingUpdate", INVALID, "{\"partition\":0}: only allowed for updateStrategy 'RollingUpdate'")),
                row("partition is not negative", rolling(-1, null),
                        v("spec.updateStrategy.rollingUpdate.partition", INVALID, "-1: must be greater than or equal to 0")),
                row("maxUnavailable cannot be 0", rolling(0, IntOrString.of(0)),
                        v("spec.updateStrategy.rollingUpdate.maxUnavailable", INVALID, "0: cannot be 0")),
                row("maxUnavailable is not negative", rolling(0, IntOrString.of(-1)),
                        v("spec.updateStrategy.rollingUpdate.maxUnavailable", INVALID, "-1: must be greater than or equal to 0")),
                row("maxUnavailable cannot be 0%", rolling(0, IntOrString.of("0%")),
                        v("spec.updateStrategy.rollingUpdate.maxUnavailable", INVALID, "\"0%\": cannot be 0")),
                row("maxUnavailable is at most 100%", rolling(0, IntOrString.of("101%")),
                        v("spec.updateStrategy.rollingUpdate.maxUnavailable", INVALID, "\"101%\": must not be greater than 100%")),
                row("a malformed percentage is invalid and, read as a number, 0", rolling(0, IntOrString.of("abc")),
                        v("spec.updateStrategy.rollingUpdate.maxUnavailable", INVALID, "\"abc\": " + PERCENT_REGEX),
                        v("spec.updateStrategy.rollingUpdate.maxUnavailable", INVALID, "\"abc\": cannot be 0")),
                row("a fractional percentage is malformed", rolling(0, IntOrString.of("50.5%")),
                        v("spec.updateStrategy.rollingUpdate.maxUnavailable", INVALID, "\"50.5%\": " + PERCENT_REGEX),
                        v("spec.updateStrategy.rollingUpdate.maxUnavailable", INVALID, "\"50.5%\": cannot be 0")),
                row("a number in a string is not a percentage", rolling(0, IntOrString.of("5")),
                        v("spec.updateStrategy.rollingUpdate.maxUnavailable", INVALID, "\"5\": " + PERCENT_REGEX)),
                // ---- retention policy
                row("whenDeleted is Retain or Delete", spec(s -> s.withRetentionPolicy(new RetentionPolicy("Keep", "Retain"))),
                        v("spec.persistentVolumeClaimRetentionPolicy.whenDeleted", NOT_SUPPORTED, "\"Keep\": supported values: \"Retain\", \"Delete\"")),
                row("whenScaled is Retain or Delete", spec(s -> s.withRetentionPolicy(new RetentionPolicy("Delete", "delete"))),
                        v("spec.persistentVolumeClaimRetentionPolicy.whenScaled", NOT_SUPPORTED, "\"delete\": supported values: \"Retain\", \"Delete\"")),
                // ---- numbers
                row("replicas is not negative", spec(s -> s.withReplicas(-1)),
                        v("spec.replicas", INVALID, "-1: must be greater than or equal to 0")),
                row("minReadySeconds is not negative", spec(s -> s.withMinReadySeconds(-5)),
                        v("spec.minReadySeconds", INVALID, "-5: must be greater than or equal to 0")),
                row("ordinals.start is not negative", spec(s -> s.withOrdinals(new Ordinals(-1))),
                        v("spec.ordinals.start", INVALID, "-1: must be greater than or equal to 0")),
                // ---- selector
                row("selector is required (and the missing selector matches no template)", spec(s -> s.withSelector(null)),
                        v("spec.selector", REQUIRED, ""),
                        v("spec.template.metadata.labels", INVALID, "{\"app\":\"nginx\"}: " + MISMATCH)),
                row("an empty selector is invalid", spec(s -> s.withSelector(LabelSelector.of(Map.of()))),
                        v("spec.selector", INVALID, "{}: empty selector is invalid for statefulset")),
                row("matchLabels keys are qualified names (and the selector does not convert)",
                        spec(s -> s.withSelector(LabelSelector.of(Map.of("-app", "nginx")))),
                        v("spec.selector.matchLabels", INVALID, "\"-app\": " + NAME_PART_REGEX),
                        v("spec.selector", INVALID, "{-app=nginx}")),
                row("matchLabels values are label values",
                        spec(s -> s.withSelector(LabelSelector.of(Map.of("app", "nginx!")))),
                        v("spec.selector.matchLabels", INVALID, "\"nginx!\": a valid label must be an empty string or consist of "
                                + "alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character "
                                + "(e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is "
                                + "'(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')"),
                        v("spec.selector", INVALID, "{app=nginx!}")),
                row("In needs values", expression("In", List.of()),
                        v("spec.selector.matchExpressions[0].values", REQUIRED, "must be specified when `operator` is 'In' or 'NotIn'"),
                        v("spec.selector", INVALID, "{app in ()}")),
                row("NotIn needs values", expression("NotIn", List.of()),
                        v("spec.selector.matchExpressions[0].values", REQUIRED, "must be specified when `operator` is 'In' or 'NotIn'"),
                        v("spec.selector", INVALID, "{app notin ()}")),
                row("Exists takes no values", expression("Exists", List.of("nginx")),
                        v("spec.selector.matchExpressions[0].values", FORBIDDEN, "may not be specified when `operator` is 'Exists' or 'DoesNotExist'"),
                        v("spec.selector", INVALID, "{app}")),
                row("DoesNotExist takes no values", expression("DoesNotExist", List.of("nginx")),
                        v("spec.selector.matchExpressions[0].values", FORBIDDEN, "may not be specified when `operator` is 'Exists' or 'DoesNotExist'"),
                        v("spec.selector", INVALID, "{!app}")),
                row("operators are In, NotIn, Exists, DoesNotExist", expression("Equals", List.of("nginx")),
                        v("spec.selector.matchExpressions[0].operator", INVALID, "\"Equals\": not a valid selector operator"),
                        v("spec.selector", INVALID, "{app Equals}")),
                // ---- template metadata
                row("the selector must match the template labels", spec(s -> s.withSelector(LabelSelector.of(Map.of("app", "other")))),
                        v("spec.template.metadata.labels", INVALID, "{\"app\":\"nginx\"}: " + MISMATCH)),
                row("template label values are at most 63 characters", templateMeta(m -> m.with("labels", Json.object("app", "nginx", "x", "v".repeat(64)))),
                        v("spec.template.labels", INVALID, "\"" + "v".repeat(64) + "\": must be no more than 63 bytes")),
                row("template annotation keys are qualified names", templateMeta(m -> m.with("annotations", Json.object("bad key", "x"))),
                        v("spec.template.annotations", INVALID, "\"bad key\": " + NAME_PART_REGEX)),
                row("template annotations total at most 256KiB", templateMeta(m -> m.with("annotations", Json.object("big", "x".repeat(256 * 1024)))),
                        v("spec.template.annotations", TOO_LONG, "may not be more than 262144 bytes")),
                row("a mirror-pod annotation needs spec.nodeName", templateMeta(m -> m.with("annotations", Json.object("kubernetes.io/config.mirror", "x"))),
                        v("spec.template.annotations[kubernetes.io/config.mirror]", INVALID, "\"x\": must set spec.nodeName if mirror pod annotation is set")),
                row("the pod deletion cost is a 32-bit integer", templateMeta(m -> m.with("annotations", Json.object("controller.kubernetes.io/pod-deletion-cost", "+5"))),
                        v("spec.template.annotations[controller.kubernetes.io/pod-deletion-cost]", INVALID, "\"+5\": must be a 32bit integer")),
                row("seccomp annotations name a known profile", templateMeta(m -> m.with("annotations", Json.object("seccomp.security.alpha.kubernetes.io/pod", "strict"))),
                        v("spec.template.annotations.seccomp.security.alpha.kubernetes.io/pod", INVALID, "\"strict\": must be a valid seccomp profile")),
                row("seccomp localhost profiles are relative paths without '..'",
                        templateMeta(m -> m.with("annotations", Json.object("container.seccomp.security.alpha.kubernetes.io/nginx", "localhost//../p"))),
                        v("spec.template.annotations.container.seccomp.security.alpha.kubernetes.io/nginx", INVALID, "\"/../p\": must be a relative path"),
                        v("spec.template.annotations.container.seccomp.security.alpha.kubernetes.io/nginx", INVALID, "\"/../p\": must not contain '..'")),
                row("AppArmor annotations name an existing container and a valid profile",
                        templateMeta(m -> m.with("annotations", Json.object("container.apparmor.security.beta.kubernetes.io/sidecar", "strict"))),
                        v("spec.template.annotations[container.apparmor.security.beta.kubernetes.io/sidecar]", INVALID, "\"sidecar\": container not found"),
                        v("spec.template.annotations[container.apparmor.security.beta.kubernetes.io/sidecar]", INVALID, "\"strict\": invalid AppArmor profile name: \"strict\"")),
                // ---- template spec
                row("restartPolicy is Always", templateSpec(s -> s.with("restartPolicy", "Never")),
                        v("spec.template.spec.restartPolicy", NOT_SUPPORTED, "\"Never\": supported values: \"Always\"")),
                row("activeDeadlineSeconds is forbidden", templateSpec(s -> s.with("activeDeadlineSeconds", 60)),
                        v("spec.template.spec.activeDeadlineSeconds", FORBIDDEN, "activeDeadlineSeconds in StatefulSet is not Supported")),
                row("a template without containers", templateSpec(s -> s.without("containers")),
                        v("spec.template.spec.containers", REQUIRED, "")),
                row("a container has a name and an image", templateSpec(s -> s.with("containers", Json.array(Json.object("name", "")))),
                        v("spec.template.spec.containers[0].name", REQUIRED, ""),
                        v("spec.template.spec.containers[0].image", REQUIRED, "")),
                row("container names are unique DNS-1123 labels", templateSpec(s -> s.with("containers", Json.array(
                                Json.object("name", "web", "image", "nginx"), Json.object("name", "Web_1", "image", "nginx"),
                                Json.object("name", "web", "image", "busybox")))),
                        v("spec.template.spec.containers[1].name", INVALID, "\"Web_1\": " + LABEL_REGEX),
                        v("spec.template.spec.containers[2].name", DUPLICATE, "\"web\"")),
                // ---- the pod spec's volumes and containers (ValidatePodSpec)
                row("a volume mount names a volume or a claim template", container(c -> c.with("volumeMounts", Json.array(
                                Json.object("name", "www", "mountPath", "/www"), Json.object("name", "cache", "mountPath", "/cache")))),
                        v("spec.template.spec.containers[0].volumeMounts[1].name", NOT_FOUND, "\"cache\"")),
                row("a volume mount has a name and a mount path, unique in the container", container(c -> c.with("volumeMounts", Json.array(
                                Json.object("name", "www", "mountPath", "/data"), Json.object("name", "", "mountPath", "/data"),
                                Json.object("name", "www")))),
                        v("spec.template.spec.containers[0].volumeMounts[1].name", REQUIRED, ""),
                        v("spec.template.spec.containers[0].volumeMounts[1].name", NOT_FOUND, "\"\""),
                        v("spec.template.spec.containers[0].volumeMounts[1].mountPath", INVALID, "\"/data\": must be unique"),
                        v("spec.template.spec.containers[0].volumeMounts[2].mountPath", REQUIRED, "")),
                row("a subPath is relative and has no '..' (Go names the list, not the mount)", container(c -> c.with("volumeMounts", Json.array(
                                Json.object("name", "www", "mountPath", "/www", "subPath", "/a/../b")))),
                        v("spec.template.spec.containers[0].volumeMounts.subPath", INVALID, "\"/a/../b\": must be a relative path"),
                        v("spec.template.spec.containers[0].volumeMounts.subPath", INVALID, "\"/a/../b\": must not contain '..'")),
                row("pod volumes follow the claim templates' volumes in the paths; names are unique DNS-1123 labels",
                        templateSpec(t -> t.with("volumes", Json.array(emptyDir("cache"), emptyDir("Cache_1"), emptyDir("cache"), emptyDir("")))),
                        v("spec.template.spec.volumes[2].name", INVALID, "\"Cache_1\": " + LABEL_REGEX),
                        v("spec.template.spec.volumes[3].name", DUPLICATE, "\"cache\""),
                        v("spec.template.spec.volumes[4].name", REQUIRED, "")),
                row("a pod volume named like a claim template is replaced by the template's, not a duplicate",
                        templateSpec(t -> t.with("volumes", Json.array(emptyDir("www"), emptyDir("Bad")))),
                        v("spec.template.spec.volumes[1].name", INVALID, "\"Bad\": " + LABEL_REGEX)),
                row("a volume has one source, and a mount of a volume with errors finds none", both(
                                templateSpec(t -> t.with("volumes", Json.array(Json.object("name", "conf",
                                        "configMap", Json.object("name", "c"), "secret", Json.object("secretName", "s"), "emptyDir", Json.object())))),
                                container(c -> c.with("volumeMounts", Json.array(Json.object("name", "conf", "mountPath", "/conf"))))),
                        v("spec.template.spec.volumes[1].secret", FORBIDDEN, "may not specify more than 1 volume type"),
                        v("spec.template.spec.volumes[1].configMap", FORBIDDEN, "may not specify more than 1 volume type"),
                        v("spec.template.spec.containers[0].volumeMounts[0].name", NOT_FOUND, "\"conf\"")),
                row("a container port is between 1 and 65535, a host port too", container(c -> c.with("ports", Json.array(
                                Json.object("containerPort", 70000, "protocol", "TCP"), Json.object("protocol", "TCP"),
                                Json.object("containerPort", 80, "hostPort", -1, "protocol", "TCP")))),
                        v("spec.template.spec.containers[0].ports[0].containerPort", INVALID, "70000: must be between 1 and 65535, inclusive"),
                        v("spec.template.spec.containers[0].ports[1].containerPort", REQUIRED, ""),
                        v("spec.template.spec.containers[0].ports[2].hostPort", INVALID, "-1: must be between 1 and 65535, inclusive")),
                row("port names are unique IANA service names", container(c -> c.with("ports", Json.array(
                                port("http", 80), port("http", 81), port("8080", 82), port("-Web--port-too-long", 83)))),
                        v("spec.template.spec.containers[0].ports[1].name", DUPLICATE, "\"http\""),
                        v("spec.template.spec.containers[0].ports[2].name", INVALID, "\"8080\": must contain at least one letter (a-z)"),
                        v("spec.template.spec.containers[0].ports[3].name", INVALID, "\"-Web--port-too-long\": must be no more than 15 characters"),
                        v("spec.template.spec.containers[0].ports[3].name", INVALID,
                                "\"-Web--port-too-long\": must contain only alpha-numeric characters (a-z, 0-9), and hyphens (-)"),
                        v("spec.template.spec.containers[0].ports[3].name", INVALID, "\"-Web--port-too-long\": must not contain consecutive hyphens"),
                        v("spec.template.spec.containers[0].ports[3].name", INVALID, "\"-Web--port-too-long\": must not begin or end with a hyphen")),
                row("a port's protocol is TCP, UDP or SCTP", container(c -> c.with("ports", Json.array(
                                Json.object("containerPort", 80, "protocol", "HTTP")))),
                        v("spec.template.spec.containers[0].ports[0].protocol", NOT_SUPPORTED, "\"HTTP\": supported values: \"SCTP\", \"TCP\", \"UDP\"")),
                row("an environment variable has a name of printable ASCII other than '='", container(c -> c.with("env", Json.array(
                                Json.object("name", "", "value", "x"), Json.object("name", "A=B"), Json.object("name", "1 relaxed.name-ok"),
                                Json.object("name", "caf\u00e9")))),
                        v("spec.template.spec.containers[0].env[0].name", REQUIRED, ""),
                        v("spec.template.spec.containers[0].env[1].name", INVALID, "\"A=B\": " + EnvRules.ENV_NAME),
                        v("spec.template.spec.containers[0].env[3].name", INVALID, "\"caf\u00e9\": " + EnvRules.ENV_NAME)),
                row("a request is at most its limit, both shown in canonical form", container(c -> c.with("resources", Json.object(
                                "limits", Json.object("cpu", "1000m", "memory", "1Gi"), "requests", Json.object("cpu", "1.5", "memory", "1025Mi")))),
                        v("spec.template.spec.containers[0].resources.requests", INVALID, "\"1500m\": must be less than or equal to cpu limit of 1"),
                        v("spec.template.spec.containers[0].resources.requests", INVALID, "\"1025Mi\": must be less than or equal to memory limit of 1Gi")),
                row("a quantity is not negative", container(c -> c.with("resources", Json.object(
                                "limits", Json.object("memory", "-1Gi"), "requests", Json.object("cpu", "-0.1")))),
                        v("spec.template.spec.containers[0].resources.limits[memory]", INVALID, "\"-1Gi\": must be greater than or equal to 0"),
                        v("spec.template.spec.containers[0].resources.requests[cpu]", INVALID, "\"-100m\": must be greater than or equal to 0")),
                row("hugepages and extended resources are not overcommitted: a request equals its limit, which must be set",
                        container(c -> c.with("resources", Json.object("limits", Json.object("example.com/gpu", 2, "memory", "1Gi"),
                                "requests", Json.object("example.com/gpu", 1, "hugepages-2Mi", "4Mi", "memory", "1Gi")))),
                        v("spec.template.spec.containers[0].resources.requests", INVALID, "\"1\": must be equal to example.com/gpu limit of 2"),
                        v("spec.template.spec.containers[0].resources.limits", REQUIRED, "Limit must be set for non overcommitable resources")),
                row("a hugepages quantity is a whole multiple of its page size, and hugepages need cpu or memory beside them",
                        container(c -> c.with("resources", Json.object("limits", Json.object("hugepages-1Gi", "1Gi", "hugepages-2Mi", "3Mi"),
                                "requests", Json.object("hugepages-1Gi", "1Gi", "hugepages-2Mi", "3Mi")))),
                        v("spec.template.spec.containers[0].resources.limits[hugepages-2Mi]", INVALID, "\"3Mi\": 3Mi is not positive integer multiple of hugepages-2Mi"),
                        v("spec.template.spec.containers[0].resources.requests[hugepages-2Mi]", INVALID, "\"3Mi\": 3Mi is not positive integer multiple of hugepages-2Mi"),
                        v("spec.template.spec.containers[0].resources", FORBIDDEN, "HugePages require cpu or memory")),
                row("the hugepages rules hold for the pod-level resources and the overhead too; a page size that is no quantity divides nothing",
                        templateSpec(t -> t.with("resources", Json.object("limits", Json.object("hugepages-x", "1")))
                                .with("overhead", Json.object("hugepages-2Mi", "1Mi"))),
                        v("spec.template.spec.resources.limits[hugepages-x]", INVALID, "\"1\": 1 is not positive integer multiple of hugepages-x"),
                        v("spec.template.spec.resources", FORBIDDEN, "HugePages require cpu or memory"),
                        v("spec.template.spec.overhead.limits[hugepages-2Mi]", INVALID, "\"1Mi\": 1Mi is not positive integer multiple of hugepages-2Mi"),
                        v("spec.template.spec.overhead", FORBIDDEN, "HugePages require cpu or memory")),
                row("init containers get the container checks, names unique across both lists", templateSpec(t -> t.with("initContainers", Json.array(
                                Json.object("name", "nginx", "image", "busybox"),
                                Json.object("name", "init", "image", "busybox", "ports", Json.array(Json.object("containerPort", 0, "protocol", "TCP"))),
                                Json.object("name", "init", "image", "busybox", "volumeMounts", Json.array(Json.object("name", "www", "mountPath", "/www")))))),
                        v("spec.template.spec.initContainers[0].name", DUPLICATE, "\"nginx\""),
                        v("spec.template.spec.initContainers[1].ports[0].containerPort", REQUIRED, ""),
                        v("spec.template.spec.initContainers[2].name", DUPLICATE, "\"init\"")),
                row("an init container has probes and lifecycle only as a sidecar (restartPolicy Always)", templateSpec(t -> t.with("initContainers", Json.array(
                                Json.object("name", "init", "image", "busybox", "readinessProbe", Json.object(), "lifecycle", Json.object()),
                                Json.object("name", "sidecar", "image", "busybox", "restartPolicy", "Always", "readinessProbe", execProbe())))),
                        v("spec.template.spec.initContainers[0].lifecycle", FORBIDDEN, "may not be set for init containers without restartPolicy=Always"),
                        v("spec.template.spec.initContainers[0].readinessProbe", FORBIDDEN, "may not be set for init containers without restartPolicy=Always")),
                row("serviceName is a DNS-1123 label", spec(s -> s.withServiceName("web.svc")),
                        v("spec.serviceName", INVALID, "\"web.svc\": must not contain dots")),
                // ---- policies, environment sources, probes, resource names, the pod's own fields (ValidatePodSpec)
                row("imagePullPolicy and terminationMessagePolicy are known values (when given: defaulting fills them)", container(c -> c.with("imagePullPolicy", "Sometimes").with("terminationMessagePolicy", "Stdout")),
                        v(C + "terminationMessagePolicy", NOT_SUPPORTED, "\"Stdout\": supported values: \"File\", \"FallbackToLogsOnError\""),
                        v(C + "imagePullPolicy", NOT_SUPPORTED, "\"Sometimes\": supported values: \"Always\", \"IfNotPresent\", \"Never\"")),
                row("an env valueFrom has exactly one source and no value beside it", container(c -> c.with("env", Json.array(
                        Json.object("name", "A", "valueFrom", Json.object()),
                        Json.object("name", "B", "value", "x", "valueFrom", Json.object("fieldRef", Json.object("apiVersion", "v1", "fieldPath", "metadata.name"))),
                        Json.object("name", "C", "valueFrom", Json.object("configMapKeyRef", Json.object("name", "c", "key", "k"),
                                "secretKeyRef", Json.object("name", "s", "key", "k")))))),
                        v(C + "env[0].valueFrom", INVALID, "\"\": must specify one of: `fieldRef`, `resourceFieldRef`, `configMapKeyRef`, `secretKeyRef` or `fileKeyRef`"),
                        v(C + "env[1].valueFrom", INVALID, "\"\": may not be specified when `value` is not empty"),
                        v(C + "env[2].valueFrom", INVALID, "\"\": may not have more than one field specified at a time")),
                row("a fieldRef converts (apiVersion v1, a known or subscripted label) and names a field the environment may read", container(c -> c.with("env", Json.array(
                        fieldRef("A", "v1", "status.phase"), fieldRef("B", "v1", "metadata.labels['Bad Key']"),
                        fieldRef("C", "v1", "spec.containers"), fieldRef("D", "v1", "metadata.name['x']"), fieldRef("E", "v2", "metadata.name")))),
                        v(C + "env[0].valueFrom.fieldRef.fieldPath", NOT_SUPPORTED, "\"status.phase\": supported values: \"metadata.name\", \"metadata.namespace\", \"metadata.uid\", \"spec.nodeName\", \"spec.serviceAccountName\", \"status.hostIP\", \"status.hostIPs\", \"status.podIP\", \"status.podIPs\""),
                        v(C + "env[1].valueFrom.fieldRef", INVALID, "\"Bad Key\": " + NAME_PART_REGEX),
                        v(C + "env[2].valueFrom.fieldRef.fieldPath", INVALID, "\"spec.containers\": error converting fieldPath: field label not supported: spec.containers"),
                        v(C + "env[3].valueFrom.fieldRef.fieldPath", INVALID, "\"metadata.name['x']\": error converting fieldPath: field label does not support subscript: metadata.name['x']"),
                        v(C + "env[4].valueFrom.fieldRef.fieldPath", INVALID, "\"metadata.name\": error converting fieldPath: unsupported pod version: v2")),
                row("a resourceFieldRef names a container resource and a divisor of its unit", container(c -> c.with("env", Json.array(
                        resourceFieldRef("A", "limits.gpu", null), resourceFieldRef("B", "limits.cpu", "1Mi"), resourceFieldRef("C", "requests.memory", "3")))),
                        v(C + "env[0].valueFrom.resourceFieldRef.resource", NOT_SUPPORTED, "\"limits.gpu\": supported values: \"limits.cpu\", \"limits.ephemeral-storage\", \"limits.memory\", \"requests.cpu\", \"requests.ephemeral-storage\", \"requests.memory\""),
                        v(C + "env[1].valueFrom.resourceFieldRef.divisor", INVALID, "\"limits.cpu\": only divisor's values 1m and 1 are supported with the cpu resource"),
                        v(C + "env[2].valueFrom.resourceFieldRef.divisor", INVALID, "\"requests.memory\": only divisor's values 1, 1k, 1M, 1G, 1T, 1P, 1E, 1Ki, 1Mi, 1Gi, 1Ti, 1Pi, 1Ei are supported with the memory resource")),
                row("config map and secret key refs name a DNS-1123 subdomain (an empty one too) and a config key", container(c -> c.with("env", Json.array(
                        Json.object("name", "A", "valueFrom", Json.object("configMapKeyRef", Json.object("name", "Bad_Name", "key", "..k"))),
                        Json.object("name", "B", "valueFrom", Json.object("secretKeyRef", Json.object("key", "a b")))))),
                        v(C + "env[0].valueFrom.configMapKeyRef.name", INVALID, "\"Bad_Name\": " + SUBDOMAIN_REGEX),
                        v(C + "env[0].valueFrom.configMapKeyRef.key", INVALID, "\"..k\": must not start with '..'"),
                        v(C + "env[1].valueFrom.secretKeyRef.name", INVALID, "\"\": " + SUBDOMAIN_REGEX),
                        v(C + "env[1].valueFrom.secretKeyRef.key", INVALID, "\"a b\": a valid config key must consist of alphanumeric characters, '-', '_' or '.' (e.g. 'key.name',  or 'KEY_NAME',  or 'key-name', regex used for validation is '[-._a-zA-Z0-9]+')")),
                row("a fileKeyRef has a variable-name key, a path without '..', and names an emptyDir volume (a claim template's is none)", both(templateSpec(s -> s.with("volumes", Json.array(emptyDir("files"), Json.object("name", "conf", "configMap", Json.object("name", "c"))))),
                        container(c -> c.with("env", Json.array(
                                fileKeyRef("A", "a=b", "files", "../x"), fileKeyRef("B", "k", "conf", "p"), fileKeyRef("C", "k", "www", "p"),
                                fileKeyRef("D", "k", "gone", "p"))))),
                        v(C + "env[0].valueFrom.fileKeyRef.key", INVALID, "\"a=b\": " + EnvRules.ENV_NAME),
                        v(C + "env[0].valueFrom.fileKeyRef.path", INVALID, "\"../x\": must not contain '..'"),
                        v(C + "env[1].valueFrom.fileKeyRef.volumeName", INVALID, "\"conf\": referenced volume must be of type emptyDir"),
                        v(C + "env[2].valueFrom.fileKeyRef.volumeName", INVALID, "\"www\": referenced volume must be of type emptyDir"),
                        v(C + "env[3].valueFrom.fileKeyRef.volumeName", NOT_FOUND, "\"gone\"")),
                row("an envFrom has a printable prefix and exactly one of configMapRef or secretRef (Go names the count on the list)", container(c -> c.with("envFrom", Json.array(
                        Json.object("prefix", "A=", "configMapRef", Json.object("name", "cm-")), Json.object("prefix", "P_"),
                        Json.object("configMapRef", Json.object("name", "a"), "secretRef", Json.object("name", "Bad_")),
                        Json.object("secretRef", Json.object())))),
                        v(C + "envFrom[0].prefix", INVALID, "\"A=\": " + EnvRules.ENV_NAME),
                        v(C + "envFrom", INVALID, "\"\": must specify one of: `configMapRef` or `secretRef`"),
                        v(C + "envFrom[2].secretRef.name", INVALID, "\"Bad_\": " + SUBDOMAIN_REGEX),
                        v(C + "envFrom", INVALID, "\"\": may not have more than one field specified at a time"),
                        v(C + "envFrom[3].secretRef.name", REQUIRED, "")),
                row("a probe has exactly one handler, each checked", container(c -> c.with("livenessProbe", Json.object())
                        .with("readinessProbe", Json.object("exec", Json.object("command", Json.array("true")), "httpGet", Json.object("port", 80)))
                        .with("startupProbe", Json.object("exec", Json.object()))),
                        v(C + "livenessProbe", REQUIRED, "must specify a handler type"),
                        v(C + "readinessProbe.httpGet", FORBIDDEN, "may not specify more than 1 handler type"),
                        v(C + "startupProbe.exec.command", REQUIRED, "")),
                row("probe numbers are not negative, a probe's grace period positive and not on a readiness probe; liveness and startup succeed once", container(c -> c
                        .with("livenessProbe", execProbe().with("successThreshold", 2).with("periodSeconds", -1))
                        .with("readinessProbe", execProbe().with("terminationGracePeriodSeconds", 5).with("failureThreshold", -3))
                        .with("startupProbe", execProbe().with("successThreshold", -1).with("terminationGracePeriodSeconds", 0))),
                        v(C + "livenessProbe.periodSeconds", INVALID, "-1: must be greater than or equal to 0"),
                        v(C + "livenessProbe.successThreshold", INVALID, "2: must be 1"),
                        v(C + "readinessProbe.failureThreshold", INVALID, "-3: must be greater than or equal to 0"),
                        v(C + "readinessProbe.terminationGracePeriodSeconds", INVALID, "5: must not be set for readinessProbes"),
                        v(C + "startupProbe.successThreshold", INVALID, "-1: must be greater than or equal to 0"),
                        v(C + "startupProbe.terminationGracePeriodSeconds", INVALID, "0: must be greater than 0"),
                        v(C + "startupProbe.successThreshold", INVALID, "-1: must be 1")),
                row("probe ports are in range or IANA names, httpGet schemes HTTP or HTTPS, header names tokens", container(c -> c
                        .with("livenessProbe", Json.object("httpGet", Json.object("port", 0, "scheme", "FTP",
                                "httpHeaders", Json.array(Json.object("name", "Bad Header", "value", "x")))))
                        .with("readinessProbe", Json.object("tcpSocket", Json.object("port", "Web--x")))
                        .with("startupProbe", Json.object("grpc", Json.object("port", 70000)))),
                        v(C + "livenessProbe.httpGet.port", INVALID, "0: must be between 1 and 65535, inclusive"),
                        v(C + "livenessProbe.httpGet.scheme", NOT_SUPPORTED, "\"FTP\": supported values: \"HTTP\", \"HTTPS\""),
                        v(C + "livenessProbe.httpGet.httpHeaders", INVALID, "\"Bad Header\": a valid HTTP header must consist of alphanumeric characters or '-' (e.g. 'X-Header-Name', regex used for validation is '[-A-Za-z0-9]+')"),
                        v(C + "readinessProbe.tcpSocket.port", INVALID, "\"Web--x\": must contain only alpha-numeric characters (a-z, 0-9), and hyphens (-)"),
                        v(C + "readinessProbe.tcpSocket.port", INVALID, "\"Web--x\": must not contain consecutive hyphens"),
                        v(C + "startupProbe.grpc.port", INVALID, "70000: must be between 1 and 65535, inclusive")),
                row("a sidecar's probes are checked as a container's", templateSpec(s -> s.with("initContainers", Json.array(
                        Json.object("name", "sidecar", "image", "busybox", "restartPolicy", "Always",
                                "livenessProbe", execProbe().with("successThreshold", 3), "startupProbe", Json.object())))),
                        v(T + "initContainers[0].livenessProbe.successThreshold", INVALID, "3: must be 1"),
                        v(T + "initContainers[0].startupProbe", REQUIRED, "must specify a handler type")),
                row("resource names are standard container resources or qualified extended ones, whose quantities are whole", container(c -> c.with("resources", Json.object("limits", Json.object("gpu", 1, "Bad Name", 1, "pods", 1, "example.com/fpga", "1.5",
                                "requests.example.com/x", 1, "kubernetes.io/x", 1)))),
                        v(C + "resources.limits[Bad Name]", INVALID, "\"Bad Name\": " + NAME_PART_REGEX),
                        v(C + "resources.limits[Bad Name]", INVALID, "\"Bad Name\": must be a standard resource for containers"),
                        v(C + "resources.limits[example.com/fpga]", INVALID, "\"1500m\": must be an integer"),
                        v(C + "resources.limits[gpu]", INVALID, "\"gpu\": must be a standard resource type or fully qualified"),
                        v(C + "resources.limits[gpu]", INVALID, "\"gpu\": must be a standard resource for containers"),
                        v(C + "resources.limits[pods]", INVALID, "\"pods\": must be a standard resource for containers"),
                        v(C + "resources.limits[requests.example.com/x]", INVALID, "\"requests.example.com/x\": doesn't follow extended resource name standard")),
                row("the pod's restartPolicy and dnsPolicy are known values (restartPolicy then also Always for a set)", templateSpec(s -> s.with("restartPolicy", "Sometimes").with("dnsPolicy", "Cluster")),
                        v(T + "restartPolicy", NOT_SUPPORTED, "\"Sometimes\": supported values: \"Always\", \"OnFailure\", \"Never\""),
                        v(T + "dnsPolicy", NOT_SUPPORTED, "\"Cluster\": supported values: \"ClusterFirstWithHostNet\", \"ClusterFirst\", \"Default\", \"None\""),
                        v(T + "restartPolicy", NOT_SUPPORTED, "\"Sometimes\": supported values: \"Always\"")),
                row("dnsPolicy None needs dnsConfig", templateSpec(s -> s.with("dnsPolicy", "None")),
                        v(T + "dnsConfig", REQUIRED, "must provide `dnsConfig` when `dnsPolicy` is None")),
                row("dnsPolicy None needs a nameserver", templateSpec(s -> s.with("dnsPolicy", "None").with("dnsConfig", Json.object())),
                        v(T + "dnsConfig.nameservers", REQUIRED, "must provide at least one DNS nameserver when `dnsPolicy` is None")),
                row("nodeSelector keys and values are labels", templateSpec(s -> s.with("nodeSelector", Json.object("Bad Key", "v", "disk", "ssd!"))),
                        v(T + "nodeSelector", INVALID, "\"Bad Key\": " + NAME_PART_REGEX),
                        v(T + "nodeSelector", INVALID, "\"ssd!\": " + LABEL_VALUE_REGEX)),
                row("tolerations: a key or Exists, a label value for Equal (on the operator's path) and none for Exists, NoExecute with seconds, known operators and effects", templateSpec(s -> s.with("tolerations", Json.array(
                                Json.object("operator", "Equal"),
                                Json.object("key", "k", "operator", "Exists", "value", "v", "effect", "NoExecute"),
                                Json.object("key", "bad key", "value", "bad value!", "effect", "Sometimes", "tolerationSeconds", 5),
                                Json.object("key", "k", "operator", "Lt", "value", "5"),
                                Json.object("key", "k", "operator", "In")))),
                        v(T + "tolerations[0].operator", INVALID, "\"Equal\": operator must be Exists when `key` is empty, which means \"match all values and all keys\""),
                        v(T + "tolerations[1].operator", INVALID, "\"v\": value must be empty when `operator` is 'Exists'"),
                        v(T + "tolerations[2].key", INVALID, "\"bad key\": " + NAME_PART_REGEX),
                        v(T + "tolerations[2].effect", INVALID, "\"Sometimes\": effect must be 'NoExecute' when `tolerationSeconds` is set"),
                        v(T + "tolerations[2].operator", INVALID, "\"bad value!\": " + LABEL_VALUE_REGEX),
                        v(T + "tolerations[2].effect", NOT_SUPPORTED, "\"Sometimes\": supported values: \"NoSchedule\", \"PreferNoSchedule\", \"NoExecute\""),
                        v(T + "tolerations[3].operator", NOT_SUPPORTED, "\"Lt\": supported values: \"Equal\", \"Exists\", \"Lt\", \"Gt\""),
                        v(T + "tolerations[4].operator", NOT_SUPPORTED, "\"In\": supported values: \"Equal\", \"Exists\"")),
                // ---- claim template names, which become pod volumes (upstream: volumesToAddForTemplates)
                row("claim templates have a name (and the template's mount of www finds no volume)", claims(claim("")),
                        v("spec.template.spec.containers[0].volumeMounts[0].name", NOT_FOUND, "\"www\""),
                        v("spec.volumeClaimTemplates[0].metadata.name", REQUIRED, "every volume claim template needs a name")),
                row("a claim template needs an access mode", claims(claimSpec(c -> c.without("accessModes"))),
                        v("spec.volumeClaimTemplates[0].spec.accessModes", REQUIRED, "at least 1 access mode is required")),
                row("access modes are the four Kubernetes knows", claims(claimSpec(c -> c.with("accessModes", Json.array("ReadWriteOnce", "WriteOnly")))),
                        v("spec.volumeClaimTemplates[0].spec.accessModes", NOT_SUPPORTED, "\"WriteOnly\": supported values: "
                                + "\"ReadOnlyMany\", \"ReadWriteMany\", \"ReadWriteOnce\", \"ReadWriteOncePod\"")),
                row("ReadWriteOncePod stands alone", claims(claimSpec(c -> c.with("accessModes", Json.array("ReadWriteOncePod", "ReadOnlyMany")))),
                        v("spec.volumeClaimTemplates[0].spec.accessModes", FORBIDDEN, "may not use ReadWriteOncePod with other access modes")),
                row("a claim template requests storage", claims(claimSpec(c -> c.without("resources"))),
                        v("spec.volumeClaimTemplates[0].spec.resources[storage]", REQUIRED, "")),
                row("a storage request is positive", claims(claimSpec(c -> c.with("resources", Json.object("requests", Json.object("storage", "0Gi"))))),
                        v("spec.volumeClaimTemplates[0].spec.resources[storage]", INVALID, "\"0\": must be greater than zero")),
                row("a storage request of null is zero, not missing (Quantity.UnmarshalJSON)",
                        claims(claimSpec(c -> c.with("resources", Json.object("requests", Json.object("storage", Json.Null.INSTANCE))))),
                        v("spec.volumeClaimTemplates[0].spec.resources[storage]", INVALID, "\"0\": must be greater than zero")),
                row("claim template names are DNS-1123 labels, as pod volume names", claims(claim("www"), claim("data.v1")),
                        v("spec.volumeClaimTemplates[1].metadata.name", INVALID, "\"data.v1\": must not contain dots")));
    }

    /** What 1.36 checks on create only, a stored set (an earlier API server's) may lack: a sync does not refuse it. */
    @Test
    void aStoredSetIsNotHeldToTheRulesOnlyACreateChecks() {
        StatefulSet stored = claims(claimSpec(c -> c.without("accessModes")))
                .apply(templateSpec(t -> t.without("containers")).apply(spec(s -> s.withServiceName("web.svc")).apply(VALID)));

        assertThat(StatefulSetValidator.validate(stored)).extracting(Violation::field).containsExactly(
                "spec.volumeClaimTemplates[0].spec.accessModes", "spec.serviceName", "spec.template.spec.containers");
        assertThat(StatefulSetValidator.validateStored(stored)).isEmpty();
        assertThat(StatefulSetValidator.validateStored(both(container(c -> c.with("imagePullPolicy", "Sometimes").with("livenessProbe", Json.object())),
                templateSpec(t -> t.with("dnsPolicy", "None").with("tolerations", Json.array(Json.object("operator", "In"))))).apply(VALID)))
                .as("nor the pod spec's policies, probes and tolerations").isEmpty();
        StatefulSet profiles = both(templateMeta(m -> m.with("annotations", Json.object("container.apparmor.security.beta.kubernetes.io/nginx",
                        "unconfined"))), container(c -> c.with("securityContext", Json.object("appArmorProfile", Json.object("type", "RuntimeDefault"),
                        "windowsOptions", Json.object("runAsUserName", "", "hostProcess", true)))
                .with("restartPolicy", "Never").with("restartPolicyRules", PodSpecJson.restartRules(21, 1)))).apply(VALID);
        assertThat(StatefulSetValidator.validate(profiles)).extracting(Violation::type).contains(Violation.Type.TOO_MANY, Violation.Type.FORBIDDEN);
        assertThat(StatefulSetValidator.validateStored(profiles))
                .as("nor Windows options, host processes, AppArmor profiles against their annotations, restart rule limits").isEmpty();
        assertThat(StatefulSetValidator.validateStored(claims(claim("data.v1")).apply(VALID))).as("claim template names are always checked")
                .extracting(Violation::field).containsExactly("spec.volumeClaimTemplates[0].metadata.name");
    }

    static Stream<Arguments> validRows() {
        return Stream.of(
                arguments("a name of exactly 52 characters", meta(m -> m.withName("a".repeat(52)))),
                arguments("an empty namespace (the request path supplies it)", meta(m -> m.withNamespace(""))),
                arguments("generateName ending in a dash", meta(m -> m.withGenerateName("web-"))),
                arguments("a generateName ending in a dash, whose last two characters Go's maskTrailingDash replaces", meta(m -> m.withGenerateName("web.-"))),
                arguments("Parallel", spec(s -> s.withPodManagementPolicy(StatefulSetSpec.PARALLEL))),
                arguments("OnDelete without rollingUpdate", spec(s -> s.withUpdateStrategy(UpdateStrategy.onDelete()))),
                arguments("RollingUpdate without rollingUpdate", spec(s -> s.withUpdateStrategy(new UpdateStrategy(UpdateStrategy.ROLLING_UPDATE, null)))),
                arguments("maxUnavailable 1", rolling(0, IntOrString.of(1))),
                arguments("maxUnavailable 1%", rolling(0, IntOrString.of("1%"))),
                arguments("maxUnavailable 100%", rolling(0, IntOrString.of("100%"))),
                arguments("partition beyond replicas", rolling(10, null)),
                arguments("retention Delete/Delete", spec(s -> s.withRetentionPolicy(new RetentionPolicy("Delete", "Delete")))),
                arguments("no retention policy", spec(s -> s.withRetentionPolicy(null))),
                arguments("0 replicas", spec(s -> s.withReplicas(0))),
                arguments("replicas not yet defaulted", spec(s -> s.withReplicas(null))),
                arguments("start ordinal 5", spec(s -> s.withOrdinals(new Ordinals(5)))),
                arguments("negative revisionHistoryLimit (a warning, not an error)", spec(s -> s.withRevisionHistoryLimit(-1))),
                arguments("empty serviceName", spec(s -> s.withServiceName(""))),
                arguments("restartPolicy absent", templateSpec(s -> s.without("restartPolicy"))),
                arguments("restartPolicy empty", templateSpec(s -> s.with("restartPolicy", ""))),
                arguments("selector by expression", expression("In", List.of("nginx", "web"))),
                arguments("selector with NotIn on another key", spec(s -> s.withSelector(new LabelSelector(Map.of("app", "nginx"),
                        List.of(new LabelSelector.Requirement("tier", "NotIn", List.of("db"))))))),
                arguments("no claim templates (and no mount of one)", both(claims(), container(c -> c.without("volumeMounts")))),
                arguments("a mount of a pod volume, named ports, relaxed env names, requests within limits", both(
                        templateSpec(t -> t.with("volumes", Json.array(emptyDir("cache")))),
                        container(c -> c
                                .with("volumeMounts", Json.array(Json.object("name", "www", "mountPath", "/www"),
                                        Json.object("name", "cache", "mountPath", "/cache", "subPath", "a/b")))
                                .with("ports", Json.array(port("http", 80).with("protocol", ""), port("metrics", 9090)))
                                .with("env", Json.array(Json.object("name", "1_ANY printable-ASCII.name~")))
                                .with("resources", Json.object("limits", Json.object("cpu", 1, "memory", "1Gi"),
                                        "requests", Json.object("cpu", "0.5", "memory", "1024Mi", "ephemeral-storage", "1G")))))),
                arguments("each value source, envFrom with a prefix, probes of each handler, known policies, tolerations", both(
                        templateSpec(t -> t.with("volumes", Json.array(emptyDir("files"))).with("dnsPolicy", "None")
                                .with("dnsConfig", Json.object("nameservers", Json.array("10.0.0.10"))).with("terminationGracePeriodSeconds", -1)
                                .with("hostname", "Not_A_Label").with("nodeSelector", Json.object("kubernetes.io/os", "linux"))
                                .with("tolerations", Json.array(Json.object("operator", "Exists"),
                                        Json.object("key", "k", "value", "v", "effect", "NoExecute", "tolerationSeconds", 30)))),
                        container(c -> c.with("imagePullPolicy", "Never").with("terminationMessagePolicy", "FallbackToLogsOnError")
                                .with("env", Json.array(fieldRef("A", "v1", "metadata.labels['app']"), fieldRef("B", "v1", "spec.host"),
                                        resourceFieldRef("C", "limits.memory", "1Mi"), fileKeyRef("D", "KEY", "files", "env/file"),
                                        Json.object("name", "E", "valueFrom", Json.object("secretKeyRef", Json.object("name", "s", "key", "K_2")))))
                                .with("envFrom", Json.array(Json.object("prefix", "1 any-prefix.", "secretRef", Json.object("name", "s-"))))
                                .with("livenessProbe", Json.object("httpGet", Json.object("port", "http", "scheme", "HTTPS"), "successThreshold", 1))
                                .with("readinessProbe", Json.object("tcpSocket", Json.object("port", 80), "successThreshold", 3))
                                .with("startupProbe", Json.object("grpc", Json.object("port", 9000)))
                                .with("resources", Json.object("limits", Json.object("example.com/gpu", 2, "kubernetes.io/x", "1.5", "hugepages-2Mi", "2Mi",
                                        "cpu", 1)))))),
                arguments("mirror annotation with nodeName", both(
                        templateMeta(m -> m.with("annotations", Json.object("kubernetes.io/config.mirror", "x"))),
                        templateSpec(s -> s.with("nodeName", "node-1")))),
                arguments("seccomp and AppArmor defaults", templateMeta(m -> m.with("annotations", Json.object(
                        "seccomp.security.alpha.kubernetes.io/pod", "runtime/default",
                        "container.apparmor.security.beta.kubernetes.io/nginx", "localhost/profile",
                        "controller.kubernetes.io/pod-deletion-cost", "-100")))));
    }

    @Test
    void errorsAccumulateInUpstreamOrder() {
        StatefulSet set = VALID.withMetadata(VALID.metadata().withName("Web"))
                .withSpec(VALID.spec().withPodManagementPolicy("x").withReplicas(-1).withMinReadySeconds(-1)
                        .withTemplate(VALID.spec().template().update("spec", s -> s.with("restartPolicy", "Never")))
                        .withVolumeClaimTemplates(List.of(claim("www"), claim("Data_1"))));

        assertThat(StatefulSetValidator.validate(set)).extracting(Violation::field).containsExactly(
                "metadata.name", "spec.podManagementPolicy", "spec.replicas", "spec.minReadySeconds",
                "spec.template.spec.restartPolicy", "spec.volumeClaimTemplates[1].metadata.name");
    }

    @Nested
    class Warnings {

        @Test
        void aNegativeRevisionHistoryLimitIsAWarning() {
            StatefulSet set = spec(s -> s.withRevisionHistoryLimit(-1)).apply(VALID);

            assertThat(StatefulSetValidator.warnings(set)).containsExactly(
                    "spec.revisionHistoryLimit: a negative value retains all historical revisions; a value >= 0 is recommended");
            assertThat(StatefulSetValidator.validate(set)).isEmpty();
        }

        @Test
        void zeroOrAbsentLimitsGiveNoWarning() {
            assertThat(StatefulSetValidator.warnings(spec(s -> s.withRevisionHistoryLimit(0)).apply(VALID))).isEmpty();
            assertThat(StatefulSetValidator.warnings(spec(s -> s.withRevisionHistoryLimit(null)).apply(VALID))).isEmpty();
        }

        /**
         * The API server stores two claim templates of one name (the list is atomic, and their volumes are
         * merged before validation); upstream's controller makes one claim from the last of them. Refusing the
         * set would stop the controller from syncing a set the server accepted, so the repeat is only a warning.
         */
        @Test
        void aRepeatedClaimTemplateNameIsAWarningNotAnError() {
            StatefulSet set = claims(claim("www"), claim("data"), claim("www")).apply(VALID);

            assertThat(StatefulSetValidator.validate(set)).isEmpty();
            assertThat(StatefulSetValidator.warnings(set)).containsExactly("spec.volumeClaimTemplates[2].metadata.name: \"www\" "
                    + "repeats an earlier template's name; the pods get one claim of that name, made from the last template of the name");
        }
    }

    // ------------------------------------------------------------------ helpers shared with the update test

    static Arguments row(String rule, UnaryOperator<StatefulSet> mutation, Violation... expected) {
        return arguments(rule, mutation, List.of(expected));
    }

    static Violation v(String field, Violation.Type type, String detail) {
        return new Violation(field, type, detail);
    }

    static UnaryOperator<StatefulSet> meta(UnaryOperator<ObjectMeta> change) {
        return set -> set.withMetadata(change.apply(set.metadata()));
    }

    static UnaryOperator<StatefulSet> spec(UnaryOperator<StatefulSetSpec> change) {
        return set -> set.withSpec(change.apply(set.spec()));
    }

    static UnaryOperator<StatefulSet> both(UnaryOperator<StatefulSet> first, UnaryOperator<StatefulSet> second) {
        return set -> second.apply(first.apply(set));
    }

    static UnaryOperator<StatefulSet> rolling(Integer partition, IntOrString maxUnavailable) {
        return spec(s -> s.withUpdateStrategy(UpdateStrategy.rollingUpdate(partition, maxUnavailable)));
    }

    static UnaryOperator<StatefulSet> expression(String operator, List<String> values) {
        return spec(s -> s.withSelector(new LabelSelector(Map.of(), List.of(new LabelSelector.Requirement("app", operator, values)))));
    }

    static UnaryOperator<StatefulSet> templateMeta(UnaryOperator<Json.Obj> change) {
        return spec(s -> s.withTemplate(s.template().update("metadata", change)));
    }

    static UnaryOperator<StatefulSet> templateSpec(UnaryOperator<Json.Obj> change) {
        return spec(s -> s.withTemplate(s.template().update("spec", change)));
    }

    /** The fixture's one container, changed. */
    static UnaryOperator<StatefulSet> container(UnaryOperator<Json.Obj> change) {
        return templateSpec(t -> t.with("containers", Json.array(change.apply(t.array("containers").get(0).asObject().orElseThrow()))));
    }



    static Json.Obj emptyDir(String name) {
        return Json.object("name", name, "emptyDir", Json.object());
    }

    static Json.Obj port(String name, int containerPort) {
        return Json.object("name", name, "containerPort", containerPort, "protocol", "TCP");
    }

    /** The one claim template "www" with its spec changed. */
    static PersistentVolumeClaim claimSpec(UnaryOperator<Json.Obj> change) {
        PersistentVolumeClaim www = claim("www");
        return new PersistentVolumeClaim(www.metadata(), change.apply(www.spec()), "");
    }

    static UnaryOperator<StatefulSet> claims(PersistentVolumeClaim... claims) {
        return spec(s -> s.withVolumeClaimTemplates(List.of(claims)));
    }

    static PersistentVolumeClaim claim(String name) {
        return Fixtures.claimTemplate(name);
    }
}
