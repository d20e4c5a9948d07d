package dev.stateful.domain.storage;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The error texts of upstream's {@code createPersistentVolumeClaims}, which goes on through every
 * claim of a pod and returns what failed aggregated: they end up in the pod's {@code FailedCreate}
 * event, so they are upstream's words exactly.
 */
public final class ClaimErrors {

    private ClaimErrors() {
    }

    /** A claim found with a deletionTimestamp: the pod must wait until it is gone (kubernetes#93457). */
    public static String beingDeleted(String claimName) {
        return "pvc " + claimName + " is being deleted";
    }

    /** A claim whose create failed. */
    public static String failedToCreate(String claimName, String error) {
        return "failed to create PVC " + claimName + ": " + error;
    }

    /** {@code UpdatePodClaimForRetentionPolicy}'s error for a claim whose owner references could not be written. */
    public static String ownerUpdateFailed(String claimName, String error) {
        return "could not update claim " + claimName + " for delete policy ownerRefs: " + error;
    }

    /**
     * {@code utilerrors.NewAggregate(errs).Error()}: one message bare; several, repeats dropped,
     * comma-separated in brackets.
     */
    public static String aggregate(List<String> messages) {
        Set<String> distinct = new LinkedHashSet<>(messages);
        return distinct.size() == 1 ? distinct.iterator().next() : "[" + String.join(", ", distinct) + "]";
    }
}
