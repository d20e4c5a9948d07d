package dev.stateful.inmemory.store;

import dev.stateful.domain.model.ControllerRevision;
import dev.stateful.domain.model.ObjectMeta;
import dev.stateful.domain.validation.Violation;
import java.util.List;

/** apps/v1 ControllerRevision: {@code data} is immutable, {@code revision} may change; no status. */
public final class RevisionType implements ObjectType<ControllerRevision> {

    @Override
    public Kind kind() {
        return Kind.REVISIONS;
    }

    @Override
    public ObjectMeta meta(ControllerRevision object) {
        return object.metadata();
    }

    @Override
    public ControllerRevision withMeta(ControllerRevision object, ObjectMeta meta) {
        return object.withMetadata(meta);
    }

    @Override
    public ControllerRevision prepareForUpdate(ControllerRevision incoming, ControllerRevision stored) {
        if (!incoming.data().equals(stored.data())) {
            throw ApiErrors.invalid(kind(), stored.name(), List.of(new Violation("data", Violation.Type.INVALID, "field is immutable")));
        }
        return incoming;
    }
}
