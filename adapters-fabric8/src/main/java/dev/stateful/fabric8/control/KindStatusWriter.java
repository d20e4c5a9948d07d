package dev.stateful.fabric8.control;

import dev.stateful.domain.model.SetKind;
import dev.stateful.domain.model.StatefulSet;
import dev.stateful.ports.StatusWriter;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/** One {@link StatusWriter} per kind the controller manages; each set's status goes to its own kind's API. */
public final class KindStatusWriter implements StatusWriter {

    private final Map<SetKind, StatusWriter> writers;

    /** @param writers by kind, in the order {@link #get} looks the name up */
    public KindStatusWriter(Map<SetKind, StatusWriter> writers) {
        this.writers = new LinkedHashMap<>(writers);
    }

    @Override
    public StatefulSet updateStatus(StatefulSet set) {
        StatusWriter writer = writers.get(set.kind());
        if (writer == null) {
            throw new IllegalStateException(set.kind().apiVersion() + " StatefulSets are not managed here: " + set.key());
        }
        return writer.updateStatus(set);
    }

    @Override
    public Optional<StatefulSet> get(String namespace, String name) {
        for (StatusWriter writer : writers.values()) {
            Optional<StatefulSet> found = writer.get(namespace, name);
            if (found.isPresent()) {
                return found;
            }
        }
        return Optional.empty();
    }
}
