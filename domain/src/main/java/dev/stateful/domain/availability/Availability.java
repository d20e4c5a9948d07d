package dev.stateful.domain.availability;

import dev.stateful.domain.model.Pod;
import dev.stateful.domain.model.PodStatus;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

/** Pod health predicates of the sync algorithm (upstream {@code isRunningAndReady}, {@code isRunningAndAvailable}, {@code isUnavailable}). */
public final class Availability {

    private Availability() {
    }

    public static boolean isRunningAndReady(Pod pod) {
        return PodStatus.RUNNING.equals(pod.status().phase()) && pod.status().isReady();
    }

    /**
     * {@code podutil.IsPodAvailable}: Ready, and Ready for at least minReadySeconds (the Ready
     * transition plus minReadySeconds at or before {@code now}: upstream compares with {@code <= 0},
     * and {@code TestIsPodAvailable} has a pod Ready for 51 s available under minReadySeconds 51);
     * with minReadySeconds 0 a Ready pod is available at once.
     */
    public static boolean isPodAvailable(Pod pod, int minReadySeconds, Instant now) {
        if (!pod.status().isReady()) {
            return false;
        }
        if (minReadySeconds == 0) {
            return true;
        }
        return availableAt(pod, minReadySeconds).map(at -> !at.isAfter(now)).orElse(false);
    }

    /**
     * Running, Ready and available: upstream's {@code isRunningAndReady} followed by its
     * {@code isRunningAndAvailable} (which, despite its name, is {@link #isPodAvailable} alone), as
     * {@code processReplica}, {@code processCondemned} and {@code computeReplicaStatus} ask them.
     */
    public static boolean isAvailable(Pod pod, int minReadySeconds, Instant now) {
        return isRunningAndReady(pod) && isPodAvailable(pod, minReadySeconds, now);
    }

    /** When a Ready pod becomes available: the Ready transition plus minReadySeconds. */
    public static Optional<Instant> availableAt(Pod pod, int minReadySeconds) {
        return pod.status().readyCondition()
                .filter(PodStatus.PodCondition::isTrue)
                .map(PodStatus.PodCondition::lastTransitionTime)
                .map(t -> t.plus(Duration.ofSeconds(minReadySeconds)));
    }

    /**
     * 1.33+ {@code isUnavailable}: not available, or terminating. It reads the Ready condition, not the
     * phase ({@code !podutil.IsPodAvailable(...) || isTerminating(pod)}), so a pod the kubelet still
     * shows Ready is available to the rolling update's count whatever its phase; a pod not created
     * yet has no Ready condition and is unavailable.
     */
    public static boolean isUnavailable(Pod pod, int minReadySeconds, Instant now) {
        return pod.isTerminating() || !isPodAvailable(pod, minReadySeconds, now);
    }

    public static boolean hasTerminalPhase(Pod pod) {
        String phase = pod.status().phase();
        return PodStatus.FAILED.equals(phase) || PodStatus.SUCCEEDED.equals(phase);
    }
}
