package dev.stateful.domain.model;

/** apps/v1 StatefulSet. */
public record StatefulSet(ObjectMeta metadata, StatefulSetSpec spec, StatefulSetStatus status) {

    public StatefulSet {
        status = status == null ? StatefulSetStatus.EMPTY : status;
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
