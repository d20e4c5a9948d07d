package dev.stateful.inmemory.store;

import dev.stateful.domain.model.ObjectKey;

/**
 * One committed mutation of the store. {@code before} is null for a creation, {@code after} is
 * null for a removal. {@code resourceVersion} orders all changes of all kinds.
 */
public record Change<T>(long resourceVersion, Kind kind, ObjectKey key, T before, T after) {

    public boolean isAdded() {
        return before == null;
    }

    public boolean isRemoved() {
        return after == null;
    }
}
