package dev.stateful.domain.validation;

import static dev.stateful.domain.testing.PodSpecJson.ACCEPTED_USER_NAMES;
import static dev.stateful.domain.testing.PodSpecJson.REFUSED_USER_NAMES;
import static dev.stateful.domain.testing.PodSpecJson.runningAs;
import static dev.stateful.domain.validation.StatefulSetValidatorTest.C;
import static dev.stateful.domain.validation.StatefulSetValidatorTest.T;
import static dev.stateful.domain.validation.StatefulSetValidatorTest.both;
import static dev.stateful.domain.validation.StatefulSetValidatorTest.container;
import static dev.stateful.domain.validation.StatefulSetValidatorTest.row;
import static dev.stateful.domain.validation.StatefulSetValidatorTest.templateSpec;
import static dev.stateful.domain.validation.StatefulSetValidatorTest.v;
import static dev.stateful.domain.validation.Violation.Type.INVALID;
import static org.junit.jupiter.params.provider.Arguments.arguments;

import dev.stateful.domain.json.Json;
import java.util.stream.Stream;
import org.junit.jupiter.params.provider.Arguments;

/** {@code validateWindowsSecurityContextOptions} of the pod's and each container's security context, and {@code validateWindowsHostProcessPod}. */
class WindowsRulesTest extends RuleRows {

    static final String USER = "securityContext.windowsOptions.runAsUserName";

    static Stream<Arguments> invalidRows() {
        String longDomain = "\"" + "d".repeat(256) + "\\\\. .\": ";
        return Stream.of(
                row("a credential spec's name is a DNS subdomain, a credential spec is not empty, a user name not empty", both(
                                templateSpec(s -> s.with("securityContext", Json.object("windowsOptions", Json.object(
                                        "gmsaCredentialSpecName", "Web_Cred", "gmsaCredentialSpec", "", "runAsUserName", "")))),
                                container(c -> c.with("securityContext", Json.object("windowsOptions", Json.object(
                                        "gmsaCredentialSpec", "x".repeat(64 * 1024 + 1)))))),
                        v(C + "securityContext.windowsOptions.gmsaCredentialSpec", INVALID, "\"" + "x".repeat(64 * 1024 + 1)
                                + "\": gmsaCredentialSpec size must be under 64 KiB"),
                        v(T + "securityContext.windowsOptions.gmsaCredentialSpecName", INVALID, "\"Web_Cred\": "
                                + Names.dns1123Subdomain("Web_Cred").get(0)),
                        v(T + "securityContext.windowsOptions.gmsaCredentialSpec", INVALID, "\"\": gmsaCredentialSpec cannot be an empty string"),
                        v(T + USER, INVALID, "\"\": runAsUserName cannot be an empty string")),
                row("a user name is DOMAIN\\USER or USER without control characters, the domain NetBios or DNS and under 256 bytes, "
                                + "the user of 1-104 bytes, not only dots and spaces, without \"/\\:;|=,+*?<>@[]",
                        templateSpec(s -> s.with("initContainers", runningAs("busybox", REFUSED_USER_NAMES))),
                        v(T + "initContainers[0]." + USER, INVALID, "\"app\\u0001\": runAsUserName cannot contain control characters"),
                        v(T + "initContainers[1]." + USER, INVALID, "\"a\\\\b\\\\c\": runAsUserName cannot contain more than one backslash"),
                        v(T + "initContainers[2]." + USER, INVALID, "\".corp\\\\\": runAsUserName's Domain doesn't match the NetBios nor the DNS format"),
                        v(T + "initContainers[2]." + USER, INVALID, "\".corp\\\\\": runAsUserName's User cannot be empty"),
                        v(T + "initContainers[3]." + USER, INVALID, longDomain + "runAsUserName's Domain length must be under 256 characters"),
                        v(T + "initContainers[3]." + USER, INVALID, longDomain + "runAsUserName's Domain doesn't match the NetBios nor the DNS format"),
                        v(T + "initContainers[3]." + USER, INVALID, longDomain + "runAsUserName's User cannot contain only periods or spaces"),
                        v(T + "initContainers[4]." + USER, INVALID, "\"" + "u".repeat(105)
                                + "\": runAsUserName's User length must not be longer than 104 characters"),
                        v(T + "initContainers[5]." + USER, INVALID, "\"CORP\\\\us@r\": "
                                + "runAsUserName's User cannot contain the following characters: \"/\\:;|=,+*?<>@[]")),
                row("a container's hostProcess is the pod's when both are given", both(
                                templateSpec(s -> s.with("securityContext", Json.object("windowsOptions", Json.object("hostProcess", true)))),
                                container(c -> c.with("securityContext", Json.object("windowsOptions", Json.object("hostProcess", false))))),
                        v(C + "securityContext.windowsOptions.hostProcess", INVALID,
                                "false: pod hostProcess value must be identical if both are specified, was true")),
                row("host process containers need hostNetwork", both(
                                templateSpec(s -> s.with("securityContext", Json.object("windowsOptions", Json.object("hostProcess", false)))),
                                container(c -> c.with("securityContext", Json.object("windowsOptions", Json.object("hostProcess", true))))),
                        v(C + "securityContext.windowsOptions.hostProcess", INVALID,
                                "true: pod hostProcess value must be identical if both are specified, was false"),
                        v(T + "hostNetwork", INVALID, "false: hostNetwork must be true if pod contains any hostProcess containers")),
                row("once a container is a host process, all are", both(
                                templateSpec(s -> s.with("hostNetwork", true).with("initContainers", Json.array(Json.object("name", "init", "image", "busybox")))),
                                container(c -> c.with("securityContext", Json.object("windowsOptions", Json.object("hostProcess", true))))),
                        v(T.substring(0, T.length() - 1), INVALID, "\"\": If pod contains any hostProcess containers then all containers must be HostProcess containers")));
    }

    static Stream<Arguments> validRows() {
        return Stream.of(
                arguments("user names of a NetBios or DNS domain or none, a credential spec and its name", both(
                        templateSpec(s -> s.with("initContainers", runningAs("busybox", ACCEPTED_USER_NAMES))),
                        container(c -> c.with("securityContext", Json.object("windowsOptions", Json.object(
                                "gmsaCredentialSpecName", "web-cred.v1", "gmsaCredentialSpec", "{}")))))),
                arguments("host process containers of the pod's setting on the host's network (a cluster's policy may still refuse them)",
                        both(templateSpec(s -> s.with("hostNetwork", true).with("securityContext", Json.object("windowsOptions",
                                        Json.object("hostProcess", true)))),
                                container(c -> c.with("securityContext", Json.object("windowsOptions", Json.object("hostProcess", true)))))),
                arguments("no host process anywhere", both(
                        templateSpec(s -> s.with("securityContext", Json.object("windowsOptions", Json.object("hostProcess", false)))),
                        container(c -> c.with("securityContext", Json.object("windowsOptions", Json.object("hostProcess", false)))))));
    }
}
