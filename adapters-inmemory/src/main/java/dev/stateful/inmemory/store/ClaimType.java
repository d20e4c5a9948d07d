package dev.stateful.inmemory.store;

import dev.stateful.domain.model.ObjectMeta;
import dev.stateful.domain.model.PersistentVolumeClaim;
import dev.stateful.domain.validation.Violation;
import java.util.List;

/** v1 PersistentVolumeClaim: created Pending, spec immutable except the resource requests (expansion). */
public final class ClaimType implements ObjectType<PersistentVolumeClaim> {

    public static final String PENDING = "Pending";

    @Override
    public Kind kind() {
        return Kind.CLAIMS;
    }

    @Override
    public ObjectMeta meta(PersistentVolumeClaim object) {
        return object.metadata();
    }

    @Override
    public PersistentVolumeClaim withMeta(PersistentVolumeClaim object, ObjectMeta meta) {
        return object.withMetadata(meta);
    }

    @Override
    public PersistentVolumeClaim prepareForCreate(PersistentVolumeClaim incoming) {
        return new PersistentVolumeClaim(incoming.metadata(), incoming.spec(), PENDING);
    }

    @Override
    public PersistentVolumeClaim prepareForUpdate(PersistentVolumeClaim incoming, PersistentVolumeClaim stored) {
        if (!incoming.spec().without("resources").equals(stored.spec().without("resources"))) {
            throw ApiErrors.invalid(kind(), stored.name(), List.of(new Violation("spec", Violation.Type.FORBIDDEN,
                    "spec is immutable after creation except resources.requests and volumeAttributesClassName for bound claims")));
        }
        return new PersistentVolumeClaim(incoming.metadata(), incoming.spec(), stored.phase(), stored.capacity());
    }

    @Override
    public PersistentVolumeClaim prepareForStatusUpdate(PersistentVolumeClaim incoming, PersistentVolumeClaim stored) {
        return new PersistentVolumeClaim(stored.metadata(), stored.spec(), incoming.phase(), incoming.capacity());
    }
}
