package dev.stateful.domain.status;

import dev.stateful.domain.features.ClaimResize;
import dev.stateful.domain.model.StatefulSet;
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
 * stored status (whose conditions, written by others, are kept). Our kind adds one more: the claim
 * resize the API server refused, if one was ({@link ClaimResize}), which sets its condition.
 */
public sealed interface PlannedStatus {

    /**
     * The status the set should show over {@code stored} once {@code rollingDeletes} of the plan's
     * rolling-update deletions happened and, when not null, the API server refused {@code resizeRefused}.
     */
    StatefulSetStatus over(StatefulSetStatus stored, int rollingDeletes, ClaimResize.Refusal resizeRefused);

    /** {@link #over(StatefulSetStatus, int, ClaimResize.Refusal)} with no refused resize. */
    default StatefulSetStatus over(StatefulSetStatus stored, int rollingDeletes) {
        return over(stored, rollingDeletes, null);
    }

    /** {@link #over}, or empty when it would change no counter, revision, generation or condition of {@code stored}. */
    default Optional<StatefulSetStatus> toWrite(StatefulSetStatus stored, int rollingDeletes) {
        return toWrite(stored, rollingDeletes, null);
    }

    /** {@link #toWrite(StatefulSetStatus, int)} after the API server refused {@code resizeRefused} (null: nothing refused). */
    default Optional<StatefulSetStatus> toWrite(StatefulSetStatus stored, int rollingDeletes, ClaimResize.Refusal resizeRefused) {
        StatefulSetStatus next = over(stored, rollingDeletes, resizeRefused);
        boolean changed = StatusRules.needsWrite(stored, next) || !next.conditions().equals(stored.conditions());
        return changed ? Optional.of(next) : Optional.empty();
    }

    /**
     * A valid set: the counters over the observed pods, less the rolling update's deletions (never
     * below 0), then completion; our {@code InvalidSpec} condition goes, the others stay.
     *
     * @param observed the counters over the observed pods, before any write
     * @param set the set synced: our kind's {@link RolloutConditions} are set over the stored ones
     * @param now the clock of the sync
     * @param resizeRefusalOver the stored resize-refusal condition goes: its claim needs no resize any more
     */
    record Counted(StatefulSetStatus observed, StatefulSet set, Instant now, boolean resizeRefusalOver) implements PlannedStatus {

        public Counted(StatefulSetStatus observed, StatefulSet set, Instant now) {
            this(observed, set, now, false);
        }

        @Override
        public StatefulSetStatus over(StatefulSetStatus stored, int rollingDeletes, ClaimResize.Refusal resizeRefused) {
            StatefulSetStatus counted = observed.withCurrentReplicas(Math.max(0, observed.currentReplicas() - rollingDeletes));
            StatefulSetStatus next = StatusRules.completeRollout(set.spec().replicasOrDefault(), counted)
                    .withConditions(ClaimResize.conditions(InvalidSpecCondition.clear(stored).conditions(), resizeRefused,
                            resizeRefusalOver, now));
            return next.withConditions(RolloutConditions.conditions(set, stored, next, now));
        }
    }

    /** An invalid set is not synced: only our {@code InvalidSpec} condition, naming every violation, is set. */
    record Refused(List<Violation> violations, Instant now) implements PlannedStatus {
        public Refused {
            violations = List.copyOf(violations);
        }

        @Override
        public StatefulSetStatus over(StatefulSetStatus stored, int rollingDeletes, ClaimResize.Refusal resizeRefused) {
            return InvalidSpecCondition.set(stored, violations, now);
        }
    }
}
