package dev.stateful.domain.sync;

import dev.stateful.domain.model.ControllerRevision;
import dev.stateful.domain.model.ObjectKey;
import dev.stateful.domain.model.StatefulSetStatus;
import dev.stateful.domain.revision.RevisionResolution;
import dev.stateful.domain.status.PlannedStatus;
import dev.stateful.domain.validation.Violation;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The result of one reconcile pass computed from a {@link Snapshot}: the writes to make now, in
 * order, the status the set should show, and why the controller is waiting. Executing it is the
 * job of the reconciler behind the ports.
 *
 * @param violations non-empty when the set is invalid; nothing else is planned then
 * @param ownership adoptions and releases, done first
 * @param revisions current/update revision and the revision write (create or renumber), done next;
 *        null for an invalid set
 * @param phases pod and claim operations, in upstream's phase order
 * @param status the status computed over the observed pods, before any write (for an invalid set, the stored one)
 * @param statusToWrite the status to write after each way the execution can end ({@link #statusWhenExecuted()}
 *        when every write succeeds), so the executor decides nothing about it
 * @param revisionsToDelete history truncation, done last
 * @param revisionsToDeleteIfWriteFails history truncation when the revision write fails: upstream's
 *        {@code UpdateStatefulSet} still truncates then, with no current or update revision live
 * @param waits reasons the controller is not doing more now
 * @param requeueAfter when the set must be looked at again even if nothing changes (minReadySeconds)
 */
public record Plan(ObjectKey key, List<Violation> violations, List<Ownership.Change> ownership,
                   RevisionResolution revisions, List<Phase> phases, StatefulSetStatus status,
                   PlannedStatus statusToWrite, List<ControllerRevision> revisionsToDelete, List<ControllerRevision> revisionsToDeleteIfWriteFails,
                   List<Wait> waits, Optional<Duration> requeueAfter) {

    public Plan {
        violations = List.copyOf(violations);
        ownership = List.copyOf(ownership);
        phases = List.copyOf(phases);
        revisionsToDelete = List.copyOf(revisionsToDelete);
        revisionsToDeleteIfWriteFails = List.copyOf(revisionsToDeleteIfWriteFails);
        waits = List.copyOf(waits);
    }

    public boolean isValid() {
        return violations.isEmpty();
    }

    /** Every pod/claim operation in execution order. */
    public List<Operation> operations() {
        List<Operation> out = new ArrayList<>();
        for (Phase phase : phases) {
            for (Phase.Unit unit : phase.units()) {
                out.addAll(unit.operations());
            }
        }
        return out;
    }

    /** How many pods the rolling update deletes (upstream's {@code status.CurrentReplicas--} for each). */
    public int rollingDeletes() {
        int n = 0;
        for (Phase phase : phases) {
            if (phase.name() == Phase.Name.ROLLING_UPDATE) {
                n += phase.units().size();
            }
        }
        return n;
    }

    /** The status the set shows once every write of the plan succeeded: rolling deletions counted, completion applied. */
    public StatefulSetStatus statusWhenExecuted() {
        return statusToWrite.over(status, rollingDeletes());
    }

    /** True when the plan writes nothing but (possibly) status. */
    public boolean isIdle() {
        return ownership.isEmpty() && (revisions == null || revisions.write() instanceof dev.stateful.domain.revision.RevisionWrite.None)
                && operations().isEmpty() && revisionsToDelete.isEmpty();
    }
}
