package dev.stateful.domain.validation;

import dev.stateful.domain.json.Json;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code validateNodeAffinity}: the required node selector ({@code ValidateNodeSelector}, at least one term) with
 * strict label values ({@code AllowInvalidLabelValueInRequiredNodeAffinity} holds only for an old spec that had an
 * invalid one), and the preferred terms ({@code ValidatePreferredSchedulingTerms}: a weight in 1-100, any label value).
 * A term's expressions are label requirements that may also be Gt or Lt ({@code ValidateNodeSelectorRequirement}), its
 * fields requirements on the node's name ({@code ValidateNodeFieldSelectorRequirement}).
 */
final class NodeAffinityRules {

    static final String NO_TERMS = "must have at least one node selector term";
    static final String ONE_COMPARED_VALUE = "must be specified single value when `operator` is 'Lt' or 'Gt'";
    static final String ONE_FIELD_VALUE = "must be only one value when `operator` is 'In' or 'NotIn' for node field selector";
    static final String FIELD_KEY = "not a valid field selector key";
    static final String WEIGHT = "must be in the range 1-100";
    /** {@code nodeFieldSelectorValidators}: the one field a node field selector may name. */
    static final String NODE_NAME_FIELD = "metadata.name";

    private NodeAffinityRules() {
    }

    /** {@code validateNodeAffinity} of the affinity's nodeAffinity at {@code path}. */
    static List<Violation> nodeAffinity(Json.Obj nodeAffinity, String path) {
        List<Violation> out = new ArrayList<>();
        if (nodeAffinity.has("requiredDuringSchedulingIgnoredDuringExecution")) {
            String at = path + ".requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms";
            List<Json> terms = nodeAffinity.objectOrEmpty("requiredDuringSchedulingIgnoredDuringExecution").array("nodeSelectorTerms");
            if (terms.isEmpty()) {
                out.add(Errors.required(at, NO_TERMS));
            }
            for (int i = 0; i < terms.size(); i++) {
                out.addAll(term(terms.get(i).asObject().orElse(Json.EMPTY_OBJECT), true, at + "[" + i + "]"));
            }
        }
        List<Json> preferred = nodeAffinity.array("preferredDuringSchedulingIgnoredDuringExecution");
        for (int i = 0; i < preferred.size(); i++) {
            String at = path + ".preferredDuringSchedulingIgnoredDuringExecution[" + i + "]";
            Json.Obj term = preferred.get(i).asObject().orElse(Json.EMPTY_OBJECT);
            out.addAll(weight(term, at));
            // upstream always allows invalid label values here: a preference may still match on a one-node cluster
            out.addAll(term(term.objectOrEmpty("preference"), false, at + ".preference"));
        }
        return out;
    }

    /** The weight of a preferred node or pod affinity term, in 1-100 (absent: 0). */
    static List<Violation> weight(Json.Obj term, String path) {
        long weight = term.integer("weight").orElse(0L);
        return weight <= 0 || weight > 100 ? List.of(Errors.invalid(path + ".weight", weight, WEIGHT)) : List.of();
    }

    /** {@code ValidateNodeSelectorTerm}: the expressions, then the fields. */
    private static List<Violation> term(Json.Obj term, boolean strictValues, String path) {
        List<Violation> out = new ArrayList<>();
        List<Json> expressions = term.array("matchExpressions");
        for (int i = 0; i < expressions.size(); i++) {
            out.addAll(expression(expressions.get(i).asObject().orElse(Json.EMPTY_OBJECT), strictValues, path + ".matchExpressions[" + i + "]"));
        }
        List<Json> fields = term.array("matchFields");
        for (int i = 0; i < fields.size(); i++) {
            out.addAll(field(fields.get(i).asObject().orElse(Json.EMPTY_OBJECT), path + ".matchFields[" + i + "]"));
        }
        return out;
    }

    /** {@code ValidateNodeSelectorRequirement}: a label selector requirement that may also compare one value (Gt, Lt). */
    private static List<Violation> expression(Json.Obj requirement, boolean strictValues, String path) {
        String operator = requirement.string("operator").orElse("");
        List<String> values = requirement.strings("values");
        List<Violation> out = new ArrayList<>();
        if (operator.equals("Gt") || operator.equals("Lt")) {
            if (values.size() != 1) {
                out.add(Errors.required(path + ".values", ONE_COMPARED_VALUE));
            }
        } else {
            out.addAll(SelectorRules.operator(operator, values, path));
        }
        out.addAll(SelectorRules.keyAndValues(requirement.string("key").orElse(""), values, strictValues, path));
        return out;
    }

    /** {@code ValidateNodeFieldSelectorRequirement}: In or NotIn one value, of the node's name, a DNS-1123 subdomain. */
    private static List<Violation> field(Json.Obj requirement, String path) {
        String operator = requirement.string("operator").orElse("");
        String key = requirement.string("key").orElse("");
        List<String> values = requirement.strings("values");
        List<Violation> out = new ArrayList<>();
        if (!operator.equals("In") && !operator.equals("NotIn")) {
            out.add(Errors.invalid(path + ".operator", operator, "not a valid selector operator"));
        } else if (values.size() != 1) {
            out.add(Errors.required(path + ".values", ONE_FIELD_VALUE));
        }
        if (!key.equals(NODE_NAME_FIELD)) {
            out.add(Errors.invalid(path + ".key", key, FIELD_KEY));
            return out;
        }
        for (int i = 0; i < values.size(); i++) {
            String value = values.get(i);
            String at = path + ".values[" + i + "]";
            out.addAll(Errors.invalidEach(at, value, Names.dns1123Subdomain(value)));
        }
        return out;
    }
}
