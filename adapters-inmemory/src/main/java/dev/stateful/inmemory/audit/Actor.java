package dev.stateful.inmemory.audit;

/** Who issued a write. Faults are injected only into the controller's calls. */
public enum Actor {
    /** The StatefulSet controller under test, through the port implementations. */
    CONTROLLER,
    /** The simulated kubelet: pod status and the final removal of terminated pods. */
    KUBELET,
    /** The garbage collector: cascading deletion and orphaning. */
    GARBAGE_COLLECTOR,
    /** The test or a manifest: what {@code kubectl} would do. */
    USER
}
