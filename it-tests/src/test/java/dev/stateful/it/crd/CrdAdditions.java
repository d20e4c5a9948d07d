package dev.stateful.it.crd;

import static dev.stateful.it.crd.CrdGenerator.list;
import static dev.stateful.it.crd.CrdGenerator.map;

import io.fabric8.kubernetes.client.utils.Serialization;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What our kind adds to the apps/v1 schema the generator inlines: the CRD around it (names,
 * subresources, printer columns), the defaults an apps/v1 API server fills in for the top-level
 * fields, the rules apps/v1 enforces in Go code ({@code ValidateStatefulSetSpec}) as OpenAPI bounds
 * and CEL rules with messages that name the field, and the fields only our kind has.
 */
final class CrdAdditions {

    static final String GROUP = "apps.stateful.dev";
    static final String VERSION = "v1alpha1";
    static final String SHORT_NAME = "ssts";

    private CrdAdditions() {
    }

    static String crd(Map<String, Object> spec, Map<String, Object> status) {
        Map<String, Object> specProps = map(spec.get("properties"));
        // apps/v1 defaulting (SetDefaults_StatefulSet) of the top-level fields, so `kubectl get -o yaml` shows what apps/v1 does
        put(specProps, "replicas", "default", 1);
        put(specProps, "replicas", "minimum", 0);
        put(specProps, "podManagementPolicy", "default", "OrderedReady");
        put(specProps, "revisionHistoryLimit", "default", 10);
        put(specProps, "revisionHistoryLimit", "minimum", 0);
        put(specProps, "minReadySeconds", "minimum", 0);
        Map<String, Object> strategy = map(specProps.get("updateStrategy"));
        strategy.put("default", ordered("type", "RollingUpdate", "rollingUpdate", ordered("partition", 0)));
        Map<String, Object> strategyProps = map(strategy.get("properties"));
        put(strategyProps, "type", "default", "RollingUpdate");
        Map<String, Object> rolling = map(map(strategyProps.get("rollingUpdate")).get("properties"));
        put(rolling, "partition", "minimum", 0);
        rolling.put("paused", schema("boolean", "Our kind only: while true no pod is updated; creating, scaling and replacing failed pods go on."));
        // a pattern checks the string form (a CEL regex over an unbounded string costs too much to be allowed)
        put(rolling, "maxUnavailable", "pattern", "^([1-9][0-9]?|100)%$");
        validations(map(strategyProps.get("rollingUpdate")).get("properties"), "maxUnavailable",
                rule("type(self) != int || self >= 1",
                        "spec.updateStrategy.rollingUpdate.maxUnavailable must be at least 1 or a percentage from 1% to 100% (such as 25%)"),
                // an int-or-string's integer has no format the API server checks: without this a set stored with 3000000000
                // cannot be decoded (apps/v1's intstr.IntOrString holds an int32, and its API server refuses more)
                rule("type(self) != int || self <= 2147483647",
                        "spec.updateStrategy.rollingUpdate.maxUnavailable must be at most 2147483647, an int32 as in apps/v1"));
        validations(specProps, "updateStrategy",
                rule("!has(self.rollingUpdate) || !has(self.type) || self.type == 'RollingUpdate'",
                        "spec.updateStrategy.rollingUpdate: only allowed for updateStrategy type 'RollingUpdate'"));
        Map<String, Object> ordinals = map(map(specProps.get("ordinals")).get("properties"));
        put(ordinals, "start", "minimum", 0);
        Map<String, Object> retention = map(specProps.get("persistentVolumeClaimRetentionPolicy"));
        retention.put("default", ordered("whenDeleted", "Retain", "whenScaled", "Retain"));
        Map<String, Object> retentionProps = map(retention.get("properties"));
        put(retentionProps, "whenDeleted", "default", "Retain");
        put(retentionProps, "whenScaled", "default", "Retain");
        // bounds that make the selector rule's cost acceptable to the API server: label values are at
        // most 63 characters under apps/v1 too (IsValidLabelValue); a selector of more than 64 labels is refused
        Map<String, Object> matchLabels = map(map(map(specProps.get("selector")).get("properties")).get("matchLabels"));
        matchLabels.put("maxProperties", 64);
        map(matchLabels.get("additionalProperties")).put("maxLength", 63);
        Map<String, Object> templateLabels = map(map(map(map(map(specProps.get("template")).get("properties")).get("metadata"))
                .get("properties")).get("labels"));
        map(templateLabels.get("additionalProperties")).put("maxLength", 63);
        validations(specProps, "selector",
                rule("(has(self.matchLabels) && size(self.matchLabels) > 0) || (has(self.matchExpressions) && size(self.matchExpressions) > 0)",
                        "spec.selector: empty selector is invalid for StatefulSet"),
                transition("self == oldSelf", "spec.selector: field is immutable"));
        // Deployment's defaulting (SetDefaults_Deployment) and bounds (ValidateDeploymentSpec)
        Map<String, Object> deadline = schema("integer",
                "Our kind only: seconds a rollout may make no progress before Progressing is False with reason ProgressDeadlineExceeded.");
        deadline.put("format", "int32");
        deadline.put("default", 600);
        deadline.put("minimum", 1);
        specProps.put("progressDeadlineSeconds", deadline);
        specProps.put("reserveOrdinals", reserveOrdinals());
        ClaimResizeSchema.addTo(specProps);
        spec.put("x-kubernetes-validations", list(
                rule("!has(self.selector.matchLabels) || self.selector.matchLabels.all(k, has(self.template.metadata)"
                        + " && has(self.template.metadata.labels) && k in self.template.metadata.labels"
                        + " && self.template.metadata.labels[k] == self.selector.matchLabels[k])",
                        "spec.template.metadata.labels: `selector` does not match template `labels`"),
                rule("!has(self.template.spec.restartPolicy) || self.template.spec.restartPolicy == 'Always'",
                        "spec.template.spec.restartPolicy: Unsupported value: only \"Always\" is supported"),
                rule("!has(self.template.spec.activeDeadlineSeconds)",
                        "spec.template.spec.activeDeadlineSeconds: Forbidden: activeDeadlineSeconds in StatefulSet is not Supported"),
                rule("!has(self.progressDeadlineSeconds) || !has(self.minReadySeconds) || self.progressDeadlineSeconds > self.minReadySeconds",
                        "spec.progressDeadlineSeconds: Invalid value: must be greater than minReadySeconds")));
        Map<String, Object> statusProps = map(status.get("properties"));
        statusProps.put("labelSelector", schema("string", "The selector as text (metav1.FormatLabelSelector), for the scale subresource."));
        statusProps.put("volumeClaimTemplates", ClaimResizeSchema.status());
        // our kind's Progressing condition is a DeploymentCondition: lastUpdateTime marks the last progress
        map(map(map(statusProps.get("conditions")).get("items")).get("properties"))
                .put("lastUpdateTime", ordered("format", "date-time", "type", "string"));

        Map<String, Object> root = new LinkedHashMap<>();
        root.put("type", "object");
        root.put("required", list("spec"));
        root.put("properties", ordered(
                "apiVersion", Map.of("type", "string"),
                "kind", Map.of("type", "string"),
                "metadata", Map.of("type", "object"),
                "spec", spec,
                "status", status));
        root.put("x-kubernetes-validations", list(rule("size(self.metadata.name) <= 52",
                "metadata.name: must be no more than 52 characters, so that the controller-revision-hash label of its pods fits (kubernetes#64023)")));

        Map<String, Object> version = ordered(
                "name", VERSION,
                "served", true,
                "storage", true,
                "schema", Map.of("openAPIV3Schema", root),
                "subresources", ordered(
                        "status", Map.of(),
                        "scale", ordered("specReplicasPath", ".spec.replicas", "statusReplicasPath", ".status.replicas",
                                "labelSelectorPath", ".status.labelSelector")),
                "additionalPrinterColumns", list(
                        column("Ready", "integer", ".status.readyReplicas", "pods Running and Ready", 0),
                        column("Replicas", "integer", ".spec.replicas", "desired replicas", 0),
                        column("Updated", "integer", ".status.updatedReplicas", "replicas of the update revision", 0),
                        column("Available", "integer", ".status.availableReplicas", "replicas ready for minReadySeconds", 0),
                        column("Age", "date", ".metadata.creationTimestamp", "", 0),
                        column("Containers", "string", ".spec.template.spec.containers[*].name", "", 1),
                        column("Images", "string", ".spec.template.spec.containers[*].image", "", 1)));
        Map<String, Object> crd = ordered(
                "apiVersion", "apiextensions.k8s.io/v1",
                "kind", "CustomResourceDefinition",
                "metadata", ordered("name", "statefulsets." + GROUP, "labels", Map.of("app.kubernetes.io/name", "stateful-controller")),
                "spec", ordered(
                        "group", GROUP,
                        "scope", "Namespaced",
                        "names", ordered("kind", "StatefulSet", "listKind", "StatefulSetList", "plural", "statefulsets",
                                "singular", "statefulset", "shortNames", list(SHORT_NAME), "categories", list("all")),
                        "versions", list(version)));
        return "# Generated by it-tests' CrdGenerator from kube-apiserver v1.36.3's /openapi/v3/apis/apps/v1; do not edit.\n"
                + "# Regenerate: ./mvnw -pl it-tests -am verify -Dtest=GeneratedCrdIT -Dsurefire.failIfNoSpecifiedTests=false -Dcrd.write=true\n"
                + Serialization.asYaml(crd).replaceFirst("^---\n", "");
    }

    /**
     * {@code spec.reserveOrdinals} (kubernetes#83224): ordinals and ranges {@code "a-b"} with a <= b,
     * nothing else, as the controller's validator ({@code ExtensionRules}) has it: one CEL rule with
     * one message for the shape, order and bounds (the regex guards the {@code int()} conversions),
     * affordable because the string and the list are bounded (ReservedOrdinals.MAX_ENTRIES). That the highest ordinal past the reserved ones fits 32
     * bits is left to the controller (an {@code InvalidSpec} condition): CEL cannot walk the ranges.
     */
    private static Map<String, Object> reserveOrdinals() {
        Map<String, Object> entry = ordered(
                "x-kubernetes-int-or-string", true,
                "anyOf", list(Map.of("type", "integer"), Map.of("type", "string")),
                "maxLength", 21,
                "x-kubernetes-validations", list(rule("type(self) == int ? self >= 0 && self <= 2147483647"
                                + " : self.matches('^(0|[1-9][0-9]{0,9})-(0|[1-9][0-9]{0,9})$')"
                                + " && int(self.split('-')[0]) <= int(self.split('-')[1]) && int(self.split('-')[1]) <= 2147483647",
                        "spec.reserveOrdinals: each entry must be an ordinal (an integer from 0 to 2147483647)"
                                + " or a range \"a-b\" of ordinals with a <= b")));
        Map<String, Object> out = schema("array", "Our kind only: ordinals (3) and ranges (\"2-5\") that get no pod;"
                + " replicas counts the pods that run, so the replica range skips them.");
        out.put("maxItems", 1000);
        out.put("items", entry);
        return out;
    }

    /** The metadata an embedded template keeps (apps/v1 stores these of a pod or claim template's metadata). */
    static Map<String, Object> embeddedMetadata() {
        return ordered("type", "object", "properties", ordered(
                "annotations", ordered("type", "object", "additionalProperties", ordered("type", "string")),
                "finalizers", ordered("type", "array", "items", Map.of("type", "string")),
                "labels", ordered("type", "object", "additionalProperties", ordered("type", "string")),
                "name", Map.of("type", "string"),
                "namespace", Map.of("type", "string")));
    }

    private static void put(Map<String, Object> properties, String field, String key, Object value) {
        Map<String, Object> schema = map(properties.get(field));
        if (schema.isEmpty()) {
            throw new IllegalStateException("apps/v1 has no field " + field);
        }
        schema.put(key, value);
    }

    private static void validations(Object properties, String field, Map<?, ?>... rules) {
        map(map(properties).get(field)).put("x-kubernetes-validations", list((Object[]) rules));
    }

    private static Map<String, Object> rule(String rule, String message) {
        return ordered("rule", rule, "message", message);
    }

    /** A transition rule: checked on updates only, against the stored value. */
    private static Map<String, Object> transition(String rule, String message) {
        return rule(rule, message);
    }

    private static Map<String, Object> schema(String type, String description) {
        return ordered("type", type, "description", description);
    }

    private static Map<String, Object> column(String name, String type, String path, String description, int priority) {
        Map<String, Object> column = ordered("name", name, "type", type, "jsonPath", path);
        if (!description.isEmpty()) {
            column.put("description", description);
        }
        if (priority > 0) {
            column.put("priority", priority);
        }
        return column;
    }

    static Map<String, Object> ordered(Object... keyValues) {
        Map<String, Object> out = new LinkedHashMap<>();
        for (int i = 0; i < keyValues.length; i += 2) {
            out.put((String) keyValues[i], keyValues[i + 1]);
        }
        return out;
    }

}
