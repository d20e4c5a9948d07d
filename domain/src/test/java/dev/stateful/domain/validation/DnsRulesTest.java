package dev.stateful.domain.validation;

import static dev.stateful.domain.validation.StatefulSetValidatorTest.T;
import static dev.stateful.domain.validation.StatefulSetValidatorTest.both;
import static dev.stateful.domain.validation.StatefulSetValidatorTest.row;
import static dev.stateful.domain.validation.StatefulSetValidatorTest.templateSpec;
import static dev.stateful.domain.validation.StatefulSetValidatorTest.v;
import static dev.stateful.domain.validation.Violation.Type.INVALID;
import static dev.stateful.domain.validation.Violation.Type.NOT_SUPPORTED;
import static dev.stateful.domain.validation.Violation.Type.REQUIRED;
import static org.junit.jupiter.params.provider.Arguments.arguments;

import dev.stateful.domain.json.Json;
import dev.stateful.domain.model.StatefulSet;
import java.util.Collections;
import java.util.List;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;
import org.junit.jupiter.params.provider.Arguments;

/** {@code validateDNSPolicy} and {@code validatePodDNSConfig}: a known policy, then the nameservers, search paths and options. */
class DnsRulesTest extends RuleRows {

    static final String UNDERSCORE_SUBDOMAIN_REGEX = "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, "
            + "'_', '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is "
            + "'_?[a-z0-9]([-_a-z0-9]*[a-z0-9])?(\\._?[a-z0-9]([-_a-z0-9]*[a-z0-9])?)*')";

    static Stream<Arguments> invalidRows() {
        String label = "a".repeat(63);
        List<String> longSearches = Collections.nCopies(32, label + "." + label);
        return Stream.of(
                row("dnsPolicy is a known value", templateSpec(s -> s.with("dnsPolicy", "Cluster")),
                        v(T + "dnsPolicy", NOT_SUPPORTED, "\"Cluster\": supported values: \"ClusterFirstWithHostNet\", \"ClusterFirst\", \"Default\", \"None\"")),
                row("dnsPolicy None needs a dnsConfig", templateSpec(s -> s.with("dnsPolicy", "None")),
                        v(T + "dnsConfig", REQUIRED, "must provide `dnsConfig` when `dnsPolicy` is None")),
                row("dnsPolicy None needs a nameserver, and nothing else of the config is checked without one",
                        both(config(Json.object("searches", Json.array("Bad_Search!"))), templateSpec(t -> t.with("dnsPolicy", "None"))),
                        v(T + "dnsConfig.nameservers", REQUIRED, "must provide at least one DNS nameserver when `dnsPolicy` is None")),
                row("at most three nameservers, each an IP address without leading zeros and not IPv4-mapped", config(Json.object("nameservers",
                                Json.array("10.0.0.10", "dns.example.com", "010.0.0.1", "::ffff:10.0.0.1"))),
                        v(T + "dnsConfig.nameservers", INVALID, "[\"10.0.0.10\",\"dns.example.com\",\"010.0.0.1\",\"::ffff:10.0.0.1\"]: "
                                + "must not have more than 3 nameservers"),
                        v(T + "dnsConfig.nameservers[1]", INVALID, "\"dns.example.com\": must be a valid IP address, (e.g. 10.9.8.7 or 2001:db8::ffff)"),
                        v(T + "dnsConfig.nameservers[2]", INVALID, "\"010.0.0.1\": must not have leading 0s"),
                        v(T + "dnsConfig.nameservers[3]", INVALID, "\"::ffff:10.0.0.1\": must not be an IPv4-mapped IPv6 address")),
                row("search paths are subdomains that may hold '_', shown without one trailing '.'", config(Json.object("searches",
                                Json.array("ns1.svc.cluster.local.", "_srv._tcp.example.com", ".", "Bad.Example", "a..b.", "-a"))),
                        v(T + "dnsConfig.searches[3]", INVALID, "\"Bad.Example\": " + UNDERSCORE_SUBDOMAIN_REGEX),
                        v(T + "dnsConfig.searches[4]", INVALID, "\"a..b\": " + UNDERSCORE_SUBDOMAIN_REGEX),
                        v(T + "dnsConfig.searches[5]", INVALID, "\"-a\": " + UNDERSCORE_SUBDOMAIN_REGEX)),
                row("at most 32 search paths of 2048 characters together, spaces included", config(Json.object("searches",
                                Json.from(Stream.concat(longSearches.stream(), Stream.of("b")).toList()))),
                        v(T + "dnsConfig.searches", INVALID, Errors.render(Json.from(Stream.concat(longSearches.stream(), Stream.of("b")).toList()))
                                + ": must not have more than 32 search paths"),
                        v(T + "dnsConfig.searches", INVALID, Errors.render(Json.from(Stream.concat(longSearches.stream(), Stream.of("b")).toList()))
                                + ": must not have more than 2048 characters (including spaces) in the search list")),
                row("options have names", config(Json.object("options", Json.array(Json.object("name", "ndots", "value", "2"), Json.object("value", "1")))),
                        v(T + "dnsConfig.options[1]", REQUIRED, "must not be empty")));
    }

    static Stream<Arguments> validRows() {
        return Stream.of(
                arguments("each known policy", templateSpec(s -> s.with("dnsPolicy", "ClusterFirstWithHostNet"))),
                arguments("dnsPolicy None with three nameservers of either family", templateSpec(s -> s.with("dnsPolicy", "None")
                        .with("dnsConfig", Json.object("nameservers", Json.array("10.0.0.10", "2001:db8::53", "FE80:0:0:0:0:0:0:0abc"))))),
                arguments("a config beside another policy: search paths with '_', a trailing '.', or only '.'; options with names",
                        config(Json.object("searches", Json.array("_srv._tcp.example.com", "svc.cluster.local.", "."),
                                "options", Json.array(Json.object("name", "ndots", "value", "2"), Json.object("name", "edns0"))))),
                arguments("32 search paths of exactly 2048 characters together", config(Json.object("searches",
                        Json.from(Stream.concat(Collections.nCopies(31, "a".repeat(63)).stream(), Stream.of("b".repeat(2048 - 31 * 64)))
                                .toList())))),
                arguments("an empty config", config(Json.object())));
    }

    static UnaryOperator<StatefulSet> config(Json.Obj config) {
        return templateSpec(s -> s.with("dnsConfig", config));
    }
}
