package dev.stateful.domain.validation;

import dev.stateful.domain.json.Json;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * A container's probes: {@code validateLivenessProbe}, {@code validateReadinessProbe} and
 * {@code validateStartupProbe} over {@code validateProbe} and {@code validateHandler}. The API server
 * defaults a probe's zero timeout, period and thresholds and an httpGet's empty path and scheme
 * ({@code SetDefaults_Probe}, {@code SetDefaults_HTTPGetAction}), so those are checked only when given;
 * a negative number stays and is reported.
 */
final class ProbeRules {

    static final String MORE_THAN_ONE_HANDLER = "may not specify more than 1 handler type";
    static final String NO_HANDLER = "must specify a handler type";

    /** {@code supportedHTTPSchemes}, sorted. */
    private static final List<String> SCHEMES = List.of("HTTP", "HTTPS");
    private static final List<String> NON_NEGATIVE = List.of("initialDelaySeconds", "timeoutSeconds", "periodSeconds",
            "successThreshold", "failureThreshold");
    private static final Pattern HTTP_HEADER_NAME = Pattern.compile("[-A-Za-z0-9]+");

    private ProbeRules() {
    }

    /** The three probes of a container (or a sidecar), in Go's order. */
    static List<Violation> probes(Json.Obj container, String path) {
        List<Violation> out = new ArrayList<>();
        container.object("livenessProbe").ifPresent(p -> out.addAll(mustSucceedOnce(p, path + ".livenessProbe")));
        container.object("readinessProbe").ifPresent(p -> {
            String at = path + ".readinessProbe";
            out.addAll(probe(p, at));
            p.get("terminationGracePeriodSeconds").filter(v -> v != Json.Null.INSTANCE).ifPresent(v ->
                    out.add(Errors.invalid(at + ".terminationGracePeriodSeconds", v, "must not be set for readinessProbes")));
        });
        container.object("startupProbe").ifPresent(p -> out.addAll(mustSucceedOnce(p, path + ".startupProbe")));
        return out;
    }

    /** Liveness and startup: {@code validateProbe}, then a success threshold of 1 (0 is defaulted to 1). */
    private static List<Violation> mustSucceedOnce(Json.Obj probe, String path) {
        List<Violation> out = new ArrayList<>(probe(probe, path));
        long threshold = probe.integer("successThreshold").orElse(0L);
        if (threshold != 1 && threshold != 0) {
            out.add(Errors.invalid(path + ".successThreshold", threshold, "must be 1"));
        }
        return out;
    }

    /** {@code validateProbe}: one handler, the numbers not negative, a probe's own grace period above 0. */
    private static List<Violation> probe(Json.Obj probe, String path) {
        List<Violation> out = new ArrayList<>(handler(probe, path));
        for (String field : NON_NEGATIVE) {
            long value = probe.integer(field).orElse(0L);
            if (value < 0) {
                out.add(Errors.invalid(path + "." + field, value, Errors.NEGATIVE));
            }
        }
        probe.integer("terminationGracePeriodSeconds").filter(v -> v <= 0).ifPresent(v ->
                out.add(Errors.invalid(path + ".terminationGracePeriodSeconds", v, "must be greater than 0")));
        return out;
    }

    /** {@code validateHandler} of a probe (exec, httpGet, tcpSocket, grpc): the first given is checked, each later one is forbidden. */
    private static List<Violation> handler(Json.Obj handler, String path) {
        List<Violation> out = new ArrayList<>();
        boolean found = false;
        for (String kind : List.of("exec", "httpGet", "tcpSocket", "grpc")) {
            if (!handler.has(kind)) {
                continue;
            }
            String at = path + "." + kind;
            if (found) {
                out.add(Errors.forbidden(at, MORE_THAN_ONE_HANDLER));
                continue;
            }
            found = true;
            Json.Obj action = handler.objectOrEmpty(kind);
            switch (kind) {
                case "exec" -> {
                    if (action.array("command").isEmpty()) {
                        out.add(Errors.required(at + ".command", ""));
                    }
                }
                case "httpGet" -> out.addAll(httpGet(action, at));
                default -> out.addAll(portNumOrName(action.get("port").orElse(Json.Null.INSTANCE), at + ".port"));
            }
        }
        if (!found) {
            out.add(Errors.required(path, NO_HANDLER));
        }
        return out;
    }

    /** {@code validateHTTPGetAction}: the port, a known scheme (when given), header names as Go's HTTP library takes them. */
    private static List<Violation> httpGet(Json.Obj action, String path) {
        List<Violation> out = new ArrayList<>(portNumOrName(action.get("port").orElse(Json.Null.INSTANCE), path + ".port"));
        out.addAll(Errors.unlessSupported(path + ".scheme", action.string("scheme").orElse(""), SCHEMES));
        for (Json header : action.array("httpHeaders")) {
            String name = header.asObject().orElse(Json.EMPTY_OBJECT).string("name").orElse("");
            if (!HTTP_HEADER_NAME.matcher(name).matches()) {
                out.add(Errors.invalid(path + ".httpHeaders", name, Names.regexError(
                        "a valid HTTP header must consist of alphanumeric characters or '-'", "[-A-Za-z0-9]+", "X-Header-Name")));
            }
        }
        return out;
    }

    /** {@code ValidatePortNumOrName}: a number in 1..65535 or an IANA service name; an absent port is the number 0. */
    static List<Violation> portNumOrName(Json port, String path) {
        List<Violation> out = new ArrayList<>();
        if (port instanceof Json.Str name) {
            ContainerRules.portName(name.value()).forEach(msg -> out.add(Errors.invalid(path, name.value(), msg)));
            return out;
        }
        long number = port instanceof Json.Num n ? n.asLong().orElse(0L) : 0L;
        if (number < 1 || number > 65535) {
            out.add(Errors.invalid(path, number, ContainerRules.PORT_RANGE));
        }
        return out;
    }
}
