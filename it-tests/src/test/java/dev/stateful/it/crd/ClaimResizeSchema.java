package dev.stateful.it.crd;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The CRD's part of our kind's storage resize (kubernetes#68737, KEP-4650): {@code volumeClaimTemplates}
 * may change, but a template's storage request may not become smaller than the stored one (a CEL
 * transition rule over the list: CEL's quantity library compares the requests); and
 * {@code status.volumeClaimTemplates}, per template how many replicas have a compatible claim.
 */
final class ClaimResizeSchema {

    /** For every stored template with a storage request, the same-named new one asks for at least as much. */
    static final String NO_SHRINK_RULE = "oldSelf.all(o, !has(o.metadata) || !has(o.metadata.name) || !has(o.spec)"
            + " || !has(o.spec.resources) || !has(o.spec.resources.requests) || !('storage' in o.spec.resources.requests)"
            + " || !isQuantity(string(o.spec.resources.requests['storage']))"
            + " || self.all(t, !has(t.metadata) || !has(t.metadata.name) || t.metadata.name != o.metadata.name"
            + " || (has(t.spec) && has(t.spec.resources) && has(t.spec.resources.requests) && 'storage' in t.spec.resources.requests"
            + " && isQuantity(string(t.spec.resources.requests['storage']))"
            + " && quantity(string(t.spec.resources.requests['storage'])).compareTo(quantity(string(o.spec.resources.requests['storage']))) >= 0)))";

    static final String NO_SHRINK_MESSAGE = "spec.volumeClaimTemplates: Forbidden: a storage request may not be smaller than before; "
            + "claims are never shrunk, only a larger request is allowed";

    private ClaimResizeSchema() {
    }

    /** At most this many claim templates: without a bound the API server refuses the rule as too costly (apps/v1 has none). */
    static final int MAX_TEMPLATES = 64;

    /**
     * The rule over the templates, with the bounds the API server's CEL cost estimate needs to accept it:
     * the number of templates, their names (a DNS subdomain's 253 characters), the resource names of a
     * request and the length of a quantity.
     */
    static void addTo(Map<String, Object> specProps) {
        Map<String, Object> templates = mutable(specProps, "volumeClaimTemplates");
        templates.put("maxItems", MAX_TEMPLATES);
        Map<String, Object> item = mutable(mutable(templates, "items"), "properties");
        mutable(mutable(mutable(item, "metadata"), "properties"), "name").put("maxLength", 253);
        Map<String, Object> requests = mutable(mutable(mutable(mutable(mutable(item, "spec"), "properties"), "resources"), "properties"),
                "requests");
        requests.put("maxProperties", 16);
        mutable(requests, "additionalProperties").put("maxLength", 64);
        templates.put("x-kubernetes-validations", List.of(CrdAdditions.ordered("rule", NO_SHRINK_RULE, "message", NO_SHRINK_MESSAGE)));
    }

    /** {@code parent}'s map under {@code key}, replaced by a modifiable copy (the generator's maps may be immutable). */
    @SuppressWarnings("unchecked")
    private static Map<String, Object> mutable(Map<String, Object> parent, String key) {
        Map<String, Object> copy = new LinkedHashMap<>((Map<String, Object>) parent.get(key));
        parent.put(key, copy);
        return copy;
    }

    static Map<String, Object> status() {
        Map<String, Object> compatible = CrdAdditions.ordered("format", "int32", "type", "integer",
                "description", "in-range replicas whose claim of this template shows at least its storage request");
        return CrdAdditions.ordered(
                "description", "Our kind only: per claim template, how many replicas have a compatible claim (KEP-4650).",
                "type", "array",
                "items", CrdAdditions.ordered("type", "object",
                        "required", List.of("templateName"),
                        "properties", CrdAdditions.ordered(
                                "templateName", CrdAdditions.ordered("type", "string"),
                                "compatibleReplicas", compatible)));
    }
}
