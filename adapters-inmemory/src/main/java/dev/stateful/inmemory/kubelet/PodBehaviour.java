package dev.stateful.inmemory.kubelet;

/** How the simulated kubelet runs a pod; delays come from {@link KubeletTimings}. */
public enum PodBehaviour {
    /** Pending, Running after startDelay, Ready after readyDelay more. */
    NORMAL,
    /** Runs but never passes its readiness probe. */
    NEVER_READY,
    /** Runs without becoming Ready, then Failed crashAfter after starting. */
    CRASH,
    /** Runs normally, then Succeeded evictAfter after starting (containers stopped by an eviction). */
    EVICTED,
    /** Becomes Ready, then not Ready again unreadyAfter later (stays Running). */
    NOT_READY_LATER,
    /** Runs normally; once deleted, lingers Terminating for terminationDelay. */
    SLOW_TERMINATION,
    /** The kubelet leaves the status alone (the test sets it); termination still completes. */
    MANUAL
}
