package dev.stateful.domain.revision;

import dev.stateful.domain.model.ControllerRevision;

/** The single revision write a sync needs (create, or renumber on rollback, as {@code getStatefulSetRevisions}). */
public sealed interface RevisionWrite permits RevisionWrite.None, RevisionWrite.Create, RevisionWrite.Renumber {

    RevisionWrite NONE = new None();

    /** The update revision already exists as the newest revision (or as a same-data name collision). */
    record None() implements RevisionWrite {
    }

    /** Create this revision; its name already accounts for the collisions seen in the snapshot. */
    record Create(ControllerRevision revision) implements RevisionWrite {
    }

    /**
     * Rollback: give an older equal revision the next revision number ({@code UpdateControllerRevision});
     * its name, hash and data stay.
     */
    record Renumber(ControllerRevision existing, long newRevision) implements RevisionWrite {

        /** The revision as it is after the write. */
        public ControllerRevision renumbered() {
            return existing.withRevision(newRevision);
        }
    }
}
