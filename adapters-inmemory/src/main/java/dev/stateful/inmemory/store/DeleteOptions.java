package dev.stateful.inmemory.store;

/**
 * metav1.DeleteOptions, reduced to what the cluster honours.
 *
 * @param uid precondition: the stored object must have this uid (null: any)
 * @param gracePeriodSeconds pods only; null means the pod's own {@code terminationGracePeriodSeconds}
 * @param propagation what happens to dependents
 */
public record DeleteOptions(String uid, Long gracePeriodSeconds, Propagation propagation) {

    /** How the garbage collector treats objects owned by the deleted one. */
    public enum Propagation {
        /** The default: the owner goes first, the garbage collector then deletes its dependents. */
        BACKGROUND,
        /** Dependents lose their owner reference and stay ({@code kubectl delete --cascade=orphan}). */
        ORPHAN
    }

    public static final DeleteOptions DEFAULT = new DeleteOptions(null, null, Propagation.BACKGROUND);

    public DeleteOptions {
        propagation = propagation == null ? Propagation.BACKGROUND : propagation;
    }

    public static DeleteOptions withUid(String uid) {
        return new DeleteOptions(uid, null, Propagation.BACKGROUND);
    }

    public static DeleteOptions orphan() {
        return new DeleteOptions(null, null, Propagation.ORPHAN);
    }

    /** A forced delete: no grace period (what the kubelet sends once a pod's containers are gone). */
    public static DeleteOptions immediate(String uid) {
        return new DeleteOptions(uid, 0L, Propagation.BACKGROUND);
    }
}
