package dev.stateful.grpc.testing;

import dev.stateful.grpc.remote.PortSet;
import dev.stateful.grpc.server.ManifestOutcome;
import dev.stateful.grpc.server.ManifestSink;
import dev.stateful.grpc.server.PortsSetBackend;
import dev.stateful.inmemory.InMemoryCluster;
import dev.stateful.inmemory.manifest.ApplyResult;
import dev.stateful.inmemory.manifest.ManifestApplier;
import dev.stateful.inmemory.manifest.ManifestException;

/** The in-memory cluster behind the gRPC adapters, wired as the app wires it. */
public final class InMemory {

    private InMemory() {
    }

    public static PortsSetBackend backend(InMemoryCluster cluster) {
        return new PortsSetBackend(cluster.reader(), cluster.clusterEvents(), cluster.user().statefulSets()::update,
                manifests(cluster), cluster.clock());
    }

    public static PortSet ports(InMemoryCluster cluster) {
        return new PortSet(cluster.reader(), cluster.clusterEvents(), cluster.podControl(), cluster.claimControl(),
                cluster.revisionControl(), cluster.statusWriter(), cluster.eventRecorder());
    }

    public static ManifestSink manifests(InMemoryCluster cluster) {
        return (manifest, namespace) -> {
            ApplyResult result;
            try {
                result = new ManifestApplier(cluster.user(), namespace).applyAllOrNothing(manifest);
            } catch (ManifestException e) {
                throw new IllegalArgumentException("manifest: not valid YAML: " + e.getMessage());
            }
            return new ManifestOutcome(
                    result.applied().stream().map(a -> new ManifestOutcome.Applied(a.kind().kindName(), a.key(), a.created())).toList(),
                    result.problems().stream().map(p -> new ManifestOutcome.Problem(p.document(), p.kind(), p.name(),
                            p.findings().stream().map(f -> new ManifestOutcome.Finding(f.field(), f.message(),
                                    f.location().line(), f.location().column())).toList())).toList());
        };
    }
}
