package dev.stateful.ports;

import dev.stateful.domain.json.Json;
import dev.stateful.domain.model.PersistentVolumeClaim;
import java.util.Optional;

/** Writes PersistentVolumeClaims (the claim half of upstream's object manager). */
public interface ClaimControl {

    /** Creates the claim. Throws AlreadyExists if it exists. Returns it as stored, uid and resourceVersion assigned ({@linkplain dev.stateful.ports the package}). */
    PersistentVolumeClaim create(PersistentVolumeClaim claim);

    /**
     * Replaces the claim with {@code claim}; its resourceVersion is the precondition (Conflict when
     * stale). The reconciler changes the owner references (the retention policy) and, through the
     * default {@link #resize}, {@code spec.resources.requests.storage}: an implementation that writes
     * only the metadata must override {@code resize}, or a resize is lost without an error and tried
     * again at every sync.
     */
    PersistentVolumeClaim update(PersistentVolumeClaim claim);

    /**
     * Sets the claim's {@code spec.resources.requests.storage} to {@code storage} and nothing else
     * (our kind's storage resize), on the live claim: a cached copy may be slim or behind. This
     * default reads the claim past the cache and updates it with its resourceVersion as the
     * precondition (a Conflict leaves the resize to the next sync); adapters with a patch verb
     * override it.
     */
    default PersistentVolumeClaim resize(String namespace, String name, String storage) {
        PersistentVolumeClaim live = read(namespace, name)
                .orElseThrow(() -> new ApiException.NotFound("persistentvolumeclaim " + namespace + "/" + name + " not found"));
        Json.Obj spec = live.spec().update("resources", r -> r.update("requests", q -> q.with("storage", storage)));
        return update(new PersistentVolumeClaim(live.metadata(), spec, live.phase(), live.capacity()));
    }

    /**
     * Reads the claim from the API server, bypassing any cache: the reconciler's last look at a
     * pod's claims before it starts the pod on them (a claim cache can lag behind the claim's
     * owner references, and the garbage collector follows those).
     */
    Optional<PersistentVolumeClaim> read(String namespace, String name);
}
