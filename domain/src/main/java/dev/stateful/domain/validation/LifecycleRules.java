package dev.stateful.domain.validation;

import dev.stateful.domain.json.Json;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;

/**
 * {@code validateLifecycle} of a container or a sidecar: each of postStart and preStop given has exactly one
 * handler, exec, httpGet, tcpSocket or sleep ({@code validateHandler}, {@link HandlerRules}). The stop signal is
 * not checked: ContainerStopSignals is alpha and off in 1.36, so the API server drops the field
 * ({@code dropContainerStopSignals}) before validating.
 */
final class LifecycleRules {

    private LifecycleRules() {
    }

    /** The container's lifecycle at {@code path} (the container's); {@code gracePeriod} is the pod's terminationGracePeriodSeconds. */
    static List<Violation> lifecycle(Json.Obj container, OptionalLong gracePeriod, String path) {
        List<Violation> out = new ArrayList<>();
        Json.Obj lifecycle = container.object("lifecycle").orElse(null);
        if (lifecycle == null) {
            return out;
        }
        for (String hook : List.of("postStart", "preStop")) {
            lifecycle.object(hook).ifPresent(handler ->
                    out.addAll(HandlerRules.handler(handler, HandlerRules.LIFECYCLE, gracePeriod, path + ".lifecycle." + hook)));
        }
        return out;
    }
}
