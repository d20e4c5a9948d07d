package dev.stateful.domain.validation;

import static dev.stateful.domain.testing.PodSpecJson.linuxOnlyContainerSecurityContext;
import static dev.stateful.domain.testing.PodSpecJson.linuxOnlyPodSecurityContext;
import static dev.stateful.domain.validation.StatefulSetValidatorTest.C;
import static dev.stateful.domain.validation.StatefulSetValidatorTest.T;
import static dev.stateful.domain.validation.StatefulSetValidatorTest.both;
import static dev.stateful.domain.validation.StatefulSetValidatorTest.container;
import static dev.stateful.domain.validation.StatefulSetValidatorTest.row;
import static dev.stateful.domain.validation.StatefulSetValidatorTest.templateSpec;
import static dev.stateful.domain.validation.StatefulSetValidatorTest.v;
import static dev.stateful.domain.validation.Violation.Type.FORBIDDEN;
import static dev.stateful.domain.validation.Violation.Type.NOT_SUPPORTED;
import static dev.stateful.domain.validation.Violation.Type.REQUIRED;
import static org.junit.jupiter.params.provider.Arguments.arguments;

import dev.stateful.domain.json.Json;
import java.util.stream.Stream;
import org.junit.jupiter.params.provider.Arguments;

/** {@code validateOS}, then {@code validateLinux} or {@code validateWindows} for a valid os. */
class OsRulesTest extends RuleRows {

    static final String WINDOWS = "cannot be set for a windows pod";

    static Stream<Arguments> invalidRows() {
        return Stream.of(
                row("an os has a name", templateSpec(s -> s.with("os", Json.object())), v(T + "os.name", REQUIRED, "")),
                row("an os is linux or windows, and an unknown one forbids nothing", templateSpec(s -> s.with("os", Json.object("name", "darwin"))
                                .with("securityContext", Json.object("windowsOptions", Json.object()))),
                        v(T + "os", NOT_SUPPORTED, "\"darwin\": supported values: \"linux\", \"windows\"")),
                row("a linux pod has no Windows options, in its own or a container's security context, init containers first", both(
                                templateSpec(s -> s.with("os", Json.object("name", "linux"))
                                        .with("securityContext", Json.object("windowsOptions", Json.object("runAsUserName", "app")))
                                        .with("initContainers", Json.array(Json.object("name", "init", "image", "busybox",
                                                "securityContext", Json.object("windowsOptions", Json.object()))))),
                                container(c -> c.with("securityContext", Json.object("windowsOptions", Json.object())))),
                        v(T + "securityContext.windowsOptions", FORBIDDEN, "windows options cannot be set for a linux pod"),
                        v(T + "initContainers[0].securityContext.windowsOptions", FORBIDDEN, "windows options cannot be set for a linux pod"),
                        v(C + "securityContext.windowsOptions", FORBIDDEN, "windows options cannot be set for a linux pod")),
                row("a windows pod sets none of the Linux-only pod fields, named where the v1 pod spec has them", templateSpec(s -> s
                                .with("os", Json.object("name", "windows")).with("hostUsers", true).with("hostPID", true).with("hostIPC", true)
                                .with("shareProcessNamespace", false).with("securityContext", linuxOnlyPodSecurityContext())),
                        v(T + "securityContext.appArmorProfile", FORBIDDEN, WINDOWS), v(T + "securityContext.seLinuxOptions", FORBIDDEN, WINDOWS),
                        v(T + "hostUsers", FORBIDDEN, WINDOWS), v(T + "hostPID", FORBIDDEN, WINDOWS), v(T + "hostIPC", FORBIDDEN, WINDOWS),
                        v(T + "securityContext.seccompProfile", FORBIDDEN, WINDOWS), v(T + "securityContext.fsGroup", FORBIDDEN, WINDOWS),
                        v(T + "securityContext.fsGroupChangePolicy", FORBIDDEN, WINDOWS), v(T + "securityContext.sysctls", FORBIDDEN, WINDOWS),
                        v(T + "shareProcessNamespace", FORBIDDEN, WINDOWS), v(T + "securityContext.runAsUser", FORBIDDEN, WINDOWS),
                        v(T + "securityContext.runAsGroup", FORBIDDEN, WINDOWS), v(T + "securityContext.supplementalGroups", FORBIDDEN, WINDOWS),
                        v(T + "securityContext.supplementalGroupsPolicy", FORBIDDEN, WINDOWS),
                        v(T + "securityContext.seLinuxChangePolicy", FORBIDDEN, WINDOWS)),
                row("a windows pod's containers set none of the Linux-only security settings", both(
                                templateSpec(s -> s.with("os", Json.object("name", "windows"))),
                                container(c -> c.with("securityContext", linuxOnlyContainerSecurityContext()))),
                        v(C + "securityContext.appArmorProfile", FORBIDDEN, WINDOWS), v(C + "securityContext.seLinuxOptions", FORBIDDEN, WINDOWS),
                        v(C + "securityContext.seccompProfile", FORBIDDEN, WINDOWS), v(C + "securityContext.capabilities", FORBIDDEN, WINDOWS),
                        v(C + "securityContext.readOnlyRootFilesystem", FORBIDDEN, WINDOWS), v(C + "securityContext.privileged", FORBIDDEN, WINDOWS),
                        v(C + "securityContext.allowPrivilegeEscalation", FORBIDDEN, WINDOWS), v(C + "securityContext.procMount", FORBIDDEN, WINDOWS),
                        v(C + "securityContext.runAsUser", FORBIDDEN, WINDOWS), v(C + "securityContext.runAsGroup", FORBIDDEN, WINDOWS)));
    }

    static Stream<Arguments> validRows() {
        return Stream.of(
                arguments("a linux pod with Linux settings", templateSpec(s -> s.with("os", Json.object("name", "linux")).with("hostPID", true)
                        .with("securityContext", Json.object("runAsUser", 1, "seccompProfile", Json.object("type", "RuntimeDefault"))))),
                arguments("a windows pod with Windows options, host namespaces off, no sysctls", both(
                        templateSpec(s -> s.with("os", Json.object("name", "windows")).with("hostPID", false).with("hostIPC", false)
                                .with("securityContext", Json.object("windowsOptions", Json.object("runAsUserName", "ContainerUser"),
                                        "sysctls", Json.array()))),
                        container(c -> c.with("securityContext", Json.object("windowsOptions", Json.object("runAsUserName", "ContainerUser")))))));
    }
}
