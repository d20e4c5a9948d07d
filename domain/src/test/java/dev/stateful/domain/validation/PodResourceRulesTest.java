package dev.stateful.domain.validation;

import static dev.stateful.domain.testing.PodSpecJson.podResources;
import static dev.stateful.domain.testing.PodSpecJson.refusedPodResources;
import static dev.stateful.domain.validation.StatefulSetValidatorTest.T;
import static dev.stateful.domain.validation.StatefulSetValidatorTest.row;
import static dev.stateful.domain.validation.StatefulSetValidatorTest.templateSpec;
import static dev.stateful.domain.validation.StatefulSetValidatorTest.v;
import static dev.stateful.domain.validation.Violation.Type.FORBIDDEN;
import static dev.stateful.domain.validation.Violation.Type.INVALID;
import static dev.stateful.domain.validation.Violation.Type.NOT_SUPPORTED;
import static org.junit.jupiter.params.provider.Arguments.arguments;

import dev.stateful.domain.json.Json;
import java.util.stream.Stream;
import org.junit.jupiter.params.provider.Arguments;

/** {@code validatePodResources}: the pod-level resources, their names and their consistency with the containers'. */
class PodResourceRulesTest extends RuleRows {

    static final String R = T + "resources";
    static final String POD_NAMES = "supported values: \"cpu\", \"hugepages-\", \"memory\"";

    static Stream<Arguments> invalidRows() {
        return Stream.of(
                row("a windows pod has none, and nothing else of them is checked", templateSpec(s -> s.with("os", Json.object("name", "windows"))
                                .with("resources", Json.object("limits", Json.object("cpu", "-1")))),
                        v(R, FORBIDDEN, PodResourceRules.WINDOWS)),
                row("no claims; names of cpu, memory or hugepages; requests within limits, as a container's", templateSpec(s -> s
                                .with("resources", Json.object("claims", Json.array(), "limits", Json.object("cpu", "-1", "ephemeral-storage", "1Gi",
                                        "example.com/gpu", "1", "memory", "1Gi"), "requests", Json.object("memory", "2Gi")))),
                        v(R + ".claims", FORBIDDEN, PodResourceRules.CLAIMS),
                        v(R + ".limits[cpu]", INVALID, "\"-1\": must be greater than or equal to 0"),
                        v(R + ".limits[ephemeral-storage]", NOT_SUPPORTED, "\"ephemeral-storage\": " + POD_NAMES),
                        v(R + ".limits[example.com/gpu]", NOT_SUPPORTED, "\"example.com/gpu\": " + POD_NAMES),
                        v(R + ".requests", INVALID, "\"2Gi\": must be less than or equal to memory limit of 1Gi")),
                row("requests at least the containers' aggregate, hugepages limits at least theirs, each container's limit within the pod's",
                        templateSpec(s -> refusedPodResources(s, "busybox")),
                        v(R + ".requests[cpu]", INVALID, "\"1\": must be greater than or equal to aggregate container requests of 1100m"),
                        v(R + ".requests[memory]", INVALID, "\"1Gi\": must be greater than or equal to aggregate container requests of 2Gi"),
                        v(R + ".limits[hugepages-2Mi]", INVALID, "\"4Mi\": must be greater than or equal to aggregate container limits of 6Mi"),
                        v(R + ".containers[0][cpu].limits", INVALID, "\"3\": must be less than or equal to pod limits of 2")));
    }

    static Stream<Arguments> validRows() {
        return Stream.of(
                arguments("pod-level resources the containers, a sidecar and an init container fit in", templateSpec(s -> podResources(s, "busybox"))),
                arguments("empty pod-level resources", templateSpec(s -> s.with("resources", Json.object()))));
    }
}
