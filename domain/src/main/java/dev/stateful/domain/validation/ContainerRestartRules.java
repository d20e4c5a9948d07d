package dev.stateful.domain.validation;

import dev.stateful.domain.json.Json;
import java.util.ArrayList;
import java.util.List;

/**
 * A container's own {@code restartPolicy} and {@code restartPolicyRules} ({@code validateContainerRestartPolicy}), for a
 * container after its probes and for an init container after its common checks ({@code validateInitContainerRestartPolicy}).
 * In 1.36 ContainerRestartRules and RestartAllContainersOnContainerExits are beta and on, so every container may have a
 * policy of Always, Never or OnFailure with rules, and the RestartAllContainers action is allowed.
 */
final class ContainerRestartRules {

    static final String POLICY_FOR_RULES = "must specify restartPolicy when restart rules are used";
    static final String EXIT_CODES_REQUIRED = "must be specified";

    /** Sorted, as Go's {@code sets.List} gives them to {@code field.NotSupported}. */
    private static final List<String> POLICIES = List.of("Always", "Never", "OnFailure");
    private static final List<String> ACTIONS = List.of("Restart", "RestartAllContainers");
    private static final List<String> OPERATORS = List.of("In", "NotIn");
    static final int MAX_RULES = 20;
    static final int MAX_EXIT_CODES = 255;

    private ContainerRestartRules() {
    }

    /** {@code validateInitContainerRestartPolicy}: without a policy, only that rules need one. */
    static List<Violation> initContainer(Json.Obj container, String path) {
        if (!container.has("restartPolicy")) {
            return container.array("restartPolicyRules").isEmpty() ? List.of() : List.of(Errors.required(path + ".restartPolicy", POLICY_FOR_RULES));
        }
        return container(container, path);
    }

    /**
     * {@code validateContainerRestartPolicy}: a known policy, given when there are rules; at most 20 rules; each rule's action
     * and exit codes (at most 255 values).
     */
    static List<Violation> container(Json.Obj container, String path) {
        List<Json> rules = container.array("restartPolicyRules");
        List<Violation> out = new ArrayList<>();
        if (!container.has("restartPolicy")) {
            if (rules.isEmpty()) {
                return out;
            }
            out.add(Errors.required(path + ".restartPolicy", POLICY_FOR_RULES));
        } else {
            String policy = container.string("restartPolicy").orElse("");
            if (!POLICIES.contains(policy)) {
                out.add(Errors.notSupported(path + ".restartPolicy", policy, POLICIES.toArray(String[]::new)));
            }
        }
        if (rules.size() > MAX_RULES) {
            out.add(Errors.tooMany(path + ".restartPolicyRules", rules.size(), MAX_RULES));
        }
        for (int i = 0; i < rules.size(); i++) {
            String at = path + ".restartPolicyRules[" + i + "]";
            Json.Obj rule = rules.get(i).asObject().orElse(Json.EMPTY_OBJECT);
            String action = rule.string("action").orElse("");
            if (!ACTIONS.contains(action)) {
                out.add(Errors.notSupported(at + ".action", action, ACTIONS.toArray(String[]::new)));
            }
            if (rule.has("exitCodes")) {
                Json.Obj exitCodes = rule.objectOrEmpty("exitCodes");
                String operator = exitCodes.string("operator").orElse("");
                if (!OPERATORS.contains(operator)) {
                    out.add(Errors.notSupported(at + ".exitCodes.operator", operator, OPERATORS.toArray(String[]::new)));
                }
                int values = exitCodes.array("values").size();
                if (values > MAX_EXIT_CODES) {
                    out.add(Errors.tooMany(at + ".exitCodes.values", values, MAX_EXIT_CODES));
                }
            } else {
                out.add(Errors.required(at + ".exitCodes", EXIT_CODES_REQUIRED));
            }
        }
        return out;
    }
}
