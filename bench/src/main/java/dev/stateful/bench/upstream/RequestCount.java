package dev.stateful.bench.upstream;

import dev.stateful.testsupport.controlplane.AuditLog;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * A controller's API requests by verb and resource. {@link #compared()} leaves out list and watch:
 * kube-controller-manager's informers list and watch as the manager's own user, shared by all its
 * controllers (so the audit log cannot charge them to the StatefulSet controller), while ours do so
 * as our controller's user; those are reported apart ({@link #informerText()}).
 */
record RequestCount(Map<String, Long> byVerbAndResource) {

    private static final Set<String> INFORMER_VERBS = Set.of("list", "watch");

    static RequestCount of(List<AuditLog.Request> requests) {
        Map<String, Long> counts = requests.stream().collect(Collectors.groupingBy(r -> r.verb() + " " + r.target(),
                TreeMap::new, Collectors.counting()));
        return new RequestCount(counts);
    }

    long compared() {
        return byVerbAndResource.entrySet().stream().filter(e -> !informer(e.getKey())).mapToLong(Map.Entry::getValue).sum();
    }

    long informer() {
        return byVerbAndResource.entrySet().stream().filter(e -> informer(e.getKey())).mapToLong(Map.Entry::getValue).sum();
    }

    /** "1,013: create pods 500, create persistentvolumeclaims 500, ...", most frequent first. */
    String text() {
        Map<String, Long> compared = new LinkedHashMap<>();
        byVerbAndResource.entrySet().stream().filter(e -> !informer(e.getKey()))
                .sorted(Map.Entry.<String, Long>comparingByValue(Comparator.reverseOrder()).thenComparing(Map.Entry.comparingByKey()))
                .forEach(e -> compared.put(e.getKey(), e.getValue()));
        return String.format(Locale.ROOT, "%,d (%s)", compared(), compared.entrySet().stream()
                .map(e -> e.getKey() + " " + e.getValue()).collect(Collectors.joining(", ")));
    }

    /** The list and watch requests, e.g. "list pods 1, watch pods 2", or "none". */
    String informerText() {
        String text = byVerbAndResource.entrySet().stream().filter(e -> informer(e.getKey()))
                .map(e -> e.getKey() + " " + e.getValue()).collect(Collectors.joining(", "));
        return text.isEmpty() ? "none" : text;
    }

    private static boolean informer(String key) {
        return INFORMER_VERBS.contains(key.substring(0, key.indexOf(' ')));
    }
}
