package dev.stateful.domain.model;

/** spec.ordinals: the first ordinal of the set (KEP-3335). */
public record Ordinals(int start) {
}
