package dev.stateful.domain.validation;

import dev.stateful.domain.json.Json;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code validateTopologySpreadConstraints} with the options of a set's template on create: a positive maxSkew, a
 * topology key, a known whenUnsatisfiable, no later constraint of the same {topologyKey, whenUnsatisfiable}
 * ({@code ValidateSpreadConstraintNotRepeat}), a positive minDomains only with DoNotSchedule ({@code validateMinDomains}),
 * known node inclusion policies ({@code validateNodeInclusionPolicy}), the matchLabelKeys as
 * {@code ValidateMatchLabelKeysAndMismatchLabelKeys} checks them (MatchLabelKeysInPodTopologySpread and its
 * SelectorMerge are on by default in 1.36; {@link LabelKeysRules}), and a label selector with strict values
 * ({@code AllowInvalidTopologySpreadConstraintLabelSelector} holds only for an old spec that had an invalid one; on an
 * update, see {@link AffinityRules}).
 */
final class TopologySpreadRules {

    static final String NOT_POSITIVE = "must be greater than zero";
    static final String DO_NOT_SCHEDULE = "DoNotSchedule";

    /** {@code supportedScheduleActions} and {@code supportedPodTopologySpreadNodePolicies}, sorted as {@code sets.List} gives them. */
    private static final List<String> ACTIONS = List.of(DO_NOT_SCHEDULE, "ScheduleAnyway");
    private static final List<String> NODE_POLICIES = List.of("Honor", "Ignore");

    private TopologySpreadRules() {
    }

    /** {@code validateTopologySpreadConstraints} of the spec at {@code path} ("...spec"). */
    static List<Violation> topologySpreadConstraints(Json.Obj spec, String path) {
        List<Json> constraints = spec.array("topologySpreadConstraints");
        List<Violation> out = new ArrayList<>();
        for (int i = 0; i < constraints.size(); i++) {
            String at = path + ".topologySpreadConstraints[" + i + "]";
            Json.Obj constraint = constraints.get(i).asObject().orElse(Json.EMPTY_OBJECT);
            long maxSkew = constraint.integer("maxSkew").orElse(0L);
            if (maxSkew <= 0) {
                out.add(Errors.invalid(at + ".maxSkew", maxSkew, NOT_POSITIVE));
            }
            String topologyKey = constraint.string("topologyKey").orElse("");
            if (topologyKey.isEmpty()) {
                out.add(Errors.required(at + ".topologyKey", AffinityRules.EMPTY_TOPOLOGY_KEY));
            }
            String action = constraint.string("whenUnsatisfiable").orElse("");
            if (!ACTIONS.contains(action)) {
                out.add(Errors.notSupported(at + ".whenUnsatisfiable", action, ACTIONS.toArray(String[]::new)));
            }
            if (repeated(constraints.subList(i + 1, constraints.size()), topologyKey, action)) {
                out.add(Errors.duplicate(at + ".{topologyKey, whenUnsatisfiable}", "{" + topologyKey + ", " + action + "}"));
            }
            out.addAll(minDomains(constraint, action, at + ".minDomains"));
            out.addAll(nodeInclusionPolicy(constraint, "nodeAffinityPolicy", at));
            out.addAll(nodeInclusionPolicy(constraint, "nodeTaintsPolicy", at));
            out.addAll(LabelKeysRules.labelKeys(constraint.strings("matchLabelKeys"), List.of(), constraint.object("labelSelector"), at));
            constraint.object("labelSelector").ifPresent(selector -> out.addAll(SelectorRules.selector(selector, at + ".labelSelector")));
        }
        return out;
    }

    private static boolean repeated(List<Json> later, String topologyKey, String action) {
        return later.stream().map(item -> item.asObject().orElse(Json.EMPTY_OBJECT)).anyMatch(other ->
                other.string("topologyKey").orElse("").equals(topologyKey) && other.string("whenUnsatisfiable").orElse("").equals(action));
    }

    /** {@code validateMinDomains}: when given, positive and only with DoNotSchedule. */
    private static List<Violation> minDomains(Json.Obj constraint, String action, String path) {
        if (!constraint.has("minDomains")) {
            return List.of();
        }
        long minDomains = constraint.integer("minDomains").orElse(0L);
        List<Violation> out = new ArrayList<>();
        if (minDomains <= 0) {
            out.add(Errors.invalid(path, minDomains, NOT_POSITIVE));
        }
        if (!action.equals(DO_NOT_SCHEDULE)) {
            out.add(Errors.invalid(path, minDomains, "can only use minDomains if whenUnsatisfiable=" + DO_NOT_SCHEDULE + ", not " + action));
        }
        return out;
    }

    /** {@code validateNodeInclusionPolicy}: when given (even empty), Honor or Ignore. */
    private static List<Violation> nodeInclusionPolicy(Json.Obj constraint, String field, String path) {
        if (!constraint.has(field)) {
            return List.of();
        }
        String policy = constraint.string(field).orElse("");
        return NODE_POLICIES.contains(policy)
                ? List.of()
                : List.of(Errors.notSupported(path + "." + field, policy, NODE_POLICIES.toArray(String[]::new)));
    }
}
