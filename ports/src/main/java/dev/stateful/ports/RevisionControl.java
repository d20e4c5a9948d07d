package dev.stateful.ports;

import dev.stateful.domain.model.ControllerRevision;
import dev.stateful.domain.model.OwnerReference;
import java.util.Optional;

/** ControllerRevision history (upstream {@code history.Interface}). */
public interface RevisionControl {

    /**
     * Creates the revision. Throws AlreadyExists on a name clash (a hash collision or a stale cache).
     * Returns it as stored, uid and resourceVersion assigned ({@linkplain dev.stateful.ports the package}).
     */
    ControllerRevision create(ControllerRevision revision);

    /** Uncached read, used to tell a hash collision from our own earlier write. */
    Optional<ControllerRevision> get(String namespace, String name);

    /** Changes the revision number (rollback renumbering); data is immutable. */
    ControllerRevision update(ControllerRevision revision);

    void delete(String namespace, String name);

    /** Adds {@code ref} as controller owner reference of an orphaned revision. */
    ControllerRevision adopt(ControllerRevision revision, OwnerReference ref);
}
