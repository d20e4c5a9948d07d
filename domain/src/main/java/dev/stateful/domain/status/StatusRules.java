package dev.stateful.domain.status;

import dev.stateful.domain.identity.PodIdentity;
import dev.stateful.domain.model.Pod;
import dev.stateful.domain.model.StatefulSet;
import dev.stateful.domain.model.StatefulSetStatus;
import dev.stateful.domain.availability.Availability;
import java.time.Instant;
import java.util.List;

/** StatefulSet status: the counters ({@code computeReplicaStatus}), rollout completion ({@code completeRollingUpdate}) and when to write ({@code inconsistentStatus}). */
public final class StatusRules {

    private StatusRules() {
    }

    /**
     * Counts over the observed pods (placeholders never count). {@code conditions} are carried over
     * from the stored status: other writers' conditions are not ours to drop.
     */
    public static StatefulSetStatus compute(StatefulSet set, List<Pod> pods, String currentRevision, String updateRevision,
                                            int collisionCount, Instant now) {
        int replicas = 0;
        int ready = 0;
        int available = 0;
        int current = 0;
        int updated = 0;
        int minReady = set.spec().minReadySeconds();
        for (Pod pod : pods) {
            if (!pod.isCreated()) {
                continue;
            }
            replicas++;
            if (Availability.isRunningAndReady(pod)) {
                ready++;
                // with minReadySeconds 0 a Running and Ready pod is available: no second look at it
                if (minReady == 0 || Availability.isAvailable(pod, minReady, now)) {
                    available++;
                }
            }
            if (!pod.isTerminating()) {
                String revision = PodIdentity.revisionOf(pod);
                if (revision.equals(currentRevision)) {
                    current++;
                }
                if (revision.equals(updateRevision)) {
                    updated++;
                }
            }
        }
        return new StatefulSetStatus(set.metadata().generation(), replicas, ready, current, updated, available,
                currentRevision, updateRevision, collisionCount, set.status().conditions());
    }

    /**
     * The rollout is complete when every replica is on the update revision and available: then the
     * update revision becomes current. Unlike upstream ≤1.35 this requires availability, not just
     * readiness (issue #136831), and applies to OnDelete as well (1.36, PR #136833).
     */
    public static StatefulSetStatus completeRollout(StatefulSet set, StatefulSetStatus status) {
        return completeRollout(set.spec().replicasOrDefault(), status);
    }

    /** {@link #completeRollout(StatefulSet, StatefulSetStatus)} for a set of {@code replicas} replicas. */
    public static StatefulSetStatus completeRollout(int replicas, StatefulSetStatus status) {
        if (status.updatedReplicas() == replicas && status.availableReplicas() == replicas && status.replicas() == replicas) {
            return status.withCurrentReplicas(status.updatedReplicas()).withCurrentRevision(status.updateRevision());
        }
        return status;
    }

    /**
     * {@code inconsistentStatus}: write when the generation advanced or any counter or revision
     * differs. collisionCount and conditions alone do not trigger a write. Our kind's
     * {@code volumeClaimTemplates} counts are counters too (always empty for apps/v1).
     */
    public static boolean needsWrite(StatefulSetStatus stored, StatefulSetStatus computed) {
        return computed.observedGeneration() > stored.observedGeneration()
                || computed.replicas() != stored.replicas()
                || computed.currentReplicas() != stored.currentReplicas()
                || computed.readyReplicas() != stored.readyReplicas()
                || computed.updatedReplicas() != stored.updatedReplicas()
                || !computed.currentRevision().equals(stored.currentRevision())
                || computed.availableReplicas() != stored.availableReplicas()
                || !computed.updateRevision().equals(stored.updateRevision())
                || !computed.volumeClaimTemplates().equals(stored.volumeClaimTemplates());
    }
}
