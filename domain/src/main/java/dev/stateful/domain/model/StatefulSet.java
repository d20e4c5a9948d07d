package dev.stateful.domain.model;

import java.util.Objects;

/**
 * A StatefulSet: apps/v1, or our own kind with the same spec and status ({@link SetKind}) plus
 * the fields only it has ({@link SetExtensions}; {@link SetExtensions#NONE} for apps/v1).
 *
 * @param derived what the planner derives from this set alone (its validation, the revision its
 *     template makes, its reserved ordinals), kept with it. Those read the metadata, the spec, the kind,
 *     the extensions and, of the status, only {@code collisionCount}; so a new resourceVersion or a
 *     status write that keeps {@code collisionCount} keeps them too (each status write the controller
 *     makes comes back as such a set), and any other change makes a new set with nothing derived
 */
public record StatefulSet(ObjectMeta metadata, StatefulSetSpec spec, StatefulSetStatus status, SetKind kind, SetExtensions extensions,
                          Derived derived) {

    public StatefulSet {
        status = status == null ? StatefulSetStatus.EMPTY : status;
        kind = kind == null ? SetKind.APPS_V1 : kind;
        extensions = extensions == null || !kind.isCustom() ? SetExtensions.NONE : extensions;
        derived = derived == null ? new Derived() : derived;
    }

    public StatefulSet(ObjectMeta metadata, StatefulSetSpec spec, StatefulSetStatus status, SetKind kind, SetExtensions extensions) {
        this(metadata, spec, status, kind, extensions, null);
    }

    /** An apps/v1 StatefulSet. */
    public StatefulSet(ObjectMeta metadata, StatefulSetSpec spec, StatefulSetStatus status) {
        this(metadata, spec, status, SetKind.APPS_V1, SetExtensions.NONE, null);
    }

    public String name() {
        return metadata.name();
    }

    public String namespace() {
        return metadata.namespace();
    }

    public ObjectKey key() {
        return ObjectKey.of(metadata);
    }

    public StatefulSet withMetadata(ObjectMeta value) {
        boolean onlyVersion = value.equals(metadata.withResourceVersion(value.resourceVersion()));
        return new StatefulSet(value, spec, status, kind, extensions, onlyVersion ? derived : null);
    }

    public StatefulSet withSpec(StatefulSetSpec value) {
        return new StatefulSet(metadata, value, status, kind, extensions);
    }

    public StatefulSet withStatus(StatefulSetStatus value) {
        boolean sameCollisions = value != null && Objects.equals(value.collisionCount(), status.collisionCount());
        return new StatefulSet(metadata, spec, value, kind, extensions, sameCollisions ? derived : null);
    }

    /** The same set served as {@code value} with {@code fields}; apps/v1 keeps none of them. */
    public StatefulSet as(SetKind value, SetExtensions fields) {
        return new StatefulSet(metadata, spec, status, value, fields);
    }
}
