package dev.stateful.domain.validation;

import static dev.stateful.domain.testing.PodSpecJson.hostPort;
import static dev.stateful.domain.validation.StatefulSetValidatorTest.C;
import static dev.stateful.domain.validation.StatefulSetValidatorTest.T;
import static dev.stateful.domain.validation.StatefulSetValidatorTest.both;
import static dev.stateful.domain.validation.StatefulSetValidatorTest.container;
import static dev.stateful.domain.validation.StatefulSetValidatorTest.row;
import static dev.stateful.domain.validation.StatefulSetValidatorTest.templateSpec;
import static dev.stateful.domain.validation.StatefulSetValidatorTest.v;
import static dev.stateful.domain.validation.Violation.Type.DUPLICATE;
import static dev.stateful.domain.validation.Violation.Type.FORBIDDEN;
import static dev.stateful.domain.validation.Violation.Type.INVALID;
import static org.junit.jupiter.params.provider.Arguments.arguments;

import dev.stateful.domain.json.Json;
import dev.stateful.domain.model.StatefulSet;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;
import org.junit.jupiter.params.provider.Arguments;

/** {@code checkHostPortConflicts}, {@code validatePodHostNetworkDeps} and {@code validateHostUsers}'s host namespaces. */
class HostNamespaceRulesTest extends RuleRows {

    static final String HOST_PORT = "must match `containerPort` when `hostNetwork` is true";
    static final String WITHOUT_HOST_USERS = "when `hostUsers` is false";

    static Stream<Arguments> invalidRows() {
        return Stream.of(
                row("with hostNetwork a container's given host port is its container port, an init container's is not compared", both(
                                templateSpec(s -> s.with("hostNetwork", true).with("initContainers", Json.array(init("init", hostPort(80, 81))))),
                                ports(hostPort(80, 8080), Json.object("containerPort", 81), hostPort(82, 82))),
                        v(C + "ports[0].hostPort", INVALID, "8080: " + HOST_PORT)),
                row("hostUsers false forbids hostNetwork, hostPID and hostIPC, named as Go's internal fields",
                        templateSpec(s -> s.with("hostUsers", false).with("hostNetwork", true).with("hostPID", true).with("hostIPC", true)),
                        v(T + "hostNetwork", FORBIDDEN, WITHOUT_HOST_USERS),
                        v(T + "HostPID", FORBIDDEN, WITHOUT_HOST_USERS),
                        v(T + "HostIPC", FORBIDDEN, WITHOUT_HOST_USERS)),
                row("a host port is taken once per protocol and IP across the containers", templateSpec(s -> s.with("containers", Json.array(
                                Json.object("name", "a", "image", "nginx", "ports", Json.array(hostPort(80, 8080), hostPort(81, 8080).with("protocol", "UDP"),
                                        hostPort(82, 8081).with("hostIP", "10.0.0.1"), hostPort(83, 8081))),
                                Json.object("name", "b", "image", "nginx", "ports", Json.array(hostPort(80, 8080).with("protocol", "TCP"),
                                        hostPort(84, 8081).with("hostIP", "10.0.0.1")))))),
                        v(T + "containers[1].ports[0].hostPort", DUPLICATE, "\"TCP//8080\""),
                        v(T + "containers[1].ports[1].hostPort", DUPLICATE, "\"TCP/10.0.0.1/8081\"")),
                row("an init container's host ports are unique within it, named as the list's first", templateSpec(s -> s.with("initContainers", Json.array(
                                init("a", hostPort(80, 8080)), init("b", hostPort(80, 8080), hostPort(81, 8080))))),
                        v(T + "initContainers[0].ports[1].hostPort", DUPLICATE, "\"TCP//8080\"")));
    }

    static Stream<Arguments> validRows() {
        return Stream.of(
                arguments("hostNetwork with host ports equal to the container ports or absent", both(templateSpec(s -> s.with("hostNetwork", true)),
                        ports(hostPort(80, 80), Json.object("containerPort", 81)))),
                arguments("host namespaces with the host's users", templateSpec(s -> s.with("hostNetwork", true).with("hostPID", true).with("hostIPC", true))),
                arguments("hostUsers false without host namespaces", templateSpec(s -> s.with("hostUsers", false).with("hostNetwork", false)
                        .with("hostPID", false).with("hostIPC", false))),
                arguments("init containers run one by one: each may take a container's host port or another's", both(
                        templateSpec(s -> s.with("initContainers", Json.array(init("a", hostPort(80, 8080)), init("b", hostPort(80, 8080))))),
                        ports(hostPort(80, 8080)))));
    }

    static UnaryOperator<StatefulSet> ports(Json... ports) {
        return container(c -> c.with("ports", Json.array((Object[]) ports)));
    }

    static Json.Obj init(String name, Json... ports) {
        return Json.object("name", name, "image", "busybox", "ports", Json.array((Object[]) ports));
    }
}
