package dev.stateful.domain.model;

import java.util.List;

/** apps/v1 StatefulSetStatus. {@code collisionCount} is null until the controller first writes it. */
public record StatefulSetStatus(
        long observedGeneration,
        int replicas,
        int readyReplicas,
        int currentReplicas,
        int updatedReplicas,
        int availableReplicas,
        String currentRevision,
        String updateRevision,
        Integer collisionCount,
        List<Condition> conditions) {

    public static final StatefulSetStatus EMPTY = new StatefulSetStatus(0, 0, 0, 0, 0, 0, "", "", null, List.of());

    public StatefulSetStatus {
        currentRevision = currentRevision == null ? "" : currentRevision;
        updateRevision = updateRevision == null ? "" : updateRevision;
        conditions = conditions == null ? List.of() : List.copyOf(conditions);
    }

    public StatefulSetStatus withCurrentReplicas(int value) {
        return new StatefulSetStatus(observedGeneration, replicas, readyReplicas, value, updatedReplicas, availableReplicas, currentRevision, updateRevision, collisionCount, conditions);
    }

    public StatefulSetStatus withCurrentRevision(String value) {
        return new StatefulSetStatus(observedGeneration, replicas, readyReplicas, currentReplicas, updatedReplicas, availableReplicas, value, updateRevision, collisionCount, conditions);
    }

    public StatefulSetStatus withConditions(List<Condition> value) {
        return new StatefulSetStatus(observedGeneration, replicas, readyReplicas, currentReplicas, updatedReplicas, availableReplicas, currentRevision, updateRevision, collisionCount, value);
    }

    /**
     * apps/v1 StatefulSetCondition; {@code lastUpdateTime} (null for apps/v1, which has no such
     * field) is a DeploymentCondition's, which our kind's {@code Progressing} condition carries.
     */
    public record Condition(String type, String status, java.time.Instant lastTransitionTime, String reason, String message,
                            java.time.Instant lastUpdateTime) {

        public Condition(String type, String status, java.time.Instant lastTransitionTime, String reason, String message) {
            this(type, status, lastTransitionTime, reason, message, null);
        }
    }
}
