package dev.stateful.domain.model;

import dev.stateful.domain.json.Json;

/** v1 PersistentVolumeClaim; the spec is passed through untouched. */
public record PersistentVolumeClaim(ObjectMeta metadata, Json.Obj spec, String phase) {

    public PersistentVolumeClaim {
        spec = spec == null ? Json.EMPTY_OBJECT : spec;
        phase = phase == null ? "" : phase;
    }

    public String name() {
        return metadata.name();
    }

    public boolean isTerminating() {
        return metadata.isTerminating();
    }

    public PersistentVolumeClaim withMetadata(ObjectMeta value) {
        return new PersistentVolumeClaim(value, spec, phase);
    }
}
