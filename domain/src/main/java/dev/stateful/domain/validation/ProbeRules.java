package dev.stateful.domain.validation;

import dev.stateful.domain.json.Json;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;

/**
 * A container's probes: {@code validateLivenessProbe}, {@code validateReadinessProbe} and
 * {@code validateStartupProbe} over {@code validateProbe} and {@code validateHandler} ({@link HandlerRules}).
 * The API server defaults a probe's zero timeout, period and thresholds ({@code SetDefaults_Probe}), so those
 * are checked only when given; a negative number stays and is reported.
 */
final class ProbeRules {

    private static final List<String> NON_NEGATIVE = List.of("initialDelaySeconds", "timeoutSeconds", "periodSeconds",
            "successThreshold", "failureThreshold");

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
        List<Violation> out = new ArrayList<>(HandlerRules.handler(probe, HandlerRules.PROBE, OptionalLong.empty(), path));
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
}
