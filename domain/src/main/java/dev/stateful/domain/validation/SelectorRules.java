package dev.stateful.domain.validation;

import dev.stateful.domain.json.Json;
import dev.stateful.domain.model.LabelSelector;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code ValidateLabelSelector} with strict label values ({@code AllowInvalidLabelValueInSelector:
 * false}, as StatefulSets always used). A selector without errors here is exactly one that
 * {@code LabelSelectorAsSelector} can convert.
 */
public final class SelectorRules {

    private SelectorRules() {
    }

    /** Whether {@code LabelSelectorAsSelector} converts {@code selector}: whether it has no errors here. */
    public static boolean converts(LabelSelector selector) {
        return selector(selector, "").isEmpty();
    }

    static List<Violation> selector(LabelSelector selector, String path) {
        List<Violation> out = new ArrayList<>(MetaRules.labels(selector.matchLabels(), path + ".matchLabels"));
        List<LabelSelector.Requirement> expressions = selector.matchExpressions();
        for (int i = 0; i < expressions.size(); i++) {
            out.addAll(requirement(expressions.get(i), path + ".matchExpressions[" + i + "]"));
        }
        return out;
    }

    /**
     * {@code ValidateLabelSelector} of a selector the pod template holds as JSON (an affinity term's label or namespace
     * selector, a spread constraint's), always with strict label values: the options of a template on create.
     */
    static List<Violation> selector(Json.Obj selector, String path) {
        List<LabelSelector.Requirement> expressions = selector.array("matchExpressions").stream()
                .map(item -> item.asObject().orElse(Json.EMPTY_OBJECT))
                .map(e -> new LabelSelector.Requirement(e.string("key").orElse(""), e.string("operator").orElse(""), e.strings("values")))
                .toList();
        return selector(new LabelSelector(selector.stringMap("matchLabels"), expressions), path);
    }

    /** {@code ValidateLabelSelectorRequirement}: the operator's values, then the key and, strictly, the values. */
    private static List<Violation> requirement(LabelSelector.Requirement requirement, String path) {
        String operator = requirement.operator() == null ? "" : requirement.operator();
        List<Violation> out = new ArrayList<>(operator(operator, requirement.values(), path));
        out.addAll(keyAndValues(requirement.key() == null ? "" : requirement.key(), requirement.values(), true, path));
        return out;
    }

    /**
     * The operator check of {@code ValidateLabelSelectorRequirement}, which {@code ValidateNodeSelectorRequirement} shares
     * word for word for these four operators: values for In and NotIn, none for Exists and DoesNotExist, no other operator.
     */
    static List<Violation> operator(String operator, List<String> values, String path) {
        if (operator.equals("In") || operator.equals("NotIn")) {
            return values.isEmpty()
                    ? List.of(Errors.required(path + ".values", "must be specified when `operator` is 'In' or 'NotIn'"))
                    : List.of();
        }
        if (operator.equals("Exists") || operator.equals("DoesNotExist")) {
            return values.isEmpty()
                    ? List.of()
                    : List.of(Errors.forbidden(path + ".values", "may not be specified when `operator` is 'Exists' or 'DoesNotExist'"));
        }
        return List.of(Errors.invalid(path + ".operator", operator, "not a valid selector operator"));
    }

    /**
     * The key a label name ({@code ValidateLabelName}) and, when {@code strictValues} (not {@code AllowInvalidLabelValueInSelector}),
     * each value a label value: the rest of both requirement checks.
     */
    static List<Violation> keyAndValues(String key, List<String> values, boolean strictValues, String path) {
        List<Violation> out = new ArrayList<>();
        out.addAll(Errors.invalidEach(path + ".key", key, Names.qualifiedName(key)));
        for (int i = 0; strictValues && i < values.size(); i++) {
            String value = values.get(i);
            String at = path + ".values[" + i + "]";
            out.addAll(Errors.invalidEach(at, value, Names.labelValue(value)));
        }
        return out;
    }
}
