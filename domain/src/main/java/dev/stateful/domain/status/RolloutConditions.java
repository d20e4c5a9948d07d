package dev.stateful.domain.status;

import dev.stateful.domain.identity.ReservedOrdinals;
import dev.stateful.domain.model.IntOrString;
import dev.stateful.domain.model.StatefulSet;
import dev.stateful.domain.model.StatefulSetStatus;
import dev.stateful.domain.model.StatefulSetStatus.Condition;
import dev.stateful.domain.model.UpdateStrategy;
import dev.stateful.domain.update.MaxUnavailable;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Our kind's {@code Progressing} and {@code Available} conditions, as the Deployment controller
 * computes them ({@code syncRolloutStatus}, {@code checkPausedConditions}, {@code DeploymentComplete},
 * {@code DeploymentProgressing}, {@code DeploymentTimedOut} in pkg/controller/deployment), with a
 * revision in place of a ReplicaSet. A pure function of the set, the stored status, the status
 * counted over the observed pods and the clock. An apps/v1 set never gets either.
 */
public final class RolloutConditions {

    public static final String PROGRESSING = "Progressing";
    public static final String AVAILABLE = "Available";
    /** {@code NewRSAvailableReason}. */
    public static final String NEW_REVISION_AVAILABLE = "NewRevisionAvailable";
    /** {@code ReplicaSetUpdatedReason}. */
    public static final String REVISION_UPDATED = "RevisionUpdated";
    /** {@code TimedOutReason}. */
    public static final String PROGRESS_DEADLINE_EXCEEDED = "ProgressDeadlineExceeded";
    /** {@code PausedDeployReason}. */
    public static final String ROLLOUT_PAUSED = "RolloutPaused";
    /** {@code ResumedDeployReason}. */
    public static final String ROLLOUT_RESUMED = "RolloutResumed";
    public static final String MINIMUM_REPLICAS_AVAILABLE = "MinimumReplicasAvailable";
    public static final String MINIMUM_REPLICAS_UNAVAILABLE = "MinimumReplicasUnavailable";

    private RolloutConditions() {
    }

    /**
     * {@code next}'s conditions with ours set over {@code stored}'s.
     *
     * @param stored the status the set shows now (the progress is measured against it)
     * @param next the status about to be written, conditions as stored
     */
    public static List<Condition> conditions(StatefulSet set, StatefulSetStatus stored, StatefulSetStatus next, Instant now) {
        List<Condition> out = new ArrayList<>(next.conditions());
        if (!set.kind().isCustom()) {
            return out;
        }
        progressing(set, stored, next, find(out, PROGRESSING), now).ifPresent(c -> put(out, c));
        put(out, available(set, next, find(out, AVAILABLE), now));
        return out;
    }

    /**
     * {@code requeueStuckDeployment}: while the rollout is progressing, look again when its deadline
     * passes, so the timeout is noticed without another event.
     */
    public static Optional<Duration> recheckAfter(StatefulSet set, StatefulSetStatus written, Instant now) {
        if (!set.kind().isCustom() || set.extensions().paused()) {
            return Optional.empty();
        }
        Condition c = find(written.conditions(), PROGRESSING);
        if (c == null || !"True".equals(c.status()) && !ROLLOUT_RESUMED.equals(c.reason())
                || NEW_REVISION_AVAILABLE.equals(c.reason()) || c.lastUpdateTime() == null) {
            return Optional.empty();
        }
        Duration after = Duration.between(now, c.lastUpdateTime().plusSeconds(set.extensions().progressDeadline()));
        // upstream requeues at once below a second; a second later is as good and never spins
        return Optional.of(after.compareTo(Duration.ofSeconds(1)) < 0 ? Duration.ofSeconds(1) : after.plusSeconds(1));
    }

    /** The Progressing condition to set, or empty to keep the stored one. */
    static Optional<Condition> progressing(StatefulSet set, StatefulSetStatus stored, StatefulSetStatus next, Condition current, Instant now) {
        String name = set.metadata().name();
        boolean timedOut = current != null && PROGRESS_DEADLINE_EXCEEDED.equals(current.reason());
        boolean pausedShown = current != null && ROLLOUT_PAUSED.equals(current.reason());
        boolean newRevision = !next.updateRevision().equals(stored.updateRevision());
        // checkPausedConditions: a reported timeout is not overwritten by the pause; a new revision
        // while paused does not show progress either (a paused Deployment makes no new ReplicaSet)
        if (set.extensions().paused()) {
            if (timedOut || pausedShown) {
                return Optional.empty();
            }
            return Optional.of(change(current, new Condition(PROGRESSING, "Unknown", now, ROLLOUT_PAUSED,
                    "StatefulSet \"" + name + "\" is paused", now)));
        }
        if (pausedShown && !set.extensions().paused()) {
            return Optional.of(change(current, new Condition(PROGRESSING, "Unknown", now, ROLLOUT_RESUMED,
                    "StatefulSet \"" + name + "\" is resumed", now)));
        }
        boolean complete = isComplete(set, next);
        boolean shownComplete = current != null && NEW_REVISION_AVAILABLE.equals(current.reason())
                && next.replicas() == next.updatedReplicas();
        if (shownComplete && !newRevision) {
            return Optional.empty();
        }
        if (complete) {
            return Optional.of(change(current, new Condition(PROGRESSING, "True", now, NEW_REVISION_AVAILABLE,
                    "StatefulSet \"" + name + "\" has successfully progressed to revision " + next.updateRevision() + ".", now)));
        }
        if (newRevision || isProgressing(stored, next) || current == null) {
            // the one condition updated with an unchanged reason: lastUpdateTime marks the progress
            Instant since = current != null && "True".equals(current.status()) ? current.lastTransitionTime() : now;
            return Optional.of(new Condition(PROGRESSING, "True", since, REVISION_UPDATED,
                    "StatefulSet \"" + name + "\" is progressing to revision " + next.updateRevision() + ".", now));
        }
        // DeploymentTimedOut: a rollout last shown complete does not time out until it is seen progressing
        // again (a partition lowered long after its canary finished starts its deadline with the first step)
        if (timedOut || current.lastUpdateTime() == null || NEW_REVISION_AVAILABLE.equals(current.reason())) {
            return Optional.empty();
        }
        if (now.isAfter(current.lastUpdateTime().plusSeconds(set.extensions().progressDeadline()))) {
            return Optional.of(change(current, new Condition(PROGRESSING, "False", now, PROGRESS_DEADLINE_EXCEEDED,
                    "StatefulSet \"" + name + "\" has timed out progressing to revision " + next.updateRevision() + ".", now)));
        }
        return Optional.empty();
    }

    /**
     * Available when at least {@code replicas - maxUnavailable} replicas are available (a
     * Deployment's rule, {@code MaxUnavailable}); maxUnavailable is the rolling update's (default 1),
     * and 1 under OnDelete, where none is set.
     */
    static Condition available(StatefulSet set, StatefulSetStatus next, Condition current, Instant now) {
        int replicas = set.spec().replicasOrDefault();
        UpdateStrategy strategy = set.spec().updateStrategy();
        IntOrString max = strategy.isOnDelete() || strategy.rollingUpdate() == null ? null : strategy.rollingUpdate().maxUnavailable();
        int maxUnavailable = max == null ? 1 : MaxUnavailable.resolve(max, replicas);
        boolean ok = next.availableReplicas() >= replicas - maxUnavailable;
        Condition wanted = ok
                ? new Condition(AVAILABLE, "True", now, MINIMUM_REPLICAS_AVAILABLE, "StatefulSet has minimum availability.", now)
                : new Condition(AVAILABLE, "False", now, MINIMUM_REPLICAS_UNAVAILABLE, "StatefulSet does not have minimum availability.", now);
        return change(current, wanted);
    }

    /**
     * {@code DeploymentComplete}: every replica available, the generation observed, and updated every
     * replica the rolling update may replace: those at or above its partition (every one without a
     * partition). A canary held by a partition is a rollout done as far as asked, as
     * {@code kubectl rollout status} reports it ("partitioned roll out complete"), not one that stopped
     * progressing: it never times out, and lowering the partition makes it progress again.
     */
    static boolean isComplete(StatefulSet set, StatefulSetStatus next) {
        int replicas = set.spec().replicasOrDefault();
        return next.updatedReplicas() >= toUpdate(set) && next.availableReplicas() == replicas && next.replicas() == replicas
                && next.observedGeneration() >= set.metadata().generation();
    }

    /**
     * How many replicas the rolling update replaces: those whose ordinal is at or above
     * {@code ordinals.start + partition}, reserved ordinals counted in the partition as the rolling update
     * counts them; every replica under OnDelete, where nothing is replaced until a pod is deleted.
     */
    static long toUpdate(StatefulSet set) {
        int replicas = set.spec().replicasOrDefault();
        UpdateStrategy strategy = set.spec().updateStrategy();
        if (strategy.isOnDelete() || strategy.partition() <= 0) {
            return replicas;
        }
        int start = set.spec().startOrdinal();
        long below = ReservedOrdinals.of(set).indexOf(start, (long) start + strategy.partition());
        return Math.max(0, replicas - Math.min(replicas, below));
    }

    /** {@code DeploymentProgressing}: more updated, ready or available replicas, or fewer old ones. */
    static boolean isProgressing(StatefulSetStatus stored, StatefulSetStatus next) {
        int oldBefore = stored.replicas() - stored.updatedReplicas();
        int oldNow = next.replicas() - next.updatedReplicas();
        return next.updatedReplicas() > stored.updatedReplicas() || oldNow < oldBefore
                || next.readyReplicas() > stored.readyReplicas() || next.availableReplicas() > stored.availableReplicas();
    }

    /** {@code SetDeploymentCondition}: same status and reason keeps the condition; same status keeps its transition time. */
    private static Condition change(Condition current, Condition wanted) {
        if (current == null) {
            return wanted;
        }
        if (current.status().equals(wanted.status()) && current.reason().equals(wanted.reason())) {
            return current;
        }
        Instant since = current.status().equals(wanted.status()) ? current.lastTransitionTime() : wanted.lastTransitionTime();
        return new Condition(wanted.type(), wanted.status(), since, wanted.reason(), wanted.message(), wanted.lastUpdateTime());
    }

    static Condition find(List<Condition> conditions, String type) {
        return conditions.stream().filter(c -> type.equals(c.type())).findFirst().orElse(null);
    }

    private static void put(List<Condition> conditions, Condition c) {
        for (int i = 0; i < conditions.size(); i++) {
            if (conditions.get(i).type().equals(c.type())) {
                conditions.set(i, c);
                return;
            }
        }
        conditions.add(c);
    }
}
