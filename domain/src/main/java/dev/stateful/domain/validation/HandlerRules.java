package dev.stateful.domain.validation;

import dev.stateful.domain.json.Json;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import java.util.regex.Pattern;

/**
 * {@code validateHandler}, which probes and lifecycle hooks share: of the handler kinds a context has (a probe's
 * {@code handlerFromProbe}, a hook's {@code handlerFromLifecycle}), the first given is checked, each later one is
 * forbidden, none is required. The API server defaults an httpGet's empty path and scheme
 * ({@code SetDefaults_HTTPGetAction}), so those are checked only when given.
 */
final class HandlerRules {

    static final String MORE_THAN_ONE_HANDLER = "may not specify more than 1 handler type";
    static final String NO_HANDLER = "must specify a handler type";

    /** A probe's handlers, in {@code validateHandler}'s order. */
    static final List<String> PROBE = List.of("exec", "httpGet", "tcpSocket", "grpc");
    /** A lifecycle hook's handlers, in {@code validateHandler}'s order. */
    static final List<String> LIFECYCLE = List.of("exec", "httpGet", "tcpSocket", "sleep");

    /** {@code supportedHTTPSchemes}, sorted. */
    private static final List<String> SCHEMES = List.of("HTTP", "HTTPS");
    private static final Pattern HTTP_HEADER_NAME = Pattern.compile("[-A-Za-z0-9]+");

    private HandlerRules() {
    }

    /** {@code validateHandler} over {@code kinds}; {@code gracePeriod} is the pod's terminationGracePeriodSeconds, for a sleep. */
    static List<Violation> handler(Json.Obj handler, List<String> kinds, OptionalLong gracePeriod, String path) {
        List<Violation> out = new ArrayList<>();
        boolean found = false;
        for (String kind : kinds) {
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
                case "sleep" -> out.addAll(sleep(action, gracePeriod, at));
                default -> out.addAll(portNumOrName(action.get("port").orElse(Json.Null.INSTANCE), at + ".port"));
            }
        }
        if (!found) {
            out.add(Errors.required(path, NO_HANDLER));
        }
        return out;
    }

    /**
     * {@code validateSleepAction} as PodLifecycleSleepActionAllowZero (GA) has it: 0 up to the pod's grace period, on
     * the sleep's own path. Without a grace period nothing is checked, as upstream.
     */
    private static List<Violation> sleep(Json.Obj action, OptionalLong gracePeriod, String path) {
        long seconds = action.integer("seconds").orElse(0L);
        if (gracePeriod.isEmpty() || (seconds >= 0 && seconds <= gracePeriod.getAsLong())) {
            return List.of();
        }
        return List.of(Errors.invalid(path, seconds,
                "must be non-negative and less than terminationGracePeriodSeconds (" + gracePeriod.getAsLong() + ")"));
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
            out.addAll(Errors.invalidEach(path, name.value(), ContainerRules.portName(name.value())));
            return out;
        }
        long number = port instanceof Json.Num n ? n.asLong().orElse(0L) : 0L;
        if (number < 1 || number > 65535) {
            out.add(Errors.invalid(path, number, ContainerRules.PORT_RANGE));
        }
        return out;
    }
}
