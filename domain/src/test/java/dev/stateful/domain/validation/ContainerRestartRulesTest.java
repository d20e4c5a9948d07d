package dev.stateful.domain.validation;

import static dev.stateful.domain.testing.PodSpecJson.exitCodes;
import static dev.stateful.domain.testing.PodSpecJson.restartRules;
import static dev.stateful.domain.validation.StatefulSetValidatorTest.C;
import static dev.stateful.domain.validation.StatefulSetValidatorTest.T;
import static dev.stateful.domain.validation.StatefulSetValidatorTest.container;
import static dev.stateful.domain.validation.StatefulSetValidatorTest.row;
import static dev.stateful.domain.validation.StatefulSetValidatorTest.templateSpec;
import static dev.stateful.domain.validation.StatefulSetValidatorTest.v;
import static dev.stateful.domain.validation.Violation.Type.NOT_SUPPORTED;
import static dev.stateful.domain.validation.Violation.Type.REQUIRED;
import static dev.stateful.domain.validation.Violation.Type.TOO_MANY;
import static org.junit.jupiter.params.provider.Arguments.arguments;

import dev.stateful.domain.json.Json;
import java.util.stream.Stream;
import org.junit.jupiter.params.provider.Arguments;

/** {@code validateContainerRestartPolicy} of a container and {@code validateInitContainerRestartPolicy} of an init container. */
class ContainerRestartRulesTest extends RuleRows {

    static Stream<Arguments> invalidRows() {
        return Stream.of(
                row("a container's restart policy is Always, Never or OnFailure; each rule has a known action and exit codes with a known operator",
                        container(c -> c.with("restartPolicy", "Sometimes").with("restartPolicyRules", Json.array(
                                rule("Restart", "In"), rule("Stop", "Above"), Json.object("action", "Restart")))),
                        v(C + "restartPolicy", NOT_SUPPORTED, "\"Sometimes\": supported values: \"Always\", \"Never\", \"OnFailure\""),
                        v(C + "restartPolicyRules[1].action", NOT_SUPPORTED, "\"Stop\": supported values: \"Restart\", \"RestartAllContainers\""),
                        v(C + "restartPolicyRules[1].exitCodes.operator", NOT_SUPPORTED, "\"Above\": supported values: \"In\", \"NotIn\""),
                        v(C + "restartPolicyRules[2].exitCodes", REQUIRED, "must be specified")),
                row("a container's rules need its restart policy, and are still checked", container(c -> c.with("restartPolicyRules",
                                Json.array(Json.object()))),
                        v(C + "restartPolicy", REQUIRED, "must specify restartPolicy when restart rules are used"),
                        v(C + "restartPolicyRules[0].action", NOT_SUPPORTED, "\"\": supported values: \"Restart\", \"RestartAllContainers\""),
                        v(C + "restartPolicyRules[0].exitCodes", REQUIRED, "must be specified")),
                row("an init container's rules need its restart policy, and are then not checked", templateSpec(s -> s.with("initContainers",
                                Json.array(Json.object("name", "init", "image", "busybox", "restartPolicyRules", Json.array(Json.object()))))),
                        v(T + "initContainers[0].restartPolicy", REQUIRED, "must specify restartPolicy when restart rules are used")),
                row("at most 20 rules, each of at most 255 exit codes (field.TooMany), an init container's too",
                        templateSpec(s -> s.with("initContainers", Json.array(Json.object("name", "init", "image", "busybox",
                                        "restartPolicy", "Never", "restartPolicyRules", restartRules(21, 1))))
                                .with("containers", Json.array(Json.object("name", "app", "image", "busybox", "restartPolicy", "Never",
                                        "restartPolicyRules", Json.array(rule("Restart", "In"), exitCodes(256, "Out"), exitCodes(300, "In")))))),
                        v(T + "containers[0].restartPolicyRules[1].exitCodes.operator", NOT_SUPPORTED, "\"Out\": supported values: \"In\", \"NotIn\""),
                        v(T + "containers[0].restartPolicyRules[1].exitCodes.values", TOO_MANY, "256: must have at most 255 items"),
                        v(T + "containers[0].restartPolicyRules[2].exitCodes.values", TOO_MANY, "300: must have at most 255 items"),
                        v(T + "initContainers[0].restartPolicyRules", TOO_MANY, "21: must have at most 20 items")),
                row("an init container's restart policy given empty is not supported", templateSpec(s -> s.with("initContainers",
                                Json.array(Json.object("name", "init", "image", "busybox", "restartPolicy", "")))),
                        v(T + "initContainers[0].restartPolicy", NOT_SUPPORTED, "\"\": supported values: \"Always\", \"Never\", \"OnFailure\"")));
    }

    static Stream<Arguments> validRows() {
        return Stream.of(
                arguments("a container that restarts on some exit codes", container(c -> c.with("restartPolicy", "Never")
                        .with("restartPolicyRules", Json.array(rule("Restart", "In"), rule("RestartAllContainers", "NotIn"))))),
                arguments("20 rules, 255 exit codes", container(c -> c.with("restartPolicy", "Never")
                        .with("restartPolicyRules", restartRules(19, 1, exitCodes(255, "NotIn"))))),
                arguments("init containers of each policy, a sidecar with rules", templateSpec(s -> s.with("initContainers", Json.array(
                        Json.object("name", "once", "image", "busybox", "restartPolicy", "OnFailure",
                                "restartPolicyRules", Json.array(rule("Restart", "In"))),
                        Json.object("name", "never", "image", "busybox", "restartPolicy", "Never"),
                        Json.object("name", "sidecar", "image", "busybox", "restartPolicy", "Always",
                                "restartPolicyRules", Json.array(rule("RestartAllContainers", "In"))))))));
    }

    static Json.Obj rule(String action, String operator) {
        return Json.object("action", action, "exitCodes", Json.object("operator", operator, "values", Json.array(42)));
    }
}
