package dev.stateful.inmemory.manifest;

import java.util.Comparator;
import java.util.List;

/** A manifest document that was not applied, with every reason in text order. */
public record ManifestProblem(int document, String kind, String name, List<Finding> findings) {

    public ManifestProblem {
        findings = findings.stream()
                .sorted(Comparator.comparingInt((Finding f) -> f.location().line()).thenComparingInt(f -> f.location().column()))
                .toList();
    }

    @Override
    public String toString() {
        StringBuilder out = new StringBuilder("document ").append(document).append(" (")
                .append(kind.isEmpty() ? "unknown kind" : kind)
                .append(name.isEmpty() ? "" : " \"" + name + "\"").append("):");
        findings.forEach(f -> out.append("\n  ").append(f));
        return out.toString();
    }
}
