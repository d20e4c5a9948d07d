package dev.stateful.codec;

import dev.stateful.domain.model.LabelSelector;
import dev.stateful.domain.validation.SelectorRules;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A label selector as the text {@code metav1.FormatLabelSelector} gives (upstream's
 * {@code LabelSelectorAsSelector(...).String()}): requirements sorted by key, {@code key=value},
 * {@code key in (a,b)}, {@code key notin (a,b)}, {@code key}, {@code !key}, joined by commas. It is
 * what {@code status.labelSelector} holds for the scale subresource (a HorizontalPodAutoscaler
 * lists pods with it). As {@code FormatLabelSelector}, a selector that does not convert is
 * {@value #ERROR} and an empty one {@value #NONE}: neither parses as a selector, so a reader such as
 * the autoscaler fails instead of selecting more pods than the set's (an {@code Exists} with values
 * written as its key alone would match every pod carrying that key, an empty text every pod).
 */
public final class SelectorText {

    private SelectorText() {
    }

    public static final String ERROR = "<error>";
    public static final String NONE = "<none>";

    public static String of(LabelSelector selector) {
        if (!SelectorRules.converts(selector)) {
            return ERROR;
        }
        record Term(String key, String text) {
        }
        List<Term> terms = new ArrayList<>();
        for (Map.Entry<String, String> e : selector.matchLabels().entrySet()) {
            terms.add(new Term(e.getKey(), e.getKey() + "=" + e.getValue()));
        }
        for (LabelSelector.Requirement r : selector.matchExpressions()) {
            // NewRequirement keeps the values as a set: sorted, each once
            List<String> values = r.values().stream().distinct().sorted().toList();
            String text = switch (r.operator()) {
                case "In" -> r.key() + " in (" + String.join(",", values) + ")";
                case "NotIn" -> r.key() + " notin (" + String.join(",", values) + ")";
                case "Exists" -> r.key();
                case "DoesNotExist" -> "!" + r.key();
                // refused by converts above
                default -> throw new IllegalStateException("not a selector operator: " + r.operator());
            };
            terms.add(new Term(r.key(), text));
        }
        // a stable sort by key, as labels.ByKey sorts them
        terms.sort((a, b) -> a.key().compareTo(b.key()));
        String text = String.join(",", terms.stream().map(Term::text).toList());
        return text.isEmpty() ? NONE : text;
    }
}
