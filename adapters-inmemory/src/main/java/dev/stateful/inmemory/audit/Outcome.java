package dev.stateful.inmemory.audit;

/** How a write ended, as far as the store and the caller are concerned. */
public enum Outcome {
    /** Stored (or a no-op identical to what was stored) and reported as success. */
    APPLIED,
    /** Refused by the API server's own rules (Conflict, NotFound, AlreadyExists, Invalid). */
    REJECTED,
    /** Failed by an injected fault before reaching the store. */
    INJECTED_FAILURE,
    /** Stored, but an injected fault made the caller see an error. */
    APPLIED_BUT_FAILED;

    /** Whether the store changed (or would have, for a no-op). */
    public boolean tookEffect() {
        return this == APPLIED || this == APPLIED_BUT_FAILED;
    }
}
