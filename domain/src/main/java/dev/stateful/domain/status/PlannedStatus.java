package dev.stateful.domain.status;

import dev.stateful.domain.model.StatefulSetStatus;
import dev.stateful.domain.validation.Violation;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * The status a sync writes, decided with its plan for every way the execution can end. Upstream's
 * {@code updateStatefulSet} counts {@code currentReplicas} down for each pod its rolling update
 * deletes (a pod already gone counts too) and hands back the status reached so far when a write fails
 * part way; {@code updateStatefulSetStatus} then applies {@code completeRollingUpdate} and writes only
 * when {@code inconsistentStatus} says so. So the one thing the execution adds is how many of the
 * plan's rolling-update deletions happened, and the one thing a conflict retry adds is a fresher
 * stored status (whose conditions, written by others, are kept).
 */
public sealed interface PlannedStatus {

    /** The status the set should show over {@code stored} once {@code rollingDeletes} of the plan's rolling-update deletions happened. */
    StatefulSetStatus over(StatefulSetStatus stored, int rollingDeletes);

    /** {@link #over}, or empty when it would change no counter, revision, generation or condition of {@code stored}. */
    default Optional<StatefulSetStatus> toWrite(StatefulSetStatus stored, int rollingDeletes) {
        StatefulSetStatus next = over(stored, rollingDeletes);
        boolean changed = StatusRules.needsWrite(stored, next) || !next.conditions().equals(stored.conditions());
        return changed ? Optional.of(next) : Optional.empty();
    }

    /**
     * A valid set: the counters over the observed pods, less the rolling update's deletions (never
     * below 0), then completion; our {@code InvalidSpec} condition goes, the others stay.
     *
     * @param observed the counters over the observed pods, before any write
     * @param replicas {@code spec.replicas}, which completion compares against
     */
    record Counted(StatefulSetStatus observed, int replicas) implements PlannedStatus {
        @Override
        public StatefulSetStatus over(StatefulSetStatus stored, int rollingDeletes) {
            StatefulSetStatus counted = observed.withCurrentReplicas(Math.max(0, observed.currentReplicas() - rollingDeletes));
            return StatusRules.completeRollout(replicas, counted).withConditions(InvalidSpecCondition.clear(stored).conditions());
        }
    }

    /** An invalid set is not synced: only our {@code InvalidSpec} condition, naming every violation, is set. */
    record Refused(List<Violation> violations, Instant now) implements PlannedStatus {
        public Refused {
            violations = List.copyOf(violations);
        }

        @Override
        public StatefulSetStatus over(StatefulSetStatus stored, int rollingDeletes) {
            return InvalidSpecCondition.set(stored, violations, now);
        }
    }
}
