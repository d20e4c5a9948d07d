package dev.stateful.domain.model;

import dev.stateful.domain.json.Json;

/**
 * v1 Pod. The spec stays a JSON tree: the controller only touches hostname, subdomain and volumes,
 * and must pass everything else through untouched.
 *
 * @param derived what the rules derive from this pod's spec (its claim volumes), kept with it; a pod
 *     with another spec is a new pod with nothing derived
 */
public record Pod(ObjectMeta metadata, Json.Obj spec, PodStatus status, Derived derived) {

    public Pod {
        spec = spec == null ? Json.EMPTY_OBJECT : spec;
        status = status == null ? PodStatus.NONE : status;
        derived = derived == null ? new Derived() : derived;
    }

    public Pod(ObjectMeta metadata, Json.Obj spec, PodStatus status) {
        this(metadata, spec, status, null);
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

    /** Derived values are of the spec alone: a pod with other metadata keeps them. */
    public Pod withMetadata(ObjectMeta value) {
        return new Pod(value, spec, status, derived);
    }

    public Pod withSpec(Json.Obj value) {
        return new Pod(metadata, value, status);
    }

    public Pod withStatus(PodStatus value) {
        return new Pod(metadata, spec, value, derived);
    }
}
