package dev.stateful.inmemory.manifest;

/**
 * One problem with a manifest document.
 *
 * @param field the field path ("" when the problem is the whole object)
 * @param location where the field (or its closest written ancestor) is in the text
 */
public record Finding(String field, String message, Location location) {

    @Override
    public String toString() {
        return location + ": " + message;
    }
}
