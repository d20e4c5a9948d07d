package dev.stateful.domain.features;

import dev.stateful.domain.identity.PodIdentity;
import dev.stateful.domain.model.Pod;
import dev.stateful.domain.model.StatefulSet;

/**
 * Recovering broken rollouts (kubernetes#67250), our own kind only: under OrderedReady upstream waits
 * for every replica to be Running and Ready before it does anything else, so a pod of an earlier
 * revision that never becomes ready (crash loop, image pull error) blocks a fixing rollout forever,
 * until someone deletes the pod by hand. Here such a pod, outdated and at or above the partition, is
 * replaced at once (it is unavailable already, so nothing more is taken down); a healthy pod still
 * goes one at a time within maxUnavailable, by the rolling update. Not while the rollout is paused,
 * nor under OnDelete, where pods are replaced only when someone deletes them.
 */
public final class BrokenRolloutRecovery {

    private BrokenRolloutRecovery() {
    }

    /**
     * @param index the pod's place in the replica range (ordinal minus start), which the partition counts
     * @param updateRevision the revision pods are being updated to
     * @param runningAndReady whether the pod is Running and Ready (the planner's {@code Availability} says)
     */
    public static boolean replacesAtOnce(StatefulSet set, Pod pod, int index, String updateRevision, boolean runningAndReady) {
        if (!set.kind().isCustom() || set.extensions().paused() || set.spec().updateStrategy().isOnDelete()) {
            return false;
        }
        return index >= set.spec().updateStrategy().partition()
                && pod.isCreated() && !pod.isTerminating()
                && !runningAndReady
                && !PodIdentity.revisionOf(pod).equals(updateRevision);
    }
}
