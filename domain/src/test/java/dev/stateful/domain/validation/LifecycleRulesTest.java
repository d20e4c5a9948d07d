package dev.stateful.domain.validation;

import static dev.stateful.domain.validation.StatefulSetValidatorTest.C;
import static dev.stateful.domain.validation.StatefulSetValidatorTest.T;
import static dev.stateful.domain.validation.StatefulSetValidatorTest.both;
import static dev.stateful.domain.validation.StatefulSetValidatorTest.container;
import static dev.stateful.domain.validation.StatefulSetValidatorTest.row;
import static dev.stateful.domain.validation.StatefulSetValidatorTest.templateSpec;
import static dev.stateful.domain.validation.StatefulSetValidatorTest.v;
import static dev.stateful.domain.validation.Violation.Type.FORBIDDEN;
import static dev.stateful.domain.validation.Violation.Type.INVALID;
import static dev.stateful.domain.validation.Violation.Type.NOT_SUPPORTED;
import static dev.stateful.domain.validation.Violation.Type.REQUIRED;
import static org.junit.jupiter.params.provider.Arguments.arguments;

import dev.stateful.domain.json.Json;
import dev.stateful.domain.model.StatefulSet;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;
import org.junit.jupiter.params.provider.Arguments;

/** {@code validateLifecycle}: the postStart and preStop hooks of a container or a sidecar, each with exactly one valid handler. */
class LifecycleRulesTest extends RuleRows {

    static final String SLEEP_RANGE = "must be non-negative and less than terminationGracePeriodSeconds (30)";

    static Stream<Arguments> invalidRows() {
        return Stream.of(
                row("a hook has a handler", lifecycle(Json.object("postStart", Json.object(), "preStop", Json.object())),
                        v(C + "lifecycle.postStart", REQUIRED, "must specify a handler type"),
                        v(C + "lifecycle.preStop", REQUIRED, "must specify a handler type")),
                row("a hook has only one handler: the first is checked, later ones are forbidden", lifecycle(Json.object("preStop", Json.object(
                                "exec", Json.object(), "httpGet", Json.object("port", 80), "tcpSocket", Json.object("port", 80),
                                "sleep", Json.object("seconds", 1)))),
                        v(C + "lifecycle.preStop.exec.command", REQUIRED, ""),
                        v(C + "lifecycle.preStop.httpGet", FORBIDDEN, "may not specify more than 1 handler type"),
                        v(C + "lifecycle.preStop.tcpSocket", FORBIDDEN, "may not specify more than 1 handler type"),
                        v(C + "lifecycle.preStop.sleep", FORBIDDEN, "may not specify more than 1 handler type")),
                row("an httpGet hook has a port in range, a known scheme and token header names", lifecycle(Json.object("postStart", Json.object(
                                "httpGet", Json.object("port", 0, "scheme", "FTP", "httpHeaders", Json.array(Json.object("name", "Bad Header")))))),
                        v(C + "lifecycle.postStart.httpGet.port", INVALID, "0: must be between 1 and 65535, inclusive"),
                        v(C + "lifecycle.postStart.httpGet.scheme", NOT_SUPPORTED, "\"FTP\": supported values: \"HTTP\", \"HTTPS\""),
                        v(C + "lifecycle.postStart.httpGet.httpHeaders", INVALID, "\"Bad Header\": a valid HTTP header must consist of "
                                + "alphanumeric characters or '-' (e.g. 'X-Header-Name', regex used for validation is '[-A-Za-z0-9]+')")),
                row("a tcpSocket hook's port is an IANA name", lifecycle(Json.object("preStop", Json.object("tcpSocket", Json.object("port", "Web--x")))),
                        v(C + "lifecycle.preStop.tcpSocket.port", INVALID, "\"Web--x\": must contain only alpha-numeric characters (a-z, 0-9), and hyphens (-)"),
                        v(C + "lifecycle.preStop.tcpSocket.port", INVALID, "\"Web--x\": must not contain consecutive hyphens")),
                row("a sleep is not negative", lifecycle(Json.object("preStop", sleep(-1))),
                        v(C + "lifecycle.preStop.sleep", INVALID, "-1: " + SLEEP_RANGE)),
                row("a sleep is at most the pod's terminationGracePeriodSeconds", lifecycle(Json.object("postStart", sleep(31))),
                        v(C + "lifecycle.postStart.sleep", INVALID, "31: " + SLEEP_RANGE)),
                row("a sleep is measured against the template's own grace period, even a negative one", both(
                                templateSpec(s -> s.with("terminationGracePeriodSeconds", -1)), lifecycle(Json.object("preStop", sleep(0)))),
                        v(C + "lifecycle.preStop.sleep", INVALID, "0: must be non-negative and less than terminationGracePeriodSeconds (-1)")),
                row("a sidecar's hooks are checked as a container's", templateSpec(s -> s.with("initContainers", Json.array(
                                Json.object("name", "sidecar", "image", "busybox", "restartPolicy", "Always",
                                        "lifecycle", Json.object("postStart", Json.object()))))),
                        v(T + "initContainers[0].lifecycle.postStart", REQUIRED, "must specify a handler type")),
                row("the lifecycle is checked before the probes", container(c -> c.with("livenessProbe", Json.object())
                                .with("lifecycle", Json.object("preStop", Json.object()))),
                        v(C + "lifecycle.preStop", REQUIRED, "must specify a handler type"),
                        v(C + "livenessProbe", REQUIRED, "must specify a handler type")));
    }

    static Stream<Arguments> validRows() {
        return Stream.of(
                arguments("an empty lifecycle", lifecycle(Json.object())),
                arguments("a hook of each handler", lifecycle(Json.object(
                        "postStart", Json.object("httpGet", Json.object("port", "http", "scheme", "HTTPS", "path", "/start")),
                        "preStop", Json.object("tcpSocket", Json.object("port", 8080))))),
                arguments("an exec hook", lifecycle(Json.object("postStart", Json.object("exec", Json.object("command", Json.array("true")))))),
                arguments("a sleep of 0 (PodLifecycleSleepActionAllowZero) and one of the whole grace period",
                        lifecycle(Json.object("postStart", sleep(0), "preStop", sleep(30)))),
                arguments("a sleep beyond the grace period is not checked without one", both(
                        templateSpec(s -> s.without("terminationGracePeriodSeconds")), lifecycle(Json.object("preStop", sleep(600))))),
                arguments("a stop signal, dropped by the API server while ContainerStopSignals is off",
                        lifecycle(Json.object("stopSignal", "SIGNOPE"))));
    }

    static UnaryOperator<StatefulSet> lifecycle(Json.Obj lifecycle) {
        return container(c -> c.with("lifecycle", lifecycle));
    }

    static Json.Obj sleep(long seconds) {
        return Json.object("sleep", Json.object("seconds", seconds));
    }
}
