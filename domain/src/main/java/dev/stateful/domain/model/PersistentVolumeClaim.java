package dev.stateful.domain.model;

import dev.stateful.domain.json.Json;

/**
 * v1 PersistentVolumeClaim; the spec is passed through untouched.
 *
 * @param capacity {@code status.capacity.storage} as the API server shows it, "" when absent (an
 *     unbound claim): what a storage resize waits for
 */
public record PersistentVolumeClaim(ObjectMeta metadata, Json.Obj spec, String phase, String capacity) {

    public PersistentVolumeClaim {
        spec = spec == null ? Json.EMPTY_OBJECT : spec;
        phase = phase == null ? "" : phase;
        capacity = capacity == null ? "" : capacity;
    }

    public PersistentVolumeClaim(ObjectMeta metadata, Json.Obj spec, String phase) {
        this(metadata, spec, phase, "");
    }

    public String name() {
        return metadata.name();
    }

    public boolean isTerminating() {
        return metadata.isTerminating();
    }

    /** {@code spec.resources.requests.storage}, "" when absent. */
    public String requestedStorage() {
        return spec.objectOrEmpty("resources").objectOrEmpty("requests").string("storage").orElse("");
    }

    public PersistentVolumeClaim withMetadata(ObjectMeta value) {
        return new PersistentVolumeClaim(value, spec, phase, capacity);
    }

    public PersistentVolumeClaim withCapacity(String value) {
        return new PersistentVolumeClaim(metadata, spec, phase, value);
    }
}
