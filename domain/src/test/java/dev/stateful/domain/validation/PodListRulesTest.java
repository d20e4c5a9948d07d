package dev.stateful.domain.validation;

import static dev.stateful.domain.validation.AffinityRulesTest.EMPTY_NAME_PART;
import static dev.stateful.domain.validation.StatefulSetValidatorTest.NAME_PART_REGEX;
import static dev.stateful.domain.validation.StatefulSetValidatorTest.SUBDOMAIN_REGEX;
import static dev.stateful.domain.validation.StatefulSetValidatorTest.T;
import static dev.stateful.domain.validation.StatefulSetValidatorTest.row;
import static dev.stateful.domain.validation.StatefulSetValidatorTest.templateSpec;
import static dev.stateful.domain.validation.StatefulSetValidatorTest.v;
import static dev.stateful.domain.validation.Violation.Type.DUPLICATE;
import static dev.stateful.domain.validation.Violation.Type.INVALID;
import static org.junit.jupiter.params.provider.Arguments.arguments;

import dev.stateful.domain.json.Json;
import java.util.stream.Stream;
import org.junit.jupiter.params.provider.Arguments;

/** {@code validateReadinessGates}, {@code validateSchedulingGates} and {@code ValidateHostAliases}. */
class PodListRulesTest extends RuleRows {

    static Stream<Arguments> invalidRows() {
        return Stream.of(
                row("readiness gates' condition types are qualified names", templateSpec(s -> s.with("readinessGates", Json.array(
                                Json.object("conditionType", "example.com/ready"), Json.object("conditionType", "not ready"), Json.object()))),
                        v(T + "readinessGates[1].conditionType", INVALID, "\"not ready\": " + NAME_PART_REGEX),
                        v(T + "readinessGates[2].conditionType", INVALID, "\"\": " + EMPTY_NAME_PART),
                        v(T + "readinessGates[2].conditionType", INVALID, "\"\": " + NAME_PART_REGEX)),
                row("scheduling gates are qualified names, each once, named by their index", templateSpec(s -> s.with("schedulingGates", Json.array(
                                Json.object("name", "example.com/quota"), Json.object("name", "bad gate"), Json.object("name", "example.com/quota")))),
                        v(T + "schedulingGates[1]", INVALID, "\"bad gate\": " + NAME_PART_REGEX),
                        v(T + "schedulingGates[2]", DUPLICATE, "\"example.com/quota\"")),
                row("gates come before the host aliases, which have an IP address and DNS subdomain host names", templateSpec(s -> s
                                .with("hostAliases", Json.array(Json.object("ip", "10.0.0.010", "hostnames", Json.array("db.local", "DB_Local")),
                                        Json.object("hostnames", Json.array(""))))
                                .with("readinessGates", Json.array(Json.object("conditionType", "a/b/c")))),
                        v(T + "readinessGates[0].conditionType", INVALID, "\"a/b/c\": a valid label key must consist of alphanumeric characters, "
                                + "'-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or "
                                + "'123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]') with an optional DNS "
                                + "subdomain prefix and '/' (e.g. 'example.com/MyName')"),
                        v(T + "hostAliases[0].ip", INVALID, "\"10.0.0.010\": must not have leading 0s"),
                        v(T + "hostAliases[0].hostnames[1]", INVALID, "\"DB_Local\": " + SUBDOMAIN_REGEX),
                        v(T + "hostAliases[1].ip", INVALID, "\"\": must be a valid IP address, (e.g. 10.9.8.7 or 2001:db8::ffff)"),
                        v(T + "hostAliases[1].hostnames[0]", INVALID, "\"\": " + SUBDOMAIN_REGEX)));
    }

    static Stream<Arguments> validRows() {
        return Stream.of(arguments("gates with qualified names and host aliases of either family", templateSpec(s -> s
                .with("readinessGates", Json.array(Json.object("conditionType", "example.com/ready"), Json.object("conditionType", "Ready")))
                .with("schedulingGates", Json.array(Json.object("name", "example.com/quota"), Json.object("name", "hold")))
                .with("hostAliases", Json.array(Json.object("ip", "10.0.0.10", "hostnames", Json.array("db.local", "db")),
                        Json.object("ip", "2001:db8::1"))))));
    }
}
