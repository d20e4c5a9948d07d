package dev.stateful.domain.model;

/**
 * apps/v1 StatefulSet.
 *
 * @param derived what the planner derives from this set alone (its validation, the revision its
 *     template makes), kept with it; any change makes a new set with nothing derived
 */
public record StatefulSet(ObjectMeta metadata, StatefulSetSpec spec, StatefulSetStatus status, Derived derived) {

    public StatefulSet {
        status = status == null ? StatefulSetStatus.EMPTY : status;
        derived = derived == null ? new Derived() : derived;
    }

    public StatefulSet(ObjectMeta metadata, StatefulSetSpec spec, StatefulSetStatus status) {
        this(metadata, spec, status, null);
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
        return new StatefulSet(value, spec, status);
    }

    public StatefulSet withSpec(StatefulSetSpec value) {
        return new StatefulSet(metadata, value, status);
    }

    public StatefulSet withStatus(StatefulSetStatus value) {
        return new StatefulSet(metadata, spec, value);
    }
}
