package dev.stateful.domain.revision;

import dev.stateful.domain.model.ControllerRevision;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/** What the API server's revision list becomes once a {@link RevisionWrite} is performed. */
final class StoredRevisions {

    private StoredRevisions() {
    }

    static List<ControllerRevision> afterWrite(List<ControllerRevision> revisions, RevisionWrite write, Instant now) {
        List<ControllerRevision> out = new ArrayList<>(revisions);
        if (write instanceof RevisionWrite.Create create) {
            ControllerRevision created = create.revision();
            if (out.stream().anyMatch(r -> r.name().equals(created.name()))) {
                throw new AssertionError("AlreadyExists: " + created.name());
            }
            out.add(created.withMetadata(created.metadata().withCreationTimestamp(now)));
        } else if (write instanceof RevisionWrite.Renumber renumber) {
            int at = indexOf(out, renumber.existing().name());
            out.set(at, renumber.renumbered());
        }
        return out;
    }

    private static int indexOf(List<ControllerRevision> revisions, String name) {
        for (int i = 0; i < revisions.size(); i++) {
            if (revisions.get(i).name().equals(name)) {
                return i;
            }
        }
        throw new AssertionError("NotFound: " + name);
    }
}
