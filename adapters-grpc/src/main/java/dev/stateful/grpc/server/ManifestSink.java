package dev.stateful.grpc.server;

/** Applies a YAML manifest (kubectl apply); only the in-memory cluster has one. */
@FunctionalInterface
public interface ManifestSink {

    /** For clusters that do not take manifests: Apply fails with FAILED_PRECONDITION. */
    ManifestSink UNSUPPORTED = (manifest, namespace) -> {
        throw new UnsupportedOperationException("Apply is only available when serving the in-memory cluster; use kubectl apply");
    };

    /**
     * All or nothing: when any document has a problem, nothing is applied and every problem is returned.
     *
     * @param namespace for documents that name none
     * @throws IllegalArgumentException when the text is not YAML at all
     */
    ManifestOutcome apply(String manifest, String namespace);
}
