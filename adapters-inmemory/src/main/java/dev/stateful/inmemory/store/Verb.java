package dev.stateful.inmemory.store;

/** API verbs, the unit at which faults are injected and writes are audited. */
public enum Verb {
    GET,
    CREATE,
    UPDATE,
    /** A write through the {@code /status} subresource. */
    UPDATE_STATUS,
    /** Metadata patches: adoption and release of owned objects. */
    PATCH,
    DELETE;

    public boolean isWrite() {
        return this != GET;
    }
}
