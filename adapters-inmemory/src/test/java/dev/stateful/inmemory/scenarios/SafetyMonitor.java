package dev.stateful.inmemory.scenarios;

import dev.stateful.domain.identity.PodIdentity;
import dev.stateful.domain.model.ControllerRevision;
import dev.stateful.domain.model.ObjectKey;
import dev.stateful.domain.model.OwnerReference;
import dev.stateful.domain.model.Pod;
import dev.stateful.domain.model.StatefulSet;
import dev.stateful.domain.model.StatefulSetStatus;
import dev.stateful.domain.availability.Availability;
import dev.stateful.inmemory.InMemoryCluster;
import dev.stateful.inmemory.store.Change;
import dev.stateful.inmemory.store.ChangeListener;
import dev.stateful.inmemory.store.Kind;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Watches every committed change of the cluster and checks, at the instant of the write, the
 * safety rules of a StatefulSet:
 * <ul>
 *   <li>OrderedReady: a pod of a set is created only while every lower in-range ordinal exists, is
 *       not terminating, and is Running, Ready and available for minReadySeconds;</li>
 *   <li>at most one pod per name: a name is created again only after its previous pod was removed;</li>
 *   <li>a ControllerRevision is never removed while a pod of its set carries it as
 *       {@code controller-revision-hash};</li>
 *   <li>status counters stay consistent (ready &lt;= replicas, available &lt;= ready, current and
 *       updated &lt;= replicas) and observedGeneration never decreases nor passes the generation.</li>
 * </ul>
 * Violations are collected (a listener must not throw inside the API server's write).
 */
public final class SafetyMonitor implements ChangeListener {

    private final InMemoryCluster cluster;
    private final List<String> createdPods = new ArrayList<>();
    private final Set<ObjectKey> livePods = new HashSet<>();
    private final List<String> violations = new ArrayList<>();
    private boolean freshCache = true;

    private SafetyMonitor(InMemoryCluster cluster) {
        this.cluster = cluster;
        cluster.stores().pods().list("").forEach(p -> livePods.add(ObjectKey.of(p.metadata())));
    }

    public static SafetyMonitor attach(InMemoryCluster cluster) {
        SafetyMonitor monitor = new SafetyMonitor(cluster);
        cluster.stores().addListener(monitor);
        return monitor;
    }

    /** Pods of any set created so far, in order. */
    public synchronized List<String> createdPods() {
        return List.copyOf(createdPods);
    }

    /**
     * For runs where the controller's cache lags behind ({@code faults().staleReads}): stops checking
     * the rules that presume the controller sees the API server's state. The controller decides on
     * what its cache shows, as upstream's does, and the simulated cache, which shows the state as of
     * N writes ago, even moves back in time when its lag is switched on (a real informer never
     * does). Not checked then: OrderedReady judged on the stored pods, observedGeneration never
     * decreasing, revisions in use never deleted.
     */
    public synchronized void presumeLaggingCache() {
        freshCache = false;
    }

    public synchronized List<String> violations() {
        return List.copyOf(violations);
    }

    @Override
    public synchronized void changed(Change<?> change) {
        try {
            if (change.kind() == Kind.PODS) {
                podChanged((Pod) change.before(), (Pod) change.after());
            } else if (change.kind() == Kind.REVISIONS && change.isRemoved() && freshCache) {
                revisionRemoved((ControllerRevision) change.before());
            } else if (change.kind() == Kind.STATEFULSETS && !change.isRemoved()) {
                statusChanged((StatefulSet) change.before(), (StatefulSet) change.after());
            }
        } catch (RuntimeException e) {
            violations.add("monitor failed on " + change.kind() + " " + change.key() + ": " + e);
        }
    }

    private void podChanged(Pod before, Pod after) {
        if (before == null) {
            ObjectKey key = ObjectKey.of(after.metadata());
            createdPods.add(after.name());
            if (!livePods.add(key)) {
                violations.add(at() + "pod " + key + " created while a pod of that name still existed");
            }
            if (freshCache) {
                ownerOf(after).ifPresent(set -> checkOrderedCreation(set, after));
            }
        } else if (after == null) {
            livePods.remove(ObjectKey.of(before.metadata()));
        }
    }

    private void checkOrderedCreation(StatefulSet set, Pod created) {
        if (!set.spec().isMonotonic()) {
            return;
        }
        int ordinal = PodIdentity.ordinal(created);
        if (!PodIdentity.inOrdinalRange(set, ordinal)) {
            violations.add(at() + created.name() + " created outside the ordinal range of " + set.name()
                    + " (start " + set.spec().startOrdinal() + ", replicas " + set.spec().replicasOrDefault() + ")");
            return;
        }
        Instant now = cluster.clock().instant();
        int minReady = set.spec().minReadySeconds();
        for (int lower = set.spec().startOrdinal(); lower < ordinal; lower++) {
            String name = PodIdentity.podName(set, lower);
            Optional<Pod> pod = cluster.stores().pods().get(new ObjectKey(set.namespace(), name));
            String problem = pod.isEmpty() ? "missing"
                    : pod.get().isTerminating() ? "terminating"
                    : !Availability.isRunningAndReady(pod.get()) ? "not Running and Ready (" + pod.get().status().phase() + ")"
                    : !Availability.isAvailable(pod.get(), minReady, now) ? "not yet available for minReadySeconds=" + minReady
                    : null;
            if (problem != null) {
                violations.add(at() + "OrderedReady: " + created.name() + " created while " + name + " was " + problem);
            }
        }
    }

    private void revisionRemoved(ControllerRevision revision) {
        Optional<OwnerReference> owner = revision.metadata().controllerRef();
        for (Pod pod : cluster.stores().pods().list(revision.metadata().namespace())) {
            boolean sameOwner = owner.isPresent() && pod.metadata().controllerRef().map(r -> r.uid().equals(owner.get().uid())).orElse(false);
            if (sameOwner && PodIdentity.revisionOf(pod).equals(revision.name())) {
                violations.add(at() + "revision " + revision.name() + " deleted while pod " + pod.name() + " still uses it");
            }
        }
    }

    private void statusChanged(StatefulSet before, StatefulSet after) {
        StatefulSetStatus s = after.status();
        String name = after.name();
        if (s.readyReplicas() > s.replicas() || s.availableReplicas() > s.readyReplicas()
                || s.currentReplicas() > s.replicas() || s.updatedReplicas() > s.replicas()
                || s.replicas() < 0 || s.readyReplicas() < 0 || s.availableReplicas() < 0 || s.currentReplicas() < 0 || s.updatedReplicas() < 0) {
            violations.add(at() + "inconsistent status counters of " + name + ": " + s);
        }
        if (s.observedGeneration() > after.metadata().generation()) {
            violations.add(at() + "observedGeneration " + s.observedGeneration() + " ahead of generation " + after.metadata().generation());
        }
        if (freshCache && before != null && s.observedGeneration() < before.status().observedGeneration()) {
            violations.add(at() + "observedGeneration of " + name + " went back from " + before.status().observedGeneration()
                    + " to " + s.observedGeneration());
        }
    }

    private Optional<StatefulSet> ownerOf(Pod pod) {
        Optional<OwnerReference> ref = pod.metadata().controllerRef();
        if (ref.isEmpty()) {
            return Optional.empty();
        }
        return cluster.stores().statefulSets().list(pod.namespace()).stream()
                .filter(set -> set.metadata().uid().equals(ref.get().uid()))
                .findFirst();
    }

    private String at() {
        return "[" + cluster.clock().instant() + "] ";
    }
}
