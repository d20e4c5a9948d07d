package dev.stateful.domain.validation;

import dev.stateful.domain.json.Json;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * {@code ValidateMatchLabelKeysAndMismatchLabelKeys}, which checks a pod affinity term's matchLabelKeys and
 * mismatchLabelKeys and, with the 1.36 default of {@code MatchLabelKeysInPodTopologySpreadSelectorMerge}, a spread
 * constraint's matchLabelKeys. Upstream reports a key also in the label selector at the term's own path indexed by the
 * key's position ({@code fldPath.Index(i)}, so {@code ...[0][1]}), which we keep.
 */
final class LabelKeysRules {

    static final String NO_SELECTOR = "must not be specified when labelSelector is not set";
    static final String IN_SELECTOR = "exists in both matchLabelKeys and labelSelector";
    static final String IN_MISMATCH = "exists in both matchLabelKeys and mismatchLabelKeys";

    private LabelKeysRules() {
    }

    /**
     * The keys of the object at {@code path} with its {@code labelSelector} (absent: empty). A set's template is not
     * merged with its keys as a pod is on create ({@code applyMatchLabelKeysAndMismatchLabelKeys}), so a key counts as in
     * the selector only where a match expression repeats a key of the selector's labels or earlier expressions.
     */
    static List<Violation> labelKeys(List<String> matchLabelKeys, List<String> mismatchLabelKeys, Optional<Json.Obj> selector, String path) {
        List<Violation> out = new ArrayList<>(names(matchLabelKeys, selector.isPresent(), path + ".matchLabelKeys"));
        out.addAll(names(mismatchLabelKeys, selector.isPresent(), path + ".mismatchLabelKeys"));
        if (selector.isPresent()) {
            Map<String, Integer> indexes = new HashMap<>();
            for (int i = 0; i < matchLabelKeys.size(); i++) {
                indexes.put(matchLabelKeys.get(i), i);
            }
            Set<String> selectorKeys = new HashSet<>(selector.get().stringMap("matchLabels").keySet());
            for (Json item : selector.get().array("matchExpressions")) {
                String key = item.asObject().orElse(Json.EMPTY_OBJECT).string("key").orElse("");
                if (indexes.containsKey(key) && selectorKeys.contains(key)) {
                    out.add(Errors.invalid(path + "[" + indexes.get(key) + "]", key, IN_SELECTOR));
                }
                selectorKeys.add(key);
            }
        }
        Set<String> mismatch = Set.copyOf(mismatchLabelKeys);
        for (int i = 0; i < matchLabelKeys.size(); i++) {
            if (mismatch.contains(matchLabelKeys.get(i))) {
                out.add(Errors.invalid(path + ".matchLabelKeys[" + i + "]", matchLabelKeys.get(i), IN_MISMATCH));
            }
        }
        return out;
    }

    /** {@code validateLabelKeys}: only beside a label selector, each a label name. */
    private static List<Violation> names(List<String> keys, boolean selector, String path) {
        if (keys.isEmpty()) {
            return List.of();
        }
        if (!selector) {
            return List.of(Errors.forbidden(path, NO_SELECTOR));
        }
        List<Violation> out = new ArrayList<>();
        for (int i = 0; i < keys.size(); i++) {
            String key = keys.get(i);
            String at = path + "[" + i + "]";
            out.addAll(Errors.invalidEach(at, key, Names.qualifiedName(key)));
        }
        return out;
    }
}
