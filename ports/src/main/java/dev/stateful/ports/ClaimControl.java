package dev.stateful.ports;

import dev.stateful.domain.model.PersistentVolumeClaim;
import java.util.Optional;

/** Writes PersistentVolumeClaims (the claim half of upstream's object manager). */
public interface ClaimControl {

    /** Creates the claim. Throws AlreadyExists if it exists. */
    PersistentVolumeClaim create(PersistentVolumeClaim claim);

    /** Replaces the claim's metadata (owner references); resourceVersion is the precondition. */
    PersistentVolumeClaim update(PersistentVolumeClaim claim);

    /**
     * Reads the claim from the API server, bypassing any cache: the reconciler's last look at a
     * pod's claims before it starts the pod on them (a claim cache can lag behind the claim's
     * owner references, and the garbage collector follows those).
     */
    Optional<PersistentVolumeClaim> read(String namespace, String name);
}
