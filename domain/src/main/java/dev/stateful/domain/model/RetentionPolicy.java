package dev.stateful.domain.model;

/** spec.persistentVolumeClaimRetentionPolicy (KEP-1847). Values are {@code Retain} or {@code Delete}. */
public record RetentionPolicy(String whenDeleted, String whenScaled) {

    public static final String RETAIN_VALUE = "Retain";
    public static final String DELETE_VALUE = "Delete";
    public static final RetentionPolicy RETAIN = new RetentionPolicy(RETAIN_VALUE, RETAIN_VALUE);

    public RetentionPolicy {
        whenDeleted = whenDeleted == null || whenDeleted.isEmpty() ? RETAIN_VALUE : whenDeleted;
        whenScaled = whenScaled == null || whenScaled.isEmpty() ? RETAIN_VALUE : whenScaled;
    }

    public boolean deleteWhenDeleted() {
        return DELETE_VALUE.equals(whenDeleted);
    }

    public boolean deleteWhenScaled() {
        return DELETE_VALUE.equals(whenScaled);
    }
}
