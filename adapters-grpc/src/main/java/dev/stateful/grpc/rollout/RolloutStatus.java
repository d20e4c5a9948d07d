package dev.stateful.grpc.rollout;

import dev.stateful.domain.model.StatefulSet;
import dev.stateful.domain.model.StatefulSetStatus;
import dev.stateful.domain.model.UpdateStrategy;
import dev.stateful.domain.status.RolloutConditions;
import java.util.Optional;

/**
 * kubectl's verdict on a StatefulSet rollout ({@code statefulSetStatusViewer}), word for word,
 * quirks included: with a {@code rollingUpdate} block (which defaulting always adds) completion is
 * reported as "partitioned roll out complete" even for partition 0.
 */
public record RolloutStatus(String message, boolean done) {

    /** Whether kubectl can report on this set at all (RollingUpdate only). */
    public static boolean supported(StatefulSet set) {
        return set.spec().updateStrategy().isRollingUpdate();
    }

    public static RolloutStatus of(StatefulSet set) {
        StatefulSetStatus status = set.status();
        if (status.observedGeneration() == 0 || set.metadata().generation() > status.observedGeneration()) {
            return waiting("Waiting for statefulset spec update to be observed...");
        }
        Integer replicas = set.spec().replicas();
        if (replicas != null && status.readyReplicas() < replicas) {
            return waiting("Waiting for " + (replicas - status.readyReplicas()) + " pods to be ready...");
        }
        UpdateStrategy.RollingUpdate rolling = set.spec().updateStrategy().rollingUpdate();
        if (set.spec().updateStrategy().isRollingUpdate() && rolling != null) {
            if (replicas != null && rolling.partition() != null && status.updatedReplicas() < replicas - rolling.partition()) {
                return waiting("Waiting for partitioned roll out to finish: " + status.updatedReplicas() + " out of "
                        + (replicas - rolling.partition()) + " new pods have been updated...");
            }
            return new RolloutStatus("partitioned roll out complete: " + status.updatedReplicas() + " new pods have been updated...", true);
        }
        if (!status.updateRevision().equals(status.currentRevision())) {
            return waiting("waiting for statefulset rolling update to complete " + status.updatedReplicas() + " pods at revision "
                    + status.updateRevision() + "...");
        }
        return new RolloutStatus("statefulset rolling update complete " + status.currentReplicas() + " pods at revision "
                + status.currentRevision() + "...", true);
    }

    /**
     * Our kind's verdict that the controller gave up on the rollout: kubectl's
     * {@code DeploymentStatusViewer} error for a Deployment whose observed generation is current and
     * whose Progressing condition has reason ProgressDeadlineExceeded.
     */
    public static Optional<String> exceededDeadline(StatefulSet set) {
        if (set.metadata().generation() > set.status().observedGeneration()) {
            return Optional.empty();
        }
        return set.status().conditions().stream()
                .filter(c -> RolloutConditions.PROGRESSING.equals(c.type())
                        && RolloutConditions.PROGRESS_DEADLINE_EXCEEDED.equals(c.reason()))
                .findFirst()
                .map(c -> "statefulset \"" + set.metadata().name() + "\" exceeded its progress deadline");
    }

    private static RolloutStatus waiting(String message) {
        return new RolloutStatus(message, false);
    }
}
