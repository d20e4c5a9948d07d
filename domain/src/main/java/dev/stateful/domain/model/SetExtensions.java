package dev.stateful.domain.model;

/**
 * The fields only our own kind ({@link SetKind#STATEFUL_DEV}) has; an apps/v1 set always has
 * {@link #NONE}, so none of their rules ever applies to it. Each is off by default.
 *
 * @param paused {@code spec.updateStrategy.rollingUpdate.paused}: no pod is updated while true;
 *     creating, scaling and replacing failed pods go on
 * @param progressDeadlineSeconds {@code spec.progressDeadlineSeconds} as stored, null when absent
 *     ({@link #progressDeadline()} is then Deployment's default, 600)
 */
public record SetExtensions(boolean paused, Integer progressDeadlineSeconds) {

    /** Deployment's default {@code progressDeadlineSeconds} ({@code SetDefaults_Deployment}). */
    public static final int DEFAULT_PROGRESS_DEADLINE_SECONDS = 600;

    public static final SetExtensions NONE = new SetExtensions(false, null);

    public SetExtensions(boolean paused) {
        this(paused, null);
    }

    /** The seconds a rollout may go without progress before {@code Progressing} turns False. */
    public int progressDeadline() {
        return progressDeadlineSeconds == null ? DEFAULT_PROGRESS_DEADLINE_SECONDS : progressDeadlineSeconds;
    }
}
