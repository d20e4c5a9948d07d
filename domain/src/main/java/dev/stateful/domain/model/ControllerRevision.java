package dev.stateful.domain.model;

import dev.stateful.domain.json.Json;

/**
 * apps/v1 ControllerRevision. {@code data} is the raw JSON bytes (as a string) exactly as stored:
 * equality of revisions is decided on these bytes first. {@code decoded} is the same data as a JSON
 * tree, read once by whoever made the record (the codec from the wire, {@code RevisionHistory.newRevision}
 * from the template it serialised), or null if the data is not JSON: what the revision restores is
 * read from it, sync after sync, without parsing the bytes again.
 */
public record ControllerRevision(ObjectMeta metadata, String data, long revision, Json decoded) {

    public String name() {
        return metadata.name();
    }

    public ControllerRevision withMetadata(ObjectMeta value) {
        return new ControllerRevision(value, data, revision, decoded);
    }

    public ControllerRevision withRevision(long value) {
        return new ControllerRevision(metadata, data, value, decoded);
    }
}
