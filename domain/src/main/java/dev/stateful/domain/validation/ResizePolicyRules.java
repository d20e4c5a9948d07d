package dev.stateful.domain.validation;

import dev.stateful.domain.json.Json;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * A container's {@code resizePolicy} ({@code validateResizePolicy}, between the resources and the security context in
 * {@code validateContainerCommon}): each resource once, cpu or memory, with a known restart policy, NotRequired when the
 * pod's restartPolicy is Never. Go names the list, not the item, for all but a duplicate. A non-sidecar init container may
 * not restart for a resize ({@code validateInitContainers}); 1.36 allows a sidecar's policy (InPlacePodVerticalScaling is GA).
 */
final class ResizePolicyRules {

    static final String NOT_REQUIRED_WHEN_NEVER = "must be 'NotRequired' when pod `restartPolicy` is 'Never'";
    static final String NO_RESTART_FOR_INIT = "must not be set to 'RestartContainer' for non-sidecar initContainers";

    /** Sorted, as Go's {@code sets.List} gives them to {@code field.NotSupported}. */
    private static final List<String> RESOURCES = List.of("cpu", "memory");
    private static final List<String> RESTART_POLICIES = List.of("NotRequired", "RestartContainer");
    private static final String NOT_REQUIRED = "NotRequired";
    private static final String RESTART_CONTAINER = "RestartContainer";

    private ResizePolicyRules() {
    }

    /** {@code validateResizePolicy} of the container at {@code path}, in a pod of {@code podRestartPolicy}. */
    static List<Violation> resizePolicy(Json.Obj container, String podRestartPolicy, String path) {
        List<Violation> out = new ArrayList<>();
        String at = path + ".resizePolicy";
        List<Json> policies = container.array("resizePolicy");
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < policies.size(); i++) {
            Json.Obj policy = policies.get(i).asObject().orElse(Json.EMPTY_OBJECT);
            String resource = policy.string("resourceName").orElse("");
            String restart = policy.string("restartPolicy").orElse("");
            if (!seen.add(resource)) {
                out.add(Errors.duplicate(at + "[" + i + "]", resource));
            }
            out.addAll(known(at, resource, RESOURCES));
            out.addAll(known(at, restart, RESTART_POLICIES));
            if (podRestartPolicy.equals("Never") && !restart.equals(NOT_REQUIRED)) {
                out.add(Errors.invalid(at, restart, NOT_REQUIRED_WHEN_NEVER));
            }
        }
        return out;
    }

    /** The check {@code validateInitContainers} makes of an init container that is not a sidecar. */
    static List<Violation> nonSidecar(Json.Obj container, String path) {
        List<Violation> out = new ArrayList<>();
        List<Json> policies = container.array("resizePolicy");
        for (int j = 0; j < policies.size(); j++) {
            String restart = policies.get(j).asObject().orElse(Json.EMPTY_OBJECT).string("restartPolicy").orElse("");
            if (restart.equals(RESTART_CONTAINER)) {
                out.add(Errors.invalid(path + ".resizePolicy[" + j + "].restartPolicy", restart, NO_RESTART_FOR_INIT));
            }
        }
        return out;
    }

    /** Go's switch: required when empty, else one of {@code supported}. */
    private static List<Violation> known(String at, String value, List<String> supported) {
        return value.isEmpty() ? List.of(Errors.required(at, "")) : Errors.unlessSupported(at, value, supported);
    }
}
