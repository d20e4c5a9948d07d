package dev.stateful.inmemory.ports;

import dev.stateful.domain.model.ControllerRevision;
import dev.stateful.domain.model.ObjectKey;
import dev.stateful.domain.model.OwnerReference;
import dev.stateful.inmemory.client.ResourceClient;
import dev.stateful.inmemory.store.DeleteOptions;
import dev.stateful.ports.ApiException;
import dev.stateful.ports.RevisionControl;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** {@link RevisionControl} on the in-memory API. */
public final class InMemoryRevisionControl implements RevisionControl {

    private final ResourceClient<ControllerRevision> revisions;

    public InMemoryRevisionControl(ResourceClient<ControllerRevision> revisions) {
        this.revisions = revisions;
    }

    @Override
    public ControllerRevision create(ControllerRevision revision) {
        return revisions.create(revision);
    }

    @Override
    public Optional<ControllerRevision> get(String namespace, String name) {
        return revisions.get(new ObjectKey(namespace, name));
    }

    @Override
    public ControllerRevision update(ControllerRevision revision) {
        return revisions.update(revision);
    }

    @Override
    public void delete(String namespace, String name) {
        revisions.delete(new ObjectKey(namespace, name), DeleteOptions.DEFAULT);
    }

    /** Refuses a revision that already has a controller (upstream history.AdoptControllerRevision). */
    @Override
    public ControllerRevision adopt(ControllerRevision revision, OwnerReference ref) {
        return revisions.patch(ObjectKey.of(revision.metadata()), revision.metadata().uid(), stored -> {
            Optional<OwnerReference> owner = stored.metadata().controllerRef();
            if (owner.isPresent()) {
                throw new ApiException.Invalid("attempt to adopt revision owned by " + owner.get());
            }
            List<OwnerReference> refs = new ArrayList<>(stored.metadata().ownerReferences());
            refs.add(ref);
            return stored.withMetadata(stored.metadata().withOwnerReferences(refs));
        });
    }
}
