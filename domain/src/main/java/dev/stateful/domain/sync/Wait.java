package dev.stateful.domain.sync;

/** Why the controller is not doing more for a pod now, in words a person reads. */
public record Wait(String pod, String reason) {
    @Override
    public String toString() {
        return reason;
    }
}
