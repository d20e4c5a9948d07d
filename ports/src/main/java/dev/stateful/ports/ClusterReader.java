package dev.stateful.ports;

import dev.stateful.domain.consistency.OwnWrite;
import dev.stateful.domain.model.ControllerRevision;
import dev.stateful.domain.model.ObjectKey;
import dev.stateful.domain.model.PersistentVolumeClaim;
import dev.stateful.domain.model.Pod;
import dev.stateful.domain.model.StatefulSet;
import java.util.List;
import java.util.Optional;

/**
 * The read side: what the informer caches hold (upstream listers). Answers may be stale; writes
 * through the other ports are guarded by resourceVersion and uid so staleness is safe.
 */
public interface ClusterReader {

    Optional<StatefulSet> statefulSet(ObjectKey key);

    /** Every StatefulSet in the namespace ("" for all namespaces). */
    List<StatefulSet> statefulSets(String namespace);

    /** Every pod in the namespace; the controller claims its own by owner reference and selector. */
    List<Pod> pods(String namespace);

    Optional<PersistentVolumeClaim> claim(String namespace, String name);

    /** Every claim in the namespace. */
    List<PersistentVolumeClaim> claims(String namespace);

    /** Every ControllerRevision in the namespace. */
    List<ControllerRevision> revisions(String namespace);

    /**
     * The newest resourceVersion the cache of {@code kind} has seen (client-go's
     * {@code LastSyncResourceVersion}), or "" if unknown. Lets the reconciler tell that a cache
     * has seen its own write even when a later change hid it.
     */
    default String observedVersion(OwnWrite.Kind kind) {
        return "";
    }
}
