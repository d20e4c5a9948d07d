package dev.stateful.domain.model;

import java.time.Instant;
import java.util.List;
import java.util.Optional;

/** The parts of v1 PodStatus the controller reads: the phase and the conditions. */
public record PodStatus(String phase, List<PodCondition> conditions) {

    public static final String PENDING = "Pending";
    public static final String RUNNING = "Running";
    public static final String SUCCEEDED = "Succeeded";
    public static final String FAILED = "Failed";
    public static final String UNKNOWN = "Unknown";
    public static final PodStatus NONE = new PodStatus("", List.of());

    public PodStatus {
        phase = phase == null ? "" : phase;
        conditions = conditions == null ? List.of() : List.copyOf(conditions);
    }

    public static PodStatus of(String phase) {
        return new PodStatus(phase, List.of());
    }

    public static PodStatus runningAndReady(Instant since) {
        return new PodStatus(RUNNING, List.of(new PodCondition(PodCondition.READY, "True", since)));
    }

    public Optional<PodCondition> readyCondition() {
        return Optional.ofNullable(firstReadyCondition());
    }

    /** Upstream's {@code isPending}: the phase is Pending. */
    public boolean isPending() {
        return PENDING.equals(phase);
    }

    public boolean isReady() {
        PodCondition ready = firstReadyCondition();
        return ready != null && ready.isTrue();
    }

    private PodCondition firstReadyCondition() {
        for (PodCondition c : conditions) {
            if (PodCondition.READY.equals(c.type())) {
                return c;
            }
        }
        return null;
    }

    /** v1 PodCondition (type, status and lastTransitionTime are what availability needs). */
    public record PodCondition(String type, String status, Instant lastTransitionTime) {
        public static final String READY = "Ready";

        public boolean isTrue() {
            return "True".equals(status);
        }
    }
}
