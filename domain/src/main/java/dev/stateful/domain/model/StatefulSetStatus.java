package dev.stateful.domain.model;

import java.util.List;

/**
 * apps/v1 StatefulSetStatus. {@code collisionCount} is null until the controller first writes it.
 * {@code volumeClaimTemplates} is our own kind's (per claim template, how many replicas have a
 * compatible claim: {@code ClaimResize}); always empty for apps/v1.
 */
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
        List<Condition> conditions,
        List<ClaimTemplateStatus> volumeClaimTemplates) {

    public static final StatefulSetStatus EMPTY = new StatefulSetStatus(0, 0, 0, 0, 0, 0, "", "", null, List.of());

    public StatefulSetStatus {
        currentRevision = currentRevision == null ? "" : currentRevision;
        updateRevision = updateRevision == null ? "" : updateRevision;
        conditions = conditions == null ? List.of() : List.copyOf(conditions);
        volumeClaimTemplates = volumeClaimTemplates == null ? List.of() : List.copyOf(volumeClaimTemplates);
    }

    public StatefulSetStatus(long observedGeneration, int replicas, int readyReplicas, int currentReplicas, int updatedReplicas,
                             int availableReplicas, String currentRevision, String updateRevision, Integer collisionCount,
                             List<Condition> conditions) {
        this(observedGeneration, replicas, readyReplicas, currentReplicas, updatedReplicas, availableReplicas, currentRevision,
                updateRevision, collisionCount, conditions, List.of());
    }

    public StatefulSetStatus withUpdatedReplicas(int value) {
        return new StatefulSetStatus(observedGeneration, replicas, readyReplicas, currentReplicas, value, availableReplicas, currentRevision, updateRevision, collisionCount, conditions, volumeClaimTemplates);
    }

    public StatefulSetStatus withVolumeClaimTemplates(List<ClaimTemplateStatus> value) {
        return new StatefulSetStatus(observedGeneration, replicas, readyReplicas, currentReplicas, updatedReplicas, availableReplicas, currentRevision, updateRevision, collisionCount, conditions, value);
    }

    /**
     * One claim template's line of our kind's {@code status.volumeClaimTemplates} (KEP-4650 counts,
     * per template, the claims "compatible" with it).
     *
     * @param compatibleReplicas in-range replicas whose claim of this template exists and shows at
     *     least the template's storage request ({@code status.capacity}, or the request of a claim not bound yet)
     */
    public record ClaimTemplateStatus(String templateName, int compatibleReplicas) {
    }

    public StatefulSetStatus withCurrentReplicas(int value) {
        return new StatefulSetStatus(observedGeneration, replicas, readyReplicas, value, updatedReplicas, availableReplicas, currentRevision, updateRevision, collisionCount, conditions, volumeClaimTemplates);
    }

    public StatefulSetStatus withCurrentRevision(String value) {
        return new StatefulSetStatus(observedGeneration, replicas, readyReplicas, currentReplicas, updatedReplicas, availableReplicas, value, updateRevision, collisionCount, conditions, volumeClaimTemplates);
    }

    public StatefulSetStatus withConditions(List<Condition> value) {
        return new StatefulSetStatus(observedGeneration, replicas, readyReplicas, currentReplicas, updatedReplicas, availableReplicas, currentRevision, updateRevision, collisionCount, value, volumeClaimTemplates);
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
