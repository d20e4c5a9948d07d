package dev.stateful.inmemory.ports;

import dev.stateful.domain.model.ObjectKey;
import dev.stateful.domain.model.StatefulSet;
import dev.stateful.inmemory.client.ResourceClient;
import dev.stateful.ports.StatusWriter;
import java.util.Optional;

/** {@link StatusWriter} on the in-memory API's {@code /status} subresource. */
public final class InMemoryStatusWriter implements StatusWriter {

    private final ResourceClient<StatefulSet> statefulSets;

    public InMemoryStatusWriter(ResourceClient<StatefulSet> statefulSets) {
        this.statefulSets = statefulSets;
    }

    @Override
    public StatefulSet updateStatus(StatefulSet set) {
        return statefulSets.updateStatus(set);
    }

    @Override
    public Optional<StatefulSet> get(String namespace, String name) {
        return statefulSets.get(new ObjectKey(namespace, name));
    }
}
