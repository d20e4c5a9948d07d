package dev.stateful.inmemory.manifest;

/** A position in the manifest text, 1-based like editors show it. */
public record Location(int line, int column) {

    @Override
    public String toString() {
        return "line " + line + ", column " + column;
    }
}
