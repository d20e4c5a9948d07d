package dev.stateful.codec;

import dev.stateful.domain.model.LabelSelector;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A label selector as the text {@code metav1.FormatLabelSelector} gives (upstream's
 * {@code LabelSelectorAsSelector(...).String()}): requirements sorted by key, {@code key=value},
 * {@code key in (a,b)}, {@code key notin (a,b)}, {@code key}, {@code !key}, joined by commas. It is
 * what {@code status.labelSelector} holds for the scale subresource (a HorizontalPodAutoscaler
 * lists pods with it).
 */
public final class SelectorText {

    private SelectorText() {
    }

    public static String of(LabelSelector selector) {
        record Term(String key, String text) {
        }
        List<Term> terms = new ArrayList<>();
        for (Map.Entry<String, String> e : selector.matchLabels().entrySet()) {
            terms.add(new Term(e.getKey(), e.getKey() + "=" + e.getValue()));
        }
        for (LabelSelector.Requirement r : selector.matchExpressions()) {
            List<String> values = r.values().stream().sorted().toList();
            String text = switch (r.operator()) {
                case "In" -> r.key() + " in (" + String.join(",", values) + ")";
                case "NotIn" -> r.key() + " notin (" + String.join(",", values) + ")";
                case "Exists" -> r.key();
                case "DoesNotExist" -> "!" + r.key();
                default -> r.key() + " " + r.operator() + " (" + String.join(",", values) + ")";
            };
            terms.add(new Term(r.key(), text));
        }
        // a stable sort by key, as labels.ByKey sorts them
        terms.sort((a, b) -> a.key().compareTo(b.key()));
        return String.join(",", terms.stream().map(Term::text).toList());
    }
}
