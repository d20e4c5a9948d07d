package dev.stateful.ports;

import dev.stateful.domain.model.PersistentVolumeClaim;

/** Writes PersistentVolumeClaims (the claim half of upstream's object manager). */
public interface ClaimControl {

    /** Creates the claim. Throws AlreadyExists if it exists. */
    PersistentVolumeClaim create(PersistentVolumeClaim claim);

    /** Replaces the claim's metadata (owner references); resourceVersion is the precondition. */
    PersistentVolumeClaim update(PersistentVolumeClaim claim);
}
