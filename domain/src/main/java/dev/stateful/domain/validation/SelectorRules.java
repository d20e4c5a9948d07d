package dev.stateful.domain.validation;

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

    private static List<Violation> requirement(LabelSelector.Requirement requirement, String path) {
        List<Violation> out = new ArrayList<>();
        String operator = requirement.operator() == null ? "" : requirement.operator();
        List<String> values = requirement.values();
        if (operator.equals("In") || operator.equals("NotIn")) {
            if (values.isEmpty()) {
                out.add(Errors.required(path + ".values", "must be specified when `operator` is 'In' or 'NotIn'"));
            }
        } else if (operator.equals("Exists") || operator.equals("DoesNotExist")) {
            if (!values.isEmpty()) {
                out.add(Errors.forbidden(path + ".values", "may not be specified when `operator` is 'Exists' or 'DoesNotExist'"));
            }
        } else {
            out.add(Errors.invalid(path + ".operator", operator, "not a valid selector operator"));
        }
        String key = requirement.key() == null ? "" : requirement.key();
        Names.qualifiedName(key).forEach(msg -> out.add(Errors.invalid(path + ".key", key, msg)));
        for (int i = 0; i < values.size(); i++) {
            String value = values.get(i);
            int index = i;
            Names.labelValue(value).forEach(msg -> out.add(Errors.invalid(path + ".values[" + index + "]", value, msg)));
        }
        return out;
    }
}
