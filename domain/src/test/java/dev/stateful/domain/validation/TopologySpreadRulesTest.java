package dev.stateful.domain.validation;

import static dev.stateful.domain.testing.PodSpecJson.requirement;
import static dev.stateful.domain.testing.PodSpecJson.spread;
import static dev.stateful.domain.validation.StatefulSetValidatorTest.LABEL_VALUE_REGEX;
import static dev.stateful.domain.validation.StatefulSetValidatorTest.NAME_PART_REGEX;
import static dev.stateful.domain.validation.StatefulSetValidatorTest.T;
import static dev.stateful.domain.validation.StatefulSetValidatorTest.row;
import static dev.stateful.domain.validation.StatefulSetValidatorTest.templateSpec;
import static dev.stateful.domain.validation.StatefulSetValidatorTest.v;
import static dev.stateful.domain.validation.Violation.Type.DUPLICATE;
import static dev.stateful.domain.validation.Violation.Type.FORBIDDEN;
import static dev.stateful.domain.validation.Violation.Type.INVALID;
import static dev.stateful.domain.validation.Violation.Type.NOT_SUPPORTED;
import static dev.stateful.domain.validation.Violation.Type.REQUIRED;
import static org.junit.jupiter.params.provider.Arguments.arguments;

import dev.stateful.domain.json.Json;
import dev.stateful.domain.model.StatefulSet;
import dev.stateful.domain.testing.PodSpecJson;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;
import org.junit.jupiter.params.provider.Arguments;

/** {@code validateTopologySpreadConstraints}: skew, key, action, pairs given once, minDomains, node policies, label keys, selector. */
class TopologySpreadRulesTest extends RuleRows {

    static final String S = T + "topologySpreadConstraints";
    static final String ACTIONS = "supported values: \"DoNotSchedule\", \"ScheduleAnyway\"";
    static final String POLICIES = "supported values: \"Honor\", \"Ignore\"";

    static Stream<Arguments> invalidRows() {
        return Stream.of(
                row("maxSkew is greater than zero", constraints(spread(0, "zone", "DoNotSchedule"), spread(-1, "host", "DoNotSchedule"),
                                Json.object("topologyKey", "rack", "whenUnsatisfiable", "ScheduleAnyway")),
                        v(S + "[0].maxSkew", INVALID, "0: must be greater than zero"),
                        v(S + "[1].maxSkew", INVALID, "-1: must be greater than zero"),
                        v(S + "[2].maxSkew", INVALID, "0: must be greater than zero")),
                row("a topology key is given", constraints(spread(1, "", "DoNotSchedule"),
                                Json.object("maxSkew", 1, "whenUnsatisfiable", "ScheduleAnyway")),
                        v(S + "[0].topologyKey", REQUIRED, "can not be empty"),
                        v(S + "[1].topologyKey", REQUIRED, "can not be empty")),
                row("whenUnsatisfiable is DoNotSchedule or ScheduleAnyway, even when absent", constraints(spread(1, "zone", "Sometimes"),
                                Json.object("maxSkew", 1, "topologyKey", "host")),
                        v(S + "[0].whenUnsatisfiable", NOT_SUPPORTED, "\"Sometimes\": " + ACTIONS),
                        v(S + "[1].whenUnsatisfiable", NOT_SUPPORTED, "\"\": " + ACTIONS)),
                row("a {topologyKey, whenUnsatisfiable} pair is given once, reported on each constraint a later one repeats", constraints(
                                spread(1, "zone", "DoNotSchedule"), spread(1, "zone", "ScheduleAnyway"), spread(2, "zone", "DoNotSchedule"),
                                spread(3, "zone", "DoNotSchedule")),
                        v(S + "[0].{topologyKey, whenUnsatisfiable}", DUPLICATE, "\"{zone, DoNotSchedule}\""),
                        v(S + "[2].{topologyKey, whenUnsatisfiable}", DUPLICATE, "\"{zone, DoNotSchedule}\"")),
                row("minDomains, when given, is greater than zero and only with DoNotSchedule", constraints(
                                spread(1, "zone", "DoNotSchedule").with("minDomains", 0), spread(1, "host", "ScheduleAnyway").with("minDomains", 2),
                                spread(1, "rack", "ScheduleAnyway").with("minDomains", -1)),
                        v(S + "[0].minDomains", INVALID, "0: must be greater than zero"),
                        v(S + "[1].minDomains", INVALID, "2: can only use minDomains if whenUnsatisfiable=DoNotSchedule, not ScheduleAnyway"),
                        v(S + "[2].minDomains", INVALID, "-1: must be greater than zero"),
                        v(S + "[2].minDomains", INVALID, "-1: can only use minDomains if whenUnsatisfiable=DoNotSchedule, not ScheduleAnyway")),
                row("node affinity and taints policies, when given, are Honor or Ignore", constraints(
                                spread(1, "zone", "DoNotSchedule").with("nodeAffinityPolicy", "honor").with("nodeTaintsPolicy", "")),
                        v(S + "[0].nodeAffinityPolicy", NOT_SUPPORTED, "\"honor\": " + POLICIES),
                        v(S + "[0].nodeTaintsPolicy", NOT_SUPPORTED, "\"\": " + POLICIES)),
                row("matchLabelKeys: only beside a label selector, label names, none the selector repeats (at the constraint's own path)",
                        constraints(spread(1, "zone", "DoNotSchedule").with("matchLabelKeys", Json.array("a")),
                                spread(1, "host", "DoNotSchedule").with("matchLabelKeys", Json.array("app", "Bad Key"))
                                        .with("labelSelector", Json.object("matchLabels", Json.object("app", "web"),
                                                "matchExpressions", Json.array(requirement("app", "Exists"))))),
                        v(S + "[0].matchLabelKeys", FORBIDDEN, "must not be specified when labelSelector is not set"),
                        v(S + "[1].matchLabelKeys[1]", INVALID, "\"Bad Key\": " + NAME_PART_REGEX),
                        v(S + "[1][0]", INVALID, "\"app\": exists in both matchLabelKeys and labelSelector")),
                row("the label selector has strict label values", constraints(spread(1, "zone", "DoNotSchedule").with("labelSelector",
                                Json.object("matchExpressions", Json.array(requirement("app", "In", "bad value!"), requirement("x", "Exists", "a"))))),
                        v(S + "[0].labelSelector.matchExpressions[0].values[0]", INVALID, "\"bad value!\": " + LABEL_VALUE_REGEX),
                        v(S + "[0].labelSelector.matchExpressions[1].values", FORBIDDEN,
                                "may not be specified when `operator` is 'Exists' or 'DoesNotExist'")),
                row("a constraint's checks in upstream order, after the DNS config and before the host namespaces", templateSpec(s -> s
                                .with("dnsConfig", Json.object("options", Json.array(Json.object())))
                                .with("hostUsers", false).with("hostPID", true)
                                .with("topologySpreadConstraints", Json.array(Json.object("nodeTaintsPolicy", "x", "minDomains", 1,
                                        "matchLabelKeys", Json.array("k"), "labelSelector", Json.object("matchLabels", Json.object("a", "b!"))),
                                        Json.object()))),
                        v(T + "dnsConfig.options[0]", REQUIRED, "must not be empty"),
                        v(S + "[0].maxSkew", INVALID, "0: must be greater than zero"),
                        v(S + "[0].topologyKey", REQUIRED, "can not be empty"),
                        v(S + "[0].whenUnsatisfiable", NOT_SUPPORTED, "\"\": " + ACTIONS),
                        v(S + "[0].{topologyKey, whenUnsatisfiable}", DUPLICATE, "\"{, }\""),
                        v(S + "[0].minDomains", INVALID, "1: can only use minDomains if whenUnsatisfiable=DoNotSchedule, not "),
                        v(S + "[0].nodeTaintsPolicy", NOT_SUPPORTED, "\"x\": " + POLICIES),
                        v(S + "[0].labelSelector.matchLabels", INVALID, "\"b!\": " + LABEL_VALUE_REGEX),
                        v(S + "[1].maxSkew", INVALID, "0: must be greater than zero"),
                        v(S + "[1].topologyKey", REQUIRED, "can not be empty"),
                        v(S + "[1].whenUnsatisfiable", NOT_SUPPORTED, "\"\": " + ACTIONS),
                        v(T + "HostPID", FORBIDDEN, "when `hostUsers` is false")));
    }

    static Stream<Arguments> validRows() {
        return Stream.of(
                arguments("each action, minDomains with DoNotSchedule, each node policy, matchLabelKeys beside a selector, any topology key",
                        constraints(PodSpecJson.topologySpreadConstraints())),
                arguments("the same key with both actions", constraints(spread(1, "zone", "DoNotSchedule"), spread(1, "zone", "ScheduleAnyway"))));
    }

    static UnaryOperator<StatefulSet> constraints(Json.Obj... constraints) {
        return templateSpec(s -> s.with("topologySpreadConstraints", Json.array((Object[]) constraints)));
    }
}
