package dev.stateful.inmemory.ports;

import dev.stateful.domain.model.ObjectKey;
import dev.stateful.domain.model.PersistentVolumeClaim;
import dev.stateful.inmemory.client.ResourceClient;
import dev.stateful.ports.ClaimControl;
import java.util.Optional;

/** {@link ClaimControl} on the in-memory API. */
public final class InMemoryClaimControl implements ClaimControl {

    private final ResourceClient<PersistentVolumeClaim> claims;

    public InMemoryClaimControl(ResourceClient<PersistentVolumeClaim> claims) {
        this.claims = claims;
    }

    @Override
    public PersistentVolumeClaim create(PersistentVolumeClaim claim) {
        return claims.create(claim);
    }

    @Override
    public PersistentVolumeClaim update(PersistentVolumeClaim claim) {
        return claims.update(claim);
    }

    @Override
    public Optional<PersistentVolumeClaim> read(String namespace, String name) {
        return claims.get(new ObjectKey(namespace, name));
    }
}
