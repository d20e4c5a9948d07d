package dev.stateful.ports;

import dev.stateful.domain.consistency.OwnWrite;
import dev.stateful.domain.model.ControllerRevision;
import dev.stateful.domain.model.ObjectKey;
import dev.stateful.domain.model.ObjectMeta;
import dev.stateful.domain.model.PersistentVolumeClaim;
import dev.stateful.domain.model.Pod;
import dev.stateful.domain.model.StatefulSet;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

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

    /** The pod of that name (upstream's pod lister {@code Get}). */
    default Optional<Pod> pod(String namespace, String name) {
        return pods(namespace).stream().filter(p -> p.name().equals(name)).findFirst();
    }

    Optional<PersistentVolumeClaim> claim(String namespace, String name);

    /** Every claim in the namespace. */
    List<PersistentVolumeClaim> claims(String namespace);

    /** Every ControllerRevision in the namespace. */
    List<ControllerRevision> revisions(String namespace);

    /**
     * The set of that key whose latest state the cache holds but could not decode (an object the
     * API server stored that the codec refuses: one an earlier, looser schema of our kind's CRD
     * admitted, or anything on an API server that validates nothing), with what the decoder refused;
     * empty when its latest state was decoded or it is gone. {@link #statefulSet} meanwhile answers
     * the last state that was decoded, if any. Only caches that decode what they receive have such
     * sets (the fabric8 informers), and the gRPC client of the remote ports, which passes on a server's
     * and adds those whose JSON its own codec refuses; the default has none.
     */
    default Optional<UndecodableSet> undecodableStatefulSet(ObjectKey key) {
        return Optional.empty();
    }

    /**
     * {@link #statefulSet} and {@link #undecodableStatefulSet} of one key together, as a sync reads them:
     * a reader for which each lookup is a call (the remote ports' client) answers both with one.
     */
    default StatefulSetRead statefulSetRead(ObjectKey key) {
        return new StatefulSetRead(statefulSet(key), undecodableStatefulSet(key));
    }

    /**
     * Every set of the namespace ("" for all) whose latest state the cache holds but could not decode
     * ({@link #undecodableStatefulSet}), ordered by namespace then name. {@link #statefulSets} lists
     * none of them as they are now (at most the last state of each that was decoded): a lister of
     * everything the cache holds reads both, with {@link #statefulSetList}. The default has none.
     */
    default List<UndecodableSet> undecodableStatefulSets(String namespace) {
        return List.of();
    }

    /**
     * {@link #statefulSets} and {@link #undecodableStatefulSets} of one namespace together, as a lister of
     * every set as it is now reads them (the remote ports' {@code ListStatefulSetObjects} and their watch's
     * initial list), both of one moment: a set changing meanwhile is listed as it was then, undecodable
     * or decoded, neither as an old decoded state beside nothing nor missing from both. fabric8's
     * informers answer from one snapshot of each kind's cache, the remote ports' client from one
     * {@code ListStatefulSetObjects} call (where the two lists would be two calls). The default asks
     * the two in turn, for readers that have no undecodable sets.
     */
    default StatefulSetList statefulSetList(String namespace) {
        return new StatefulSetList(statefulSets(namespace), undecodableStatefulSets(namespace));
    }

    /**
     * The newest resourceVersion the cache of {@code kind} has seen (client-go's
     * {@code LastSyncResourceVersion}), or "" if unknown. Lets the reconciler tell that a cache
     * has seen its own write even when a later change hid it.
     */
    default String observedVersion(OwnWrite.Kind kind) {
        return "";
    }

    /**
     * What upstream's informers give through an owner index: the pods of the namespace whose
     * controller has uid {@code controllerUid}, and those with no controller (orphans a set may
     * adopt), in the order of {@link #pods}. Pods of other controllers are left out; a set's sync
     * ignores them anyway. The default filters {@link #pods}; an indexed cache answers without
     * copying the namespace.
     */
    default List<Pod> controlledPods(String namespace, String controllerUid) {
        return pods(namespace).stream()
                .filter(p -> controlledByOrOrphan(p.metadata(), controllerUid))
                .collect(Collectors.toUnmodifiableList());
    }

    /**
     * The revisions of the namespace controlled by {@code controllerUid} or by nobody, plus every
     * revision whose name starts with {@code namePrefix} whoever owns it (it occupies a name a new
     * revision of the set may want), in the order of {@link #revisions}. The default filters
     * {@link #revisions}.
     */
    default List<ControllerRevision> controlledRevisions(String namespace, String controllerUid, String namePrefix) {
        return revisions(namespace).stream()
                .filter(r -> r.name().startsWith(namePrefix) || controlledByOrOrphan(r.metadata(), controllerUid))
                .collect(Collectors.toUnmodifiableList());
    }

    /**
     * The claims of the namespace whose controller has uid {@code controllerUid}, in the order of
     * {@link #claims}: a set whose retention policy no longer lets it own claims looks for those it
     * must release. The default filters {@link #claims}; an indexed cache answers without copying
     * the namespace (this is asked on every sync of a set under the default policy, and the answer
     * is nearly always empty).
     */
    default List<PersistentVolumeClaim> claimsControlledBy(String namespace, String controllerUid) {
        return claims(namespace).stream()
                .filter(c -> c.metadata().isControlledBy(controllerUid))
                .collect(Collectors.toUnmodifiableList());
    }

    /** Whether the object's controller is {@code controllerUid}, or it has no controller. */
    static boolean controlledByOrOrphan(ObjectMeta meta, String controllerUid) {
        return meta.controllerRef().map(ref -> ref.uid().equals(controllerUid)).orElse(true);
    }
}
