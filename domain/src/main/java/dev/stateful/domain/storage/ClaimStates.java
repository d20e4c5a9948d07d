package dev.stateful.domain.storage;

import dev.stateful.domain.model.PersistentVolumeClaim;
import java.util.List;

/**
 * The states of all claims of one pod, in template order. Upstream keeps going after a terminating
 * claim: missing claims are still created, then the aggregated error blocks the pod.
 */
public record ClaimStates(List<ClaimState> states) {

    public ClaimStates {
        states = List.copyOf(states);
    }

    /** Claims to create, in template order. */
    public List<PersistentVolumeClaim> toCreate() {
        return states.stream()
                .filter(ClaimState.Missing.class::isInstance)
                .map(state -> ((ClaimState.Missing) state).toCreate())
                .toList();
    }

    /** One {@code pvc <name> is being deleted} message per terminating claim. */
    public List<String> terminatingMessages() {
        return states.stream()
                .filter(ClaimState.Terminating.class::isInstance)
                .map(state -> ((ClaimState.Terminating) state).message())
                .toList();
    }

    /** Whether a terminating claim forbids creating (or proceeding with) the pod. */
    public boolean blocked() {
        return states.stream().anyMatch(ClaimState.Terminating.class::isInstance);
    }

    /** Every claim exists and is live. */
    public boolean allPresent() {
        return states.stream().allMatch(ClaimState.Present.class::isInstance);
    }
}
