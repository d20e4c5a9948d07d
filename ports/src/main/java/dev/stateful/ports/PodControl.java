package dev.stateful.ports;

import dev.stateful.domain.model.OwnerReference;
import dev.stateful.domain.model.Pod;

/**
 * Writes pods (upstream: the pod half of {@code StatefulPodControlObjectManager}, plus the pod
 * adoption/release patches of the controller-ref manager). All methods throw {@link ApiException}.
 */
public interface PodControl {

    /** Creates the pod. Throws AlreadyExists if a pod with that name exists. Returns it as stored, uid and resourceVersion assigned ({@linkplain dev.stateful.ports the package}). */
    Pod create(Pod pod);

    /** Replaces the pod; the pod's resourceVersion is the precondition (Conflict when stale). */
    Pod update(Pod pod);

    /** Deletes the pod, guarded by its uid when given (NotFound if it is gone or was replaced). */
    void delete(String namespace, String name, String uid);

    /** Adds {@code ref} as the controller owner reference, guarded by the pod's uid. */
    Pod adopt(Pod pod, OwnerReference ref);

    /** Removes the owner reference with {@code ownerUid}. NotFound is reported, not hidden. */
    Pod release(Pod pod, String ownerUid);
}
