package dev.stateful.grpc.server;

import dev.stateful.domain.model.ControllerRevision;
import dev.stateful.domain.model.ObjectKey;
import dev.stateful.domain.model.PersistentVolumeClaim;
import dev.stateful.domain.model.Pod;
import dev.stateful.domain.model.StatefulSet;
import dev.stateful.ports.ClusterEvents;
import dev.stateful.ports.ClusterReader;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/** A {@link SetBackend} over the read ports, plus the two user writes the app supplies. */
public final class PortsSetBackend implements SetBackend {

    private final ClusterReader reader;
    private final ClusterEvents events;
    private final SpecWriter specs;
    private final ManifestSink manifests;
    private final Clock clock;

    public PortsSetBackend(ClusterReader reader, ClusterEvents events, SpecWriter specs, ManifestSink manifests, Clock clock) {
        this.reader = reader;
        this.events = events;
        this.specs = specs;
        this.manifests = manifests;
        this.clock = clock;
    }

    @Override
    public boolean ready() {
        return events.hasSynced();
    }

    @Override
    public Instant now() {
        return clock.instant();
    }

    @Override
    public Optional<StatefulSet> statefulSet(ObjectKey key) {
        return reader.statefulSet(key);
    }

    @Override
    public List<StatefulSet> statefulSets(String namespace) {
        return reader.statefulSets(namespace);
    }

    @Override
    public List<Pod> pods(String namespace) {
        return reader.pods(namespace);
    }

    @Override
    public List<PersistentVolumeClaim> claims(String namespace) {
        return reader.claims(namespace);
    }

    @Override
    public List<ControllerRevision> revisions(String namespace) {
        return reader.revisions(namespace);
    }

    @Override
    public StatefulSet updateSpec(StatefulSet set) {
        return specs.update(set);
    }

    @Override
    public ManifestOutcome apply(String manifest, String namespace) {
        return manifests.apply(manifest, namespace);
    }

    @Override
    public AutoCloseable watch(ClusterEvents.Handler handler) {
        return events.subscribe(handler);
    }
}
