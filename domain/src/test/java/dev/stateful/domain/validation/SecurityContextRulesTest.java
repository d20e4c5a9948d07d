package dev.stateful.domain.validation;

import static dev.stateful.domain.testing.PodSpecJson.appArmorContainers;
import static dev.stateful.domain.testing.PodSpecJson.localhostAppArmor;
import static dev.stateful.domain.testing.PodSpecJson.refusedAppArmorContainers;
import static dev.stateful.domain.validation.StatefulSetValidatorTest.C;
import static dev.stateful.domain.validation.StatefulSetValidatorTest.T;
import static dev.stateful.domain.validation.StatefulSetValidatorTest.both;
import static dev.stateful.domain.validation.StatefulSetValidatorTest.container;
import static dev.stateful.domain.validation.StatefulSetValidatorTest.row;
import static dev.stateful.domain.validation.StatefulSetValidatorTest.templateSpec;
import static dev.stateful.domain.validation.StatefulSetValidatorTest.v;
import static dev.stateful.domain.validation.Violation.Type.INVALID;
import static dev.stateful.domain.validation.Violation.Type.NOT_SUPPORTED;
import static dev.stateful.domain.validation.Violation.Type.REQUIRED;
import static dev.stateful.domain.validation.Violation.Type.TOO_LONG;
import static org.junit.jupiter.params.provider.Arguments.arguments;

import dev.stateful.domain.json.Json;
import dev.stateful.domain.model.StatefulSet;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;
import org.junit.jupiter.params.provider.Arguments;

/** {@code validatePodSpecSecurityContext} and {@code ValidateSecurityContext}: ids, policies, the proc mount and seccomp profiles. */
class SecurityContextRulesTest extends RuleRows {

    static final String RANGE = "must be between 0 and 2147483647, inclusive";
    static final String P = T + "securityContext.";
    static final String S = C + "securityContext.";

    static Stream<Arguments> invalidRows() {
        return Stream.of(
                row("the pod's user and group ids are between 0 and 2^31-1", pod(Json.object("fsGroup", -1, "runAsUser", 2147483648L,
                                "runAsGroup", -5, "supplementalGroups", Json.array(0, -2, 3000000000L))),
                        v(P + "fsGroup", INVALID, "-1: " + RANGE),
                        v(P + "runAsUser", INVALID, "2147483648: " + RANGE),
                        v(P + "runAsGroup", INVALID, "-5: " + RANGE),
                        v(P + "supplementalGroups[1]", INVALID, "-2: " + RANGE),
                        v(P + "supplementalGroups[2]", INVALID, "3000000000: " + RANGE)),
                row("the process namespace is not shared with hostPID, named on the security context's path",
                        templateSpec(s -> s.with("shareProcessNamespace", true).with("hostPID", true)),
                        v(P + "shareProcessNamespace", INVALID, "true: ShareProcessNamespace and HostPID cannot both be enabled")),
                row("the fsGroup change and supplemental groups policies are known values", pod(Json.object(
                                "fsGroupChangePolicy", "Sometimes", "supplementalGroupsPolicy", "Loose")),
                        v(P + "fsGroupChangePolicy", NOT_SUPPORTED, "\"Sometimes\": supported values: \"Always\", \"OnRootMismatch\""),
                        v(P + "supplementalGroupsPolicy", NOT_SUPPORTED, "\"Loose\": supported values: \"Merge\", \"Strict\"")),
                row("a seccomp profile has a type", pod(Json.object("seccompProfile", Json.object())),
                        v(P + "seccompProfile.type", REQUIRED, "type is required when seccompProfile is set")),
                row("a seccomp profile's type is known; a localhost profile only with Localhost, shown as Go's internal struct",
                        pod(Json.object("seccompProfile", Json.object("type", "Custom", "localhostProfile", "p.json"))),
                        v(P + "seccompProfile.type", NOT_SUPPORTED, "\"Custom\": supported values: \"Localhost\", \"RuntimeDefault\", \"Unconfined\""),
                        v(P + "seccompProfile.localhostProfile", INVALID,
                                "{\"Type\":\"Custom\",\"LocalhostProfile\":\"p.json\"}: can only be set when seccomp type is Localhost")),
                row("a Localhost seccomp profile names a relative path without '..'", both(
                                pod(Json.object("seccompProfile", Json.object("type", "Localhost"))),
                                securityContext(Json.object("seccompProfile", Json.object("type", "Localhost", "localhostProfile", "/a/../p.json")))),
                        v(S + "seccompProfile.localhostProfile", INVALID, "\"/a/../p.json\": must be a relative path"),
                        v(S + "seccompProfile.localhostProfile", INVALID, "\"/a/../p.json\": must not contain '..'"),
                        v(P + "seccompProfile.localhostProfile", REQUIRED, "must be set when seccomp type is Localhost")),
                row("an AppArmor profile has a known type", both(pod(Json.object("appArmorProfile", Json.object())),
                                securityContext(Json.object("appArmorProfile", Json.object("type", "Custom", "localhostProfile", "p")))),
                        v(S + "appArmorProfile.type", NOT_SUPPORTED, "\"Custom\": supported values: \"Localhost\", \"RuntimeDefault\", \"Unconfined\""),
                        v(P + "appArmorProfile.type", REQUIRED, "type is required when appArmorProfile is set")),
                row("a Localhost AppArmor profile is given, not padded, of at most 4095 bytes; the other types have none",
                        templateSpec(s -> s.with("initContainers", refusedAppArmorContainers("busybox"))),
                        v(T + "initContainers[0].securityContext.appArmorProfile.localhostProfile", REQUIRED, "must be set when AppArmor type is Localhost"),
                        v(T + "initContainers[1].securityContext.appArmorProfile.localhostProfile", INVALID, "\" p \": must not be padded with whitespace"),
                        v(T + "initContainers[2].securityContext.appArmorProfile.localhostProfile", REQUIRED, "must be set when AppArmor type is Localhost"),
                        v(T + "initContainers[3].securityContext.appArmorProfile.localhostProfile", TOO_LONG, "may not be more than 4095 bytes"),
                        v(T + "initContainers[4].securityContext.appArmorProfile.localhostProfile", INVALID,
                                "\" " + "p".repeat(4095) + "\": must not be padded with whitespace"),
                        v(T + "initContainers[4].securityContext.appArmorProfile.localhostProfile", TOO_LONG, "may not be more than 4095 bytes"),
                        v(T + "initContainers[5].securityContext.appArmorProfile.localhostProfile", INVALID,
                                "\"p\": can only be set when AppArmor type is Localhost"),
                        v(T + "initContainers[6].securityContext.appArmorProfile.localhostProfile", INVALID,
                                "\"\": can only be set when AppArmor type is Localhost")),
                row("a container's user and group ids are in range", securityContext(Json.object("runAsUser", -1, "runAsGroup", 2147483648L)),
                        v(S + "runAsUser", INVALID, "-1: " + RANGE),
                        v(S + "runAsGroup", INVALID, "2147483648: " + RANGE)),
                row("a proc mount is Default or Unmasked", securityContext(Json.object("procMount", "Masked")),
                        v(S + "procMount", NOT_SUPPORTED, "\"Masked\": supported values: \"Default\", \"Unmasked\"")),
                row("an Unmasked proc mount needs hostUsers false", securityContext(Json.object("procMount", "Unmasked")),
                        v(S + "procMount", INVALID, "\"Unmasked\": `hostUsers` must be false to use `Unmasked`")),
                row("an init container's security context is checked, after its other fields and before its name's uniqueness",
                        templateSpec(s -> s.with("initContainers", Json.array(Json.object("name", "nginx", "image", "busybox",
                                "securityContext", Json.object("runAsUser", -1))))),
                        v(T + "initContainers[0].securityContext.runAsUser", INVALID, "-1: " + RANGE),
                        v(T + "initContainers[0].name", Violation.Type.DUPLICATE, "\"nginx\"")));
    }

    static Stream<Arguments> validRows() {
        return Stream.of(
                arguments("ids at both ends of the range, known policies, a RuntimeDefault profile", pod(Json.object("fsGroup", 0,
                        "runAsUser", 2147483647L, "runAsGroup", 1000, "supplementalGroups", Json.array(0, 2147483647L),
                        "fsGroupChangePolicy", "OnRootMismatch", "supplementalGroupsPolicy", "Strict",
                        "seccompProfile", Json.object("type", "RuntimeDefault")))),
                arguments("a Localhost profile with a relative path", securityContext(Json.object("seccompProfile",
                        Json.object("type", "Localhost", "localhostProfile", "profiles/audit.json"), "runAsUser", 0, "procMount", "Default"))),
                arguments("an Unmasked proc mount with hostUsers false", both(templateSpec(s -> s.with("hostUsers", false)),
                        securityContext(Json.object("procMount", "Unmasked")))),
                arguments("AppArmor profiles of each type, a Localhost one of 4095 bytes", both(
                        pod(Json.object("appArmorProfile", Json.object("type", "RuntimeDefault"))),
                        templateSpec(s -> s.with("initContainers", appArmorContainers("busybox", Json.object("type", "Unconfined"),
                                localhostAppArmor("k8s-apparmor-example-deny-write"), localhostAppArmor("p".repeat(4095))))))),
                arguments("a shared process namespace without hostPID", templateSpec(s -> s.with("shareProcessNamespace", true))),
                arguments("privileged, left to the API server's --allow-privileged", securityContext(Json.object("privileged", true))));
    }

    static UnaryOperator<StatefulSet> pod(Json.Obj context) {
        return templateSpec(s -> s.with("securityContext", context));
    }

    static UnaryOperator<StatefulSet> securityContext(Json.Obj context) {
        return container(c -> c.with("securityContext", context));
    }
}
