package dev.stateful.inmemory.kubelet;

import dev.stateful.domain.model.PodStatus;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * When a pod's phase and readiness change, derived from its creation time, behaviour and the
 * timings alone: the kubelet keeps no per-pod state, so a behaviour set mid-life applies at once.
 *
 * @param ready null: never Ready
 * @param unready null: stays Ready
 * @param terminal null: never leaves Running
 */
record PodTimeline(Instant running, Instant ready, Instant unready, Instant terminal, String terminalPhase) {

    /** Phase and readiness at one instant. */
    record State(String phase, boolean ready) {
    }

    static PodTimeline of(Instant created, PodBehaviour behaviour, KubeletTimings t) {
        Instant running = created.plus(t.startDelay());
        Instant ready = running.plus(t.readyDelay());
        return switch (behaviour) {
            case NEVER_READY -> new PodTimeline(running, null, null, null, null);
            case CRASH -> new PodTimeline(running, null, null, running.plus(t.crashAfter()), PodStatus.FAILED);
            case EVICTED -> new PodTimeline(running, ready, null, running.plus(t.evictAfter()), PodStatus.SUCCEEDED);
            case NOT_READY_LATER -> new PodTimeline(running, ready, ready.plus(t.unreadyAfter()), null, null);
            default -> new PodTimeline(running, ready, null, null, null);
        };
    }

    State at(Instant now) {
        if (now.isBefore(running)) {
            return new State(PodStatus.PENDING, false);
        }
        if (terminal != null && !now.isBefore(terminal)) {
            return new State(terminalPhase, false);
        }
        boolean isReady = ready != null && !now.isBefore(ready) && (unready == null || now.isBefore(unready));
        return new State(PodStatus.RUNNING, isReady);
    }

    /** Every instant at which the state may change. */
    List<Instant> transitions() {
        List<Instant> out = new ArrayList<>();
        out.add(running);
        out.add(ready);
        out.add(unready);
        out.add(terminal);
        out.removeIf(Objects::isNull);
        return out;
    }
}
