package dev.stateful.grpc.server;

import dev.stateful.domain.model.ControllerRevision;
import dev.stateful.domain.model.ObjectKey;
import dev.stateful.domain.model.PersistentVolumeClaim;
import dev.stateful.domain.model.Pod;
import dev.stateful.domain.model.StatefulSet;
import dev.stateful.ports.ClusterEvents;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * What {@link StatefulSetServiceImpl} needs from a cluster: reads, a user's spec update, a
 * manifest apply and change notifications. {@link PortsSetBackend} implements it over the ports;
 * the app supplies the two writes the ports lack. Methods throw {@code ApiException}.
 */
public interface SetBackend {

    /** True once the reads answer from a complete view (the caches have synced). */
    boolean ready();

    /** The cluster's time (pod availability under minReadySeconds is measured on it). */
    Instant now();

    Optional<StatefulSet> statefulSet(ObjectKey key);

    /** Every set in the namespace ("" for all). */
    List<StatefulSet> statefulSets(String namespace);

    List<Pod> pods(String namespace);

    List<PersistentVolumeClaim> claims(String namespace);

    List<ControllerRevision> revisions(String namespace);

    /** Replaces the set's spec as a user would; its resourceVersion is the precondition (Conflict when stale). */
    StatefulSet updateSpec(StatefulSet set);

    /** Applies a YAML manifest; {@link ManifestSink#UNSUPPORTED} when the cluster has no such thing. */
    ManifestOutcome apply(String manifest, String namespace);

    /**
     * Calls the handler after every change of a set or pod; returns the handle that stops it.
     * Handlers may be called under the cluster's lock: they must only take note and return.
     */
    AutoCloseable watch(ClusterEvents.Handler handler);
}
