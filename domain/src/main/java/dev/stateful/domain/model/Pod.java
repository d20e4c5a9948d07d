package dev.stateful.domain.model;

import dev.stateful.domain.json.Json;

/**
 * v1 Pod. The spec stays a JSON tree: the controller only touches hostname, subdomain and volumes,
 * and must pass everything else through untouched.
 */
public record Pod(ObjectMeta metadata, Json.Obj spec, PodStatus status) {

    public Pod {
        spec = spec == null ? Json.EMPTY_OBJECT : spec;
        status = status == null ? PodStatus.NONE : status;
    }

    public String name() {
        return metadata.name();
    }

    public String namespace() {
        return metadata.namespace();
    }

    public boolean isTerminating() {
        return metadata.isTerminating();
    }

    /**
     * Upstream's {@code isCreated} reads the phase, which every real API server sets on create
     * (Pending). A pod read back with a uid but no phase (fabric8's mock has no pod strategy) exists
     * too: creating it again could only be refused with AlreadyExists. Placeholders built by the
     * planner have neither.
     */
    public boolean isCreated() {
        return !status.phase().isEmpty() || (metadata.uid() != null && !metadata.uid().isEmpty());
    }

    public Pod withMetadata(ObjectMeta value) {
        return new Pod(value, spec, status);
    }

    public Pod withSpec(Json.Obj value) {
        return new Pod(metadata, value, status);
    }

    public Pod withStatus(PodStatus value) {
        return new Pod(metadata, spec, value);
    }
}
