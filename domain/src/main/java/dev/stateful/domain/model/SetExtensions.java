package dev.stateful.domain.model;

import java.util.List;

/**
 * The fields only our own kind ({@link SetKind#STATEFUL_DEV}) has; an apps/v1 set always has
 * {@link #NONE}, so none of their rules ever applies to it. Each is off by default.
 *
 * @param paused {@code spec.updateStrategy.rollingUpdate.paused}: no pod is updated while true;
 *     creating, scaling and replacing failed pods go on
 * @param progressDeadlineSeconds {@code spec.progressDeadlineSeconds} as stored, null when absent
 *     ({@link #progressDeadline()} is then Deployment's default, 600)
 * @param reserveOrdinals {@code spec.reserveOrdinals} as stored: ordinals ({@code 3}) and ranges
 *     ({@code "2-5"}) that get no pod (the rule: {@code identity.ReservedOrdinals}); empty when absent
 */
public record SetExtensions(boolean paused, Integer progressDeadlineSeconds, List<IntOrString> reserveOrdinals) {

    /** Deployment's default {@code progressDeadlineSeconds} ({@code SetDefaults_Deployment}). */
    public static final int DEFAULT_PROGRESS_DEADLINE_SECONDS = 600;

    public static final SetExtensions NONE = new SetExtensions(false, null);

    public SetExtensions {
        reserveOrdinals = reserveOrdinals == null ? List.of() : List.copyOf(reserveOrdinals);
    }

    public SetExtensions(boolean paused, Integer progressDeadlineSeconds) {
        this(paused, progressDeadlineSeconds, List.of());
    }

    public SetExtensions(boolean paused) {
        this(paused, null);
    }

    public SetExtensions withPaused(boolean value) {
        return new SetExtensions(value, progressDeadlineSeconds, reserveOrdinals);
    }

    public SetExtensions withReserveOrdinals(List<IntOrString> value) {
        return new SetExtensions(paused, progressDeadlineSeconds, value);
    }

    /** The seconds a rollout may go without progress before {@code Progressing} turns False. */
    public int progressDeadline() {
        return progressDeadlineSeconds == null ? DEFAULT_PROGRESS_DEADLINE_SECONDS : progressDeadlineSeconds;
    }
}
