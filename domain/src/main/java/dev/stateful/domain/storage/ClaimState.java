package dev.stateful.domain.storage;

import dev.stateful.domain.model.PersistentVolumeClaim;
import java.util.Optional;

/**
 * What one claim of a pod needs (the lister lookups of upstream {@code createPersistentVolumeClaims}). Lookup errors do not exist in
 * the pure domain: the store either has the claim or not.
 */
public sealed interface ClaimState permits ClaimState.Missing, ClaimState.Terminating, ClaimState.Present {

    String templateName();

    String claimName();

    /** The one decision: absent → create it; being deleted → wait; otherwise → use it as is. */
    static ClaimState of(String templateName, PersistentVolumeClaim desired, Optional<PersistentVolumeClaim> existing) {
        if (existing.isEmpty()) {
            return new Missing(templateName, desired);
        }
        PersistentVolumeClaim claim = existing.get();
        // A live claim is never updated (no resize or access-mode change; upstream TODO).
        return claim.isTerminating() ? new Terminating(templateName, claim) : new Present(templateName, claim);
    }

    /** Not in the store: create {@code toCreate} before the pod. */
    record Missing(String templateName, PersistentVolumeClaim toCreate) implements ClaimState {
        @Override
        public String claimName() {
            return toCreate.name();
        }
    }

    /**
     * Being deleted: the pod must not be created (it would bind to a claim about to vanish, #83282);
     * retry until the garbage collector removes it, then a fresh claim is created.
     */
    record Terminating(String templateName, PersistentVolumeClaim existing) implements ClaimState {
        @Override
        public String claimName() {
            return existing.name();
        }

        /** The error text upstream returns (and puts into the pod's {@code FailedCreate} event). */
        public String message() {
            return beingDeletedMessage(claimName());
        }
    }

    /** Exists and is live: nothing to do. */
    record Present(String templateName, PersistentVolumeClaim existing) implements ClaimState {
        @Override
        public String claimName() {
            return existing.name();
        }
    }

    static String beingDeletedMessage(String claimName) {
        return "pvc " + claimName + " is being deleted";
    }
}
