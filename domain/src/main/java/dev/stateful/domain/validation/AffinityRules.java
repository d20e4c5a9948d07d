package dev.stateful.domain.validation;

import dev.stateful.domain.json.Json;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code validateAffinity} of the pod spec: the node affinity ({@link NodeAffinityRules}), then the pod affinity and
 * anti-affinity, each with its required terms ({@code validatePodAffinityTerms}) and its weighted preferred ones
 * ({@code validateWeightedPodAffinityTerms}: a weight in 1-100, then the term). Selectors have strict label values:
 * {@code AllowInvalidLabelValueInSelector} holds only for an old spec that had an invalid one, never on create. On an
 * update upstream takes such options from the old template (so an invalid value an older release stored may stay); ours
 * skips the new template once the old one fails ({@code SkipValidatePodTemplateSpec}), which refuses no more than upstream.
 */
final class AffinityRules {

    static final String EMPTY_TOPOLOGY_KEY = "can not be empty";

    private static final List<String> POD_AFFINITIES = List.of("podAffinity", "podAntiAffinity");

    private AffinityRules() {
    }

    /** {@code validateAffinity} of the spec at {@code path} ("...spec"). */
    static List<Violation> affinity(Json.Obj spec, String path) {
        Json.Obj affinity = spec.objectOrEmpty("affinity");
        String at = path + ".affinity";
        List<Violation> out = new ArrayList<>();
        if (affinity.has("nodeAffinity")) {
            out.addAll(NodeAffinityRules.nodeAffinity(affinity.objectOrEmpty("nodeAffinity"), at + ".nodeAffinity"));
        }
        for (String kind : POD_AFFINITIES) {
            Json.Obj podAffinity = affinity.objectOrEmpty(kind);
            String required = at + "." + kind + ".requiredDuringSchedulingIgnoredDuringExecution";
            List<Json> terms = podAffinity.array("requiredDuringSchedulingIgnoredDuringExecution");
            for (int i = 0; i < terms.size(); i++) {
                out.addAll(term(terms.get(i).asObject().orElse(Json.EMPTY_OBJECT), required + "[" + i + "]"));
            }
            String preferred = at + "." + kind + ".preferredDuringSchedulingIgnoredDuringExecution";
            List<Json> weighted = podAffinity.array("preferredDuringSchedulingIgnoredDuringExecution");
            for (int i = 0; i < weighted.size(); i++) {
                Json.Obj term = weighted.get(i).asObject().orElse(Json.EMPTY_OBJECT);
                out.addAll(NodeAffinityRules.weight(term, preferred + "[" + i + "]"));
                out.addAll(term(term.objectOrEmpty("podAffinityTerm"), preferred + "[" + i + "].podAffinityTerm"));
            }
        }
        return out;
    }

    /**
     * {@code validatePodAffinityTerm}: the label and namespace selectors ({@code ValidatePodAffinityTermSelector}), the
     * namespaces (DNS-1123 labels, reported at {@code namespace}, singular, as upstream names it), the match and mismatch
     * label keys ({@link LabelKeysRules}), a topology key that is given and a label name.
     */
    private static List<Violation> term(Json.Obj term, String path) {
        List<Violation> out = new ArrayList<>();
        term.object("labelSelector").ifPresent(selector -> out.addAll(SelectorRules.selector(selector, path + ".labelSelector")));
        term.object("namespaceSelector").ifPresent(selector -> out.addAll(SelectorRules.selector(selector, path + ".namespaceSelector")));
        for (String namespace : term.strings("namespaces")) {
            out.addAll(Errors.invalidEach(path + ".namespace", namespace, Names.dns1123Label(namespace)));
        }
        out.addAll(LabelKeysRules.labelKeys(term.strings("matchLabelKeys"), term.strings("mismatchLabelKeys"), term.object("labelSelector"), path));
        String topologyKey = term.string("topologyKey").orElse("");
        if (topologyKey.isEmpty()) {
            out.add(Errors.required(path + ".topologyKey", EMPTY_TOPOLOGY_KEY));
        }
        out.addAll(Errors.invalidEach(path + ".topologyKey", topologyKey, Names.qualifiedName(topologyKey)));
        return out;
    }
}
