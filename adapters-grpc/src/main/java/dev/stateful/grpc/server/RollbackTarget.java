package dev.stateful.grpc.server;

import dev.stateful.domain.model.ControllerRevision;
import dev.stateful.domain.validation.Violation;
import dev.stateful.grpc.status.Failures;
import java.util.List;

/** kubectl's choice of the revision to roll back to. */
final class RollbackTarget {

    private RollbackTarget() {
    }

    /**
     * @param history the set's revisions, oldest first
     * @param toRevision a revision number, or 0 for the one before the newest
     */
    static ControllerRevision find(List<ControllerRevision> history, long toRevision) {
        if (toRevision < 0) {
            throw Failures.invalid("to_revision must not be negative", List.of(new Violation(
                    "to_revision", Violation.Type.INVALID, "must be 0 (the previous revision) or a revision number")));
        }
        if (toRevision == 0) {
            if (history.size() < 2) {
                throw Failures.failedPrecondition("no last revision to roll back to");
            }
            return history.get(history.size() - 2);
        }
        return history.stream().filter(r -> r.revision() == toRevision).findFirst()
                .orElseThrow(() -> Failures.notFound("unable to find specified revision " + toRevision + " in history"));
    }
}
