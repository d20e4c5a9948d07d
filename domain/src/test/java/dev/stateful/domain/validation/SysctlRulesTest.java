package dev.stateful.domain.validation;

import static dev.stateful.domain.validation.StatefulSetValidatorTest.T;
import static dev.stateful.domain.validation.StatefulSetValidatorTest.both;
import static dev.stateful.domain.validation.StatefulSetValidatorTest.row;
import static dev.stateful.domain.validation.StatefulSetValidatorTest.templateSpec;
import static dev.stateful.domain.validation.StatefulSetValidatorTest.v;
import static dev.stateful.domain.validation.Violation.Type.DUPLICATE;
import static dev.stateful.domain.validation.Violation.Type.INVALID;
import static dev.stateful.domain.validation.Violation.Type.NOT_SUPPORTED;
import static dev.stateful.domain.validation.Violation.Type.REQUIRED;
import static org.junit.jupiter.params.provider.Arguments.arguments;

import dev.stateful.domain.json.Json;
import dev.stateful.domain.model.StatefulSet;
import java.util.Arrays;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;
import org.junit.jupiter.params.provider.Arguments;

/** {@code validateSysctls}: names, given once, none of a namespace the pod shares with the host. */
class SysctlRulesTest extends RuleRows {

    static final String S = T + "securityContext.sysctls";
    static final String NAME = "must have at most 253 characters and match regex "
            + "^([a-z0-9]([-_a-z0-9]*[a-z0-9])?[\\./])*[a-z0-9]([-_a-z0-9]*[a-z0-9])?$";
    static final String HOST_NETWORK = "may not be specified when 'hostNetwork' is true";
    static final String HOST_IPC = "may not be specified when 'hostIPC' is true";

    static Stream<Arguments> invalidRows() {
        String long254 = "a".repeat(254);
        return Stream.of(
                row("a sysctl has a name of at most 253 characters matching the regex, given once", sysctls("", "Kernel.Shm",
                                "kernel.shm_rmid_forced", "kernel.shm_rmid_forced", long254, "net/ipv4/ip_forward", "net/ipv4/ip_forward"),
                        v(S + "[0].name", REQUIRED, ""),
                        v(S + "[1].name", INVALID, "\"Kernel.Shm\": " + NAME),
                        v(S + "[3].name", DUPLICATE, "\"kernel.shm_rmid_forced\""),
                        v(S + "[4].name", INVALID, "\"" + long254 + "\": " + NAME),
                        v(S + "[6].name", DUPLICATE, "\"net/ipv4/ip_forward\"")),
                row("no network sysctl with hostNetwork, no IPC sysctl with hostIPC; a slashed name is read dotted, a '*' ends it", both(
                                templateSpec(s -> s.with("hostNetwork", true).with("hostIPC", true)),
                                sysctls("net.core.somaxconn", "net/ipv4/conf/eno2.100/rp_filter", "kernel.shmmax", "fs.mqueue.msg_max",
                                        "kernel.shm*", "kernel.domainname", "kernel.shmmaximum")),
                        v(S + "[0].name", INVALID, "\"net.core.somaxconn\": " + HOST_NETWORK),
                        v(S + "[1].name", INVALID, "\"net/ipv4/conf/eno2.100/rp_filter\": " + HOST_NETWORK),
                        v(S + "[2].name", INVALID, "\"kernel.shmmax\": " + HOST_IPC),
                        v(S + "[3].name", INVALID, "\"fs.mqueue.msg_max\": " + HOST_IPC),
                        v(S + "[4].name", INVALID, "\"kernel.shm*\": " + NAME),
                        v(S + "[4].name", INVALID, "\"kernel.shm*\": " + HOST_IPC)),
                row("the sysctls are checked after the process namespace and before the fsGroup change policy", both(
                                templateSpec(s -> s.with("shareProcessNamespace", true).with("hostPID", true)
                                        .with("securityContext", Json.object("fsGroupChangePolicy", "Sometimes"))),
                                sysctls("")),
                        v(T + "securityContext.shareProcessNamespace", INVALID, "true: ShareProcessNamespace and HostPID cannot both be enabled"),
                        v(S + "[0].name", REQUIRED, ""),
                        v(T + "securityContext.fsGroupChangePolicy", NOT_SUPPORTED, "\"Sometimes\": supported values: \"Always\", \"OnRootMismatch\"")));
    }

    static Stream<Arguments> validRows() {
        return Stream.of(
                arguments("namespaced sysctls in the pod's own namespaces", sysctls("net.core.somaxconn", "kernel.shm_rmid_forced",
                        "net/ipv4/conf/eno2.100/rp_filter", "fs.mqueue.msg_max")),
                arguments("with hostNetwork and hostIPC, sysctls of neither namespace", both(
                        templateSpec(s -> s.with("hostNetwork", true).with("hostIPC", true)), sysctls("kernel.domainname", "vm.swappiness"))));
    }

    /** The pod's security context with these sysctls, each of value "1". */
    static UnaryOperator<StatefulSet> sysctls(String... names) {
        Object[] sysctls = Arrays.stream(names).map(name -> Json.object("name", name, "value", "1")).toArray();
        return templateSpec(s -> s.update("securityContext", c -> c.with("sysctls", Json.array(sysctls))));
    }
}
