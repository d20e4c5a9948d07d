package dev.stateful.domain.validation;

import static dev.stateful.domain.testing.PodSpecJson.requirement;
import static dev.stateful.domain.validation.StatefulSetValidatorTest.LABEL_REGEX;
import static dev.stateful.domain.validation.StatefulSetValidatorTest.LABEL_VALUE_REGEX;
import static dev.stateful.domain.validation.StatefulSetValidatorTest.NAME_PART_REGEX;
import static dev.stateful.domain.validation.StatefulSetValidatorTest.SUBDOMAIN_REGEX;
import static dev.stateful.domain.validation.StatefulSetValidatorTest.T;
import static dev.stateful.domain.validation.StatefulSetValidatorTest.row;
import static dev.stateful.domain.validation.StatefulSetValidatorTest.templateSpec;
import static dev.stateful.domain.validation.StatefulSetValidatorTest.v;
import static dev.stateful.domain.validation.Violation.Type.FORBIDDEN;
import static dev.stateful.domain.validation.Violation.Type.INVALID;
import static dev.stateful.domain.validation.Violation.Type.REQUIRED;
import static org.junit.jupiter.params.provider.Arguments.arguments;

import dev.stateful.domain.json.Json;
import dev.stateful.domain.model.StatefulSet;
import dev.stateful.domain.testing.PodSpecJson;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;
import org.junit.jupiter.params.provider.Arguments;

/** {@code validateAffinity}: node selector terms and preferences, then pod affinity and anti-affinity terms. */
class AffinityRulesTest extends RuleRows {

    static final String REQUIRED_NODE = T + "affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms";
    static final String PREFERRED_NODE = T + "affinity.nodeAffinity.preferredDuringSchedulingIgnoredDuringExecution";
    static final String REQUIRED_POD = T + "affinity.podAffinity.requiredDuringSchedulingIgnoredDuringExecution";
    static final String PREFERRED_ANTI = T + "affinity.podAntiAffinity.preferredDuringSchedulingIgnoredDuringExecution";
    static final String REQUIRED_ANTI = T + "affinity.podAntiAffinity.requiredDuringSchedulingIgnoredDuringExecution";
    static final String EMPTY_NAME_PART = "name part must be non-empty";

    static Stream<Arguments> invalidRows() {
        return Stream.of(
                row("a required node selector has at least one term", nodeAffinity(Json.object(
                                "requiredDuringSchedulingIgnoredDuringExecution", Json.object("nodeSelectorTerms", Json.array()))),
                        v(REQUIRED_NODE, REQUIRED, "must have at least one node selector term")),
                row("a required node expression: values for In and NotIn, none for Exists, one for Gt and Lt, a known operator, "
                                + "a label key, label values", requiredTerms(Json.object("matchExpressions", Json.array(
                                requirement("zone", "In"), requirement("zone", "Exists", "a"), requirement("cpus", "Gt", "1", "2"),
                                requirement("Bad Key", "Like", "x"), requirement("disk", "In", "ssd!")))),
                        v(REQUIRED_NODE + "[0].matchExpressions[0].values", REQUIRED, "must be specified when `operator` is 'In' or 'NotIn'"),
                        v(REQUIRED_NODE + "[0].matchExpressions[1].values", FORBIDDEN,
                                "may not be specified when `operator` is 'Exists' or 'DoesNotExist'"),
                        v(REQUIRED_NODE + "[0].matchExpressions[2].values", REQUIRED, "must be specified single value when `operator` is 'Lt' or 'Gt'"),
                        v(REQUIRED_NODE + "[0].matchExpressions[3].operator", INVALID, "\"Like\": not a valid selector operator"),
                        v(REQUIRED_NODE + "[0].matchExpressions[3].key", INVALID, "\"Bad Key\": " + NAME_PART_REGEX),
                        v(REQUIRED_NODE + "[0].matchExpressions[4].values[0]", INVALID, "\"ssd!\": " + LABEL_VALUE_REGEX)),
                row("a node field requirement: In or NotIn of one value, of metadata.name, a DNS-1123 subdomain; expressions first",
                        requiredTerms(Json.object("matchFields", Json.array(requirement("metadata.name", "In", "a", "b"),
                                        requirement("metadata.uid", "Exists"), requirement("metadata.name", "NotIn", "Node_1")),
                                "matchExpressions", Json.array(requirement("zone", "In")))),
                        v(REQUIRED_NODE + "[0].matchExpressions[0].values", REQUIRED, "must be specified when `operator` is 'In' or 'NotIn'"),
                        v(REQUIRED_NODE + "[0].matchFields[0].values", REQUIRED,
                                "must be only one value when `operator` is 'In' or 'NotIn' for node field selector"),
                        v(REQUIRED_NODE + "[0].matchFields[1].operator", INVALID, "\"Exists\": not a valid selector operator"),
                        v(REQUIRED_NODE + "[0].matchFields[1].key", INVALID, "\"metadata.uid\": not a valid field selector key"),
                        v(REQUIRED_NODE + "[0].matchFields[2].values[0]", INVALID, "\"Node_1\": " + SUBDOMAIN_REGEX)),
                row("a preferred node term has a weight in 1-100 and may have any label value", nodeAffinity(Json.object(
                                "preferredDuringSchedulingIgnoredDuringExecution", Json.array(
                                        Json.object("weight", 0, "preference", Json.object("matchExpressions", Json.array(
                                                requirement("disk", "In", "ssd!")))),
                                        Json.object("weight", 101, "preference", Json.object("matchExpressions", Json.array(
                                                requirement("Bad Key", "Exists")))),
                                        Json.object("preference", Json.object())))),
                        v(PREFERRED_NODE + "[0].weight", INVALID, "0: must be in the range 1-100"),
                        v(PREFERRED_NODE + "[1].weight", INVALID, "101: must be in the range 1-100"),
                        v(PREFERRED_NODE + "[1].preference.matchExpressions[0].key", INVALID, "\"Bad Key\": " + NAME_PART_REGEX),
                        v(PREFERRED_NODE + "[2].weight", INVALID, "0: must be in the range 1-100")),
                row("a pod affinity term has a topology key, a label name", podAffinity(Json.object("topologyKey", ""),
                                Json.object("topologyKey", "bad key!")),
                        v(REQUIRED_POD + "[0].topologyKey", REQUIRED, "can not be empty"),
                        v(REQUIRED_POD + "[0].topologyKey", INVALID, "\"\": " + EMPTY_NAME_PART),
                        v(REQUIRED_POD + "[0].topologyKey", INVALID, "\"\": " + NAME_PART_REGEX),
                        v(REQUIRED_POD + "[1].topologyKey", INVALID, "\"bad key!\": " + NAME_PART_REGEX)),
                row("a pod affinity term's selectors have strict label values, its namespaces are labels reported at 'namespace'",
                        podAffinity(Json.object("topologyKey", "zone",
                                "labelSelector", Json.object("matchExpressions", Json.array(requirement("app", "In", "bad value!"))),
                                "namespaceSelector", Json.object("matchLabels", Json.object("Bad Key", "x")),
                                "namespaces", Json.array("ns1", "Bad_NS"))),
                        v(REQUIRED_POD + "[0].labelSelector.matchExpressions[0].values[0]", INVALID, "\"bad value!\": " + LABEL_VALUE_REGEX),
                        v(REQUIRED_POD + "[0].namespaceSelector.matchLabels", INVALID, "\"Bad Key\": " + NAME_PART_REGEX),
                        v(REQUIRED_POD + "[0].namespace", INVALID, "\"Bad_NS\": " + LABEL_REGEX)),
                row("a weighted pod affinity term has a weight in 1-100, then its term; anti-affinity is checked as affinity",
                        templateSpec(s -> s.with("affinity", Json.object("podAntiAffinity", Json.object(
                                "requiredDuringSchedulingIgnoredDuringExecution", Json.array(Json.object()),
                                "preferredDuringSchedulingIgnoredDuringExecution", Json.array(
                                        Json.object("weight", 0, "podAffinityTerm", Json.object("topologyKey", "zone")),
                                        Json.object("weight", 50)))))),
                        v(REQUIRED_ANTI + "[0].topologyKey", REQUIRED, "can not be empty"),
                        v(REQUIRED_ANTI + "[0].topologyKey", INVALID, "\"\": " + EMPTY_NAME_PART),
                        v(REQUIRED_ANTI + "[0].topologyKey", INVALID, "\"\": " + NAME_PART_REGEX),
                        v(PREFERRED_ANTI + "[0].weight", INVALID, "0: must be in the range 1-100"),
                        v(PREFERRED_ANTI + "[1].podAffinityTerm.topologyKey", REQUIRED, "can not be empty"),
                        v(PREFERRED_ANTI + "[1].podAffinityTerm.topologyKey", INVALID, "\"\": " + EMPTY_NAME_PART),
                        v(PREFERRED_ANTI + "[1].podAffinityTerm.topologyKey", INVALID, "\"\": " + NAME_PART_REGEX)),
                row("match and mismatch label keys: only beside a label selector, label names", podAffinity(
                                Json.object("topologyKey", "zone", "matchLabelKeys", Json.array("a"), "mismatchLabelKeys", Json.array("b")),
                                Json.object("topologyKey", "zone", "labelSelector", Json.object(),
                                        "matchLabelKeys", Json.array("Bad Key"), "mismatchLabelKeys", Json.array("ok", "x/"))),
                        v(REQUIRED_POD + "[0].matchLabelKeys", FORBIDDEN, "must not be specified when labelSelector is not set"),
                        v(REQUIRED_POD + "[0].mismatchLabelKeys", FORBIDDEN, "must not be specified when labelSelector is not set"),
                        v(REQUIRED_POD + "[1].matchLabelKeys[0]", INVALID, "\"Bad Key\": " + NAME_PART_REGEX),
                        v(REQUIRED_POD + "[1].mismatchLabelKeys[1]", INVALID, "\"x/\": " + EMPTY_NAME_PART),
                        v(REQUIRED_POD + "[1].mismatchLabelKeys[1]", INVALID, "\"x/\": " + NAME_PART_REGEX)),
                row("a match label key is not in both lists, nor an expression's key the selector already has (at the term's own path)",
                        podAffinity(Json.object("topologyKey", "zone",
                                "labelSelector", Json.object("matchLabels", Json.object("app", "web"), "matchExpressions", Json.array(
                                        requirement("app", "Exists"), requirement("tier", "Exists"), requirement("tier", "Exists"),
                                        requirement("zone", "Exists"))),
                                "matchLabelKeys", Json.array("zone", "app", "tier"), "mismatchLabelKeys", Json.array("tier"))),
                        v(REQUIRED_POD + "[0][1]", INVALID, "\"app\": exists in both matchLabelKeys and labelSelector"),
                        v(REQUIRED_POD + "[0][2]", INVALID, "\"tier\": exists in both matchLabelKeys and labelSelector"),
                        v(REQUIRED_POD + "[0].matchLabelKeys[2]", INVALID, "\"tier\": exists in both matchLabelKeys and mismatchLabelKeys")),
                row("the affinity is checked after the security context and before the DNS config", templateSpec(s -> s
                                .with("securityContext", Json.object("fsGroupChangePolicy", "Sometimes"))
                                .with("dnsConfig", Json.object("options", Json.array(Json.object())))
                                .with("affinity", Json.object("nodeAffinity", Json.object(
                                        "requiredDuringSchedulingIgnoredDuringExecution", Json.object())))),
                        v(T + "securityContext.fsGroupChangePolicy", Violation.Type.NOT_SUPPORTED,
                                "\"Sometimes\": supported values: \"Always\", \"OnRootMismatch\""),
                        v(REQUIRED_NODE, REQUIRED, "must have at least one node selector term"),
                        v(T + "dnsConfig.options[0]", REQUIRED, "must not be empty")));
    }

    static Stream<Arguments> validRows() {
        return Stream.of(
                arguments("node terms of every operator and the node's name, any preference, pod terms with selectors, namespaces and keys",
                        templateSpec(s -> s.with("affinity", PodSpecJson.affinity()))),
                arguments("an empty affinity and empty parts", templateSpec(s -> s.with("affinity", Json.object(
                        "nodeAffinity", Json.object(), "podAffinity", Json.object(),
                        "podAntiAffinity", Json.object("requiredDuringSchedulingIgnoredDuringExecution", Json.array()))))),
                arguments("a required term of an empty node selector term", requiredTerms(Json.object())));
    }

    static UnaryOperator<StatefulSet> nodeAffinity(Json.Obj nodeAffinity) {
        return templateSpec(s -> s.with("affinity", Json.object("nodeAffinity", nodeAffinity)));
    }

    /** The node affinity's required node selector of these terms. */
    static UnaryOperator<StatefulSet> requiredTerms(Json.Obj... terms) {
        return nodeAffinity(Json.object("requiredDuringSchedulingIgnoredDuringExecution", Json.object("nodeSelectorTerms", Json.array((Object[]) terms))));
    }

    /** The pod affinity's required terms. */
    static UnaryOperator<StatefulSet> podAffinity(Json.Obj... terms) {
        return templateSpec(s -> s.with("affinity", Json.object("podAffinity", Json.object(
                "requiredDuringSchedulingIgnoredDuringExecution", Json.array((Object[]) terms)))));
    }
}
