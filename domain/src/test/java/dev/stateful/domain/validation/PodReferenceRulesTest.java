package dev.stateful.domain.validation;

import static dev.stateful.domain.validation.StatefulSetValidatorTest.SUBDOMAIN_REGEX;
import static dev.stateful.domain.validation.StatefulSetValidatorTest.T;
import static dev.stateful.domain.validation.StatefulSetValidatorTest.row;
import static dev.stateful.domain.validation.StatefulSetValidatorTest.templateSpec;
import static dev.stateful.domain.validation.StatefulSetValidatorTest.v;
import static dev.stateful.domain.validation.Violation.Type.FORBIDDEN;
import static dev.stateful.domain.validation.Violation.Type.INVALID;
import static dev.stateful.domain.validation.Violation.Type.NOT_SUPPORTED;
import static dev.stateful.domain.validation.Violation.Type.REQUIRED;
import static dev.stateful.domain.validation.Violation.Type.TOO_LONG;
import static org.junit.jupiter.params.provider.Arguments.arguments;

import dev.stateful.domain.json.Json;
import java.util.stream.Stream;
import org.junit.jupiter.params.provider.Arguments;

/**
 * {@code validatePodHostName}, the service account's and node's names, then after the tolerations the priority and runtime
 * classes' names and {@code ValidatePreemptionPolicy}.
 */
class PodReferenceRulesTest extends RuleRows {

    static Stream<Arguments> invalidRows() {
        String long65 = "a".repeat(65);
        return Stream.of(
                row("a hostname override is a DNS subdomain of at most 64 bytes", templateSpec(s -> s.with("hostnameOverride", long65)),
                        v(T + "hostnameOverride", TOO_LONG, "may not be more than 64 bytes")),
                row("a hostname override is not with setHostnameAsFQDN nor hostNetwork, and an empty one is checked",
                        templateSpec(s -> s.with("hostnameOverride", "").with("setHostnameAsFQDN", true).with("hostNetwork", true)),
                        v(T + "hostnameOverride", FORBIDDEN, "may not be specified when setHostnameAsFQDN is true"),
                        v(T + "hostnameOverride", FORBIDDEN, "may not be specified when hostNetwork is true"),
                        v(T + "hostnameOverride", INVALID, "\"\": " + SUBDOMAIN_REGEX)),
                row("service account, node, priority class and runtime class names are DNS subdomains, in upstream's order around the tolerations",
                        templateSpec(s -> s.with("runtimeClassName", "Kata").with("priorityClassName", "High_Priority").with("nodeName", "Node 1")
                                .with("serviceAccountName", "Builder").with("tolerations", Json.array(Json.object("key", "k", "operator", "In")))),
                        v(T + "serviceAccountName", INVALID, "\"Builder\": " + SUBDOMAIN_REGEX),
                        v(T + "nodeName", INVALID, "\"Node 1\": " + SUBDOMAIN_REGEX),
                        v(T + "tolerations[0].operator", NOT_SUPPORTED, "\"In\": supported values: \"Equal\", \"Exists\""),
                        v(T + "priorityClassName", INVALID, "\"High_Priority\": " + SUBDOMAIN_REGEX),
                        v(T + "runtimeClassName", INVALID, "\"Kata\": " + SUBDOMAIN_REGEX)),
                row("the deprecated serviceAccount stands for an empty serviceAccountName", templateSpec(s -> s.with("serviceAccount", "Old_Name")),
                        v(T + "serviceAccountName", INVALID, "\"Old_Name\": " + SUBDOMAIN_REGEX)),
                row("an empty runtime class name is checked, being a pointer", templateSpec(s -> s.with("runtimeClassName", "")),
                        v(T + "runtimeClassName", INVALID, "\"\": " + SUBDOMAIN_REGEX)),
                row("a preemption policy is PreemptLowerPriority or Never", templateSpec(s -> s.with("preemptionPolicy", "Always")),
                        v(T + "preemptionPolicy", NOT_SUPPORTED, "\"Always\": supported values: \"PreemptLowerPriority\", \"Never\"")),
                row("a preemption policy given empty is required", templateSpec(s -> s.with("preemptionPolicy", "")),
                        v(T + "preemptionPolicy", REQUIRED, "")));
    }

    static Stream<Arguments> validRows() {
        return Stream.of(
                arguments("names that are DNS subdomains; empty plain names are not checked", templateSpec(s -> s
                        .with("hostnameOverride", "db-0.example.com").with("serviceAccountName", "").with("serviceAccount", "")
                        .with("nodeName", "node-1.zone-a").with("priorityClassName", "").with("runtimeClassName", "kata.containers"))),
                arguments("a hostname override of exactly 64 bytes, with setHostnameAsFQDN false", templateSpec(s -> s
                        .with("hostnameOverride", "a".repeat(64)).with("setHostnameAsFQDN", false))),
                arguments("the deprecated serviceAccount is not checked beside a serviceAccountName", templateSpec(s -> s
                        .with("serviceAccountName", "builder").with("serviceAccount", "Old_Name"))),
                arguments("each preemption policy", templateSpec(s -> s.with("preemptionPolicy", "Never"))));
    }
}
