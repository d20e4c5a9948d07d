package dev.stateful.domain.model;

import java.util.List;
import java.util.Map;

/** metav1.LabelSelector: matchLabels ANDed with set-based requirements. */
public record LabelSelector(Map<String, String> matchLabels, List<Requirement> matchExpressions) {

    public LabelSelector {
        matchLabels = matchLabels == null ? Map.of() : Map.copyOf(matchLabels);
        matchExpressions = matchExpressions == null ? List.of() : List.copyOf(matchExpressions);
    }

    public static LabelSelector of(Map<String, String> matchLabels) {
        return new LabelSelector(matchLabels, List.of());
    }

    public boolean isEmpty() {
        return matchLabels.isEmpty() && matchExpressions.isEmpty();
    }

    /**
     * Whether the labels satisfy the selector. An empty selector matches everything here; the
     * StatefulSet validation rejects empty selectors before they get this far.
     */
    public boolean matches(Map<String, String> labels) {
        for (Map.Entry<String, String> e : matchLabels.entrySet()) {
            if (!e.getValue().equals(labels.get(e.getKey()))) {
                return false;
            }
        }
        for (Requirement r : matchExpressions) {
            if (!r.matches(labels)) {
                return false;
            }
        }
        return true;
    }

    /** A set-based requirement: operator In, NotIn, Exists or DoesNotExist. */
    public record Requirement(String key, String operator, List<String> values) {
        public Requirement {
            values = values == null ? List.of() : List.copyOf(values);
        }

        public boolean matches(Map<String, String> labels) {
            String value = labels.get(key);
            return switch (operator) {
                case "In" -> value != null && values.contains(value);
                case "NotIn" -> value == null || !values.contains(value);
                case "Exists" -> labels.containsKey(key);
                case "DoesNotExist" -> !labels.containsKey(key);
                default -> false;
            };
        }
    }

    @Override
    public String toString() {
        StringBuilder out = new StringBuilder();
        new java.util.TreeMap<>(matchLabels).forEach((k, v) -> out.append(out.length() > 0 ? "," : "").append(k).append('=').append(v));
        for (Requirement r : matchExpressions) {
            out.append(out.length() > 0 ? "," : "");
            switch (r.operator()) {
                case "In" -> out.append(r.key()).append(" in (").append(String.join(",", r.values())).append(')');
                case "NotIn" -> out.append(r.key()).append(" notin (").append(String.join(",", r.values())).append(')');
                case "Exists" -> out.append(r.key());
                case "DoesNotExist" -> out.append('!').append(r.key());
                default -> out.append(r.key()).append(' ').append(r.operator());
            }
        }
        return out.toString();
    }
}
