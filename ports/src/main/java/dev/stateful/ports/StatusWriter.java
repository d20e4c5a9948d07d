package dev.stateful.ports;

import dev.stateful.domain.model.StatefulSet;
import java.util.Optional;

/**
 * Writes StatefulSet status through the {@code /status} subresource (upstream
 * {@code StatefulSetStatusUpdater}). A plain update of the whole object would lose the status on
 * a real API server.
 */
public interface StatusWriter {

    /** Writes {@code set.status()}; {@code set}'s resourceVersion is the precondition (Conflict). */
    StatefulSet updateStatus(StatefulSet set);

    /** Uncached read of the set, used to retry a status write after a conflict and to re-check before adoption. */
    Optional<StatefulSet> get(String namespace, String name);
}
