package dev.stateful.domain.model;

/**
 * apps/v1 StatefulSetUpdateStrategy. {@code rollingUpdate} is null when absent: an explicit
 * {@code type: RollingUpdate} without the block stays null after defaulting, which changes the
 * revision chosen for recreated pods ({@code newVersionedStatefulSetPod}).
 */
public record UpdateStrategy(String type, RollingUpdate rollingUpdate) {

    public static final String ROLLING_UPDATE = "RollingUpdate";
    public static final String ON_DELETE = "OnDelete";
    public static final UpdateStrategy UNSET = new UpdateStrategy("", null);

    public UpdateStrategy {
        type = type == null ? "" : type;
    }

    public static UpdateStrategy rollingUpdate(Integer partition, IntOrString maxUnavailable) {
        return new UpdateStrategy(ROLLING_UPDATE, new RollingUpdate(partition, maxUnavailable));
    }

    public static UpdateStrategy onDelete() {
        return new UpdateStrategy(ON_DELETE, null);
    }

    public boolean isOnDelete() {
        return ON_DELETE.equals(type);
    }

    public boolean isRollingUpdate() {
        return ROLLING_UPDATE.equals(type);
    }

    public int partition() {
        return rollingUpdate == null || rollingUpdate.partition() == null ? 0 : rollingUpdate.partition();
    }

    /** apps/v1 RollingUpdateStatefulSetStrategy. */
    public record RollingUpdate(Integer partition, IntOrString maxUnavailable) {
    }
}
