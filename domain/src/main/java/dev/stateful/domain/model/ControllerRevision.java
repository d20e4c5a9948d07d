package dev.stateful.domain.model;

/**
 * apps/v1 ControllerRevision. {@code data} is the raw JSON bytes (as a string) exactly as stored:
 * equality of revisions is decided on these bytes first.
 */
public record ControllerRevision(ObjectMeta metadata, String data, long revision) {

    public String name() {
        return metadata.name();
    }

    public ControllerRevision withMetadata(ObjectMeta value) {
        return new ControllerRevision(value, data, revision);
    }

    public ControllerRevision withRevision(long value) {
        return new ControllerRevision(metadata, data, value);
    }
}
