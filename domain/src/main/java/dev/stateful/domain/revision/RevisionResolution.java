package dev.stateful.domain.revision;

import dev.stateful.domain.model.ControllerRevision;

/**
 * Outcome of {@link RevisionResolver#resolve}: the revisions pods are built from and counted against,
 * the collision count to report in status, and the write that makes {@code update} exist.
 *
 * @param current the revision named by {@code status.currentRevision} (as listed), else {@code update}
 * @param update the revision of the set's template, as it is once {@code write} succeeded
 * @param collisionCount {@code status.collisionCount} after collision handling; never decreases
 * @param write the one write needed, or {@link RevisionWrite#NONE}
 */
public record RevisionResolution(ControllerRevision current, ControllerRevision update, int collisionCount, RevisionWrite write) {
}
