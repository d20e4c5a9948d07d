package dev.stateful.domain.validation;

import static dev.stateful.domain.validation.StatefulSetValidatorTest.C;
import static dev.stateful.domain.validation.StatefulSetValidatorTest.T;
import static dev.stateful.domain.validation.StatefulSetValidatorTest.both;
import static dev.stateful.domain.validation.StatefulSetValidatorTest.container;
import static dev.stateful.domain.validation.StatefulSetValidatorTest.row;
import static dev.stateful.domain.validation.StatefulSetValidatorTest.templateSpec;
import static dev.stateful.domain.validation.StatefulSetValidatorTest.v;
import static dev.stateful.domain.validation.Violation.Type.DUPLICATE;
import static dev.stateful.domain.validation.Violation.Type.INVALID;
import static dev.stateful.domain.validation.Violation.Type.NOT_SUPPORTED;
import static dev.stateful.domain.validation.Violation.Type.REQUIRED;
import static org.junit.jupiter.params.provider.Arguments.arguments;

import dev.stateful.domain.json.Json;
import java.util.stream.Stream;
import org.junit.jupiter.params.provider.Arguments;

/** {@code validateResizePolicy} of every container, and {@code validateInitContainers}' rule for an init container that is not a sidecar. */
class ResizePolicyRulesTest extends RuleRows {

    static Stream<Arguments> invalidRows() {
        return Stream.of(
                row("each resource once, cpu or memory, with a known restart policy; Go names the list but for a duplicate",
                        container(c -> c.with("resizePolicy", Json.array(policy("cpu", "NotRequired"), policy("cpu", "Sometimes"),
                                policy("storage", "RestartContainer"), Json.object()))),
                        v(C + "resizePolicy[1]", DUPLICATE, "\"cpu\""),
                        v(C + "resizePolicy", NOT_SUPPORTED, "\"Sometimes\": supported values: \"NotRequired\", \"RestartContainer\""),
                        v(C + "resizePolicy", NOT_SUPPORTED, "\"storage\": supported values: \"cpu\", \"memory\""),
                        v(C + "resizePolicy", REQUIRED, ""),
                        v(C + "resizePolicy", REQUIRED, "")),
                row("NotRequired when the pod's restartPolicy is Never (which a set refuses too)", both(
                                templateSpec(s -> s.with("restartPolicy", "Never")),
                                container(c -> c.with("resizePolicy", Json.array(policy("memory", "RestartContainer"))))),
                        v(C + "resizePolicy", INVALID, "\"RestartContainer\": must be 'NotRequired' when pod `restartPolicy` is 'Never'"),
                        v(T + "restartPolicy", NOT_SUPPORTED, "\"Never\": supported values: \"Always\"")),
                row("an init container that is not a sidecar is not restarted for a resize", templateSpec(s -> s.with("initContainers", Json.array(
                                Json.object("name", "init", "image", "busybox", "resizePolicy", Json.array(policy("cpu", "NotRequired"),
                                        policy("memory", "RestartContainer")))))),
                        v(T + "initContainers[0].resizePolicy[1].restartPolicy", INVALID,
                                "\"RestartContainer\": must not be set to 'RestartContainer' for non-sidecar initContainers")));
    }

    static Stream<Arguments> validRows() {
        return Stream.of(
                arguments("cpu and memory with either policy", container(c -> c.with("resizePolicy", Json.array(
                        policy("cpu", "NotRequired"), policy("memory", "RestartContainer"))))),
                arguments("a sidecar may restart for a resize", templateSpec(s -> s.with("initContainers", Json.array(
                        Json.object("name", "sidecar", "image", "busybox", "restartPolicy", "Always",
                                "resizePolicy", Json.array(policy("memory", "RestartContainer"))))))));
    }

    static Json.Obj policy(String resource, String restart) {
        return Json.object("resourceName", resource, "restartPolicy", restart);
    }
}
