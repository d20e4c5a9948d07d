package dev.stateful.inmemory.manifest;

/**
 * {@code InMemoryCluster.apply} was given a manifest the API server would refuse. An
 * {@link AssertionError}, so that a test applying it fails at that line with every problem listed,
 * instead of going on with a cluster that lacks the refused objects. The documents without
 * problems were applied. Use {@code applyAllowingProblems} to look at the problems instead.
 */
public final class InvalidManifestException extends AssertionError {

    private final transient ApplyResult result;

    public InvalidManifestException(ApplyResult result) {
        super("the manifest has problems (use applyAllowingProblems to inspect them):\n" + result.describeProblems());
        this.result = result;
    }

    /** What was applied and what was refused. */
    public ApplyResult result() {
        return result;
    }
}
