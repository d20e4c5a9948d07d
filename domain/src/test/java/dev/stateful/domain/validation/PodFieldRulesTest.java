package dev.stateful.domain.validation;

import static dev.stateful.domain.validation.StatefulSetValidatorTest.NAME_PART_REGEX;
import static dev.stateful.domain.validation.StatefulSetValidatorTest.T;
import static dev.stateful.domain.validation.StatefulSetValidatorTest.row;
import static dev.stateful.domain.validation.StatefulSetValidatorTest.templateSpec;
import static dev.stateful.domain.validation.StatefulSetValidatorTest.v;
import static dev.stateful.domain.validation.Violation.Type.INVALID;
import static org.junit.jupiter.params.provider.Arguments.arguments;

import dev.stateful.domain.json.Json;
import java.util.stream.Stream;
import org.junit.jupiter.params.provider.Arguments;

/** {@code validateOverhead}: the pod's overhead is checked as a container's limits, at {@code overhead.limits}. */
class PodFieldRulesTest extends RuleRows {

    static Stream<Arguments> invalidRows() {
        return Stream.of(row("an overhead has container resource names and no negative quantity, named as limits",
                templateSpec(s -> s.with("overhead", Json.object("cpu", "-100m", "Bad Name", 1, "memory", "120Mi"))),
                v(T + "overhead.limits[Bad Name]", INVALID, "\"Bad Name\": " + NAME_PART_REGEX),
                v(T + "overhead.limits[Bad Name]", INVALID, "\"Bad Name\": must be a standard resource for containers"),
                v(T + "overhead.limits[cpu]", INVALID, "\"-100m\": must be greater than or equal to 0")));
    }

    static Stream<Arguments> validRows() {
        return Stream.of(arguments("an overhead of cpu and memory", templateSpec(s -> s.with("overhead", Json.object("cpu", "250m", "memory", "120Mi")))),
                arguments("an empty overhead", templateSpec(s -> s.with("overhead", Json.object()))));
    }
}
