package dev.stateful.domain.model;

/**
 * The fields only our own kind ({@link SetKind#STATEFUL_DEV}) has; an apps/v1 set always has
 * {@link #NONE}, so none of their rules ever applies to it. Each is off by default.
 *
 * @param paused {@code spec.updateStrategy.rollingUpdate.paused}: no pod is updated while true;
 *     creating, scaling and replacing failed pods go on
 */
public record SetExtensions(boolean paused) {

    public static final SetExtensions NONE = new SetExtensions(false);
}
