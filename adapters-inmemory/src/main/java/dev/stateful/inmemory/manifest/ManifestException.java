package dev.stateful.inmemory.manifest;

/** The manifest text is not valid YAML (or not a list of objects); the message names the position. */
public class ManifestException extends RuntimeException {

    private final Location location;

    public ManifestException(String problem, Location location) {
        super(location == null ? "malformed YAML: " + problem : "malformed YAML at " + location + ": " + problem);
        this.location = location;
    }

    /** Where the problem is, or null when the parser could not tell. */
    public Location location() {
        return location;
    }
}
