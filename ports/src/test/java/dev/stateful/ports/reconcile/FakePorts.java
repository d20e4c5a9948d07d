package dev.stateful.ports.reconcile;

import dev.stateful.domain.model.ControllerRevision;
import dev.stateful.domain.model.ObjectMeta;
import dev.stateful.domain.model.OwnerReference;
import dev.stateful.domain.model.PersistentVolumeClaim;
import dev.stateful.domain.model.Pod;
import dev.stateful.domain.model.StatefulSet;
import dev.stateful.ports.ClaimControl;
import dev.stateful.ports.EventRecorder;
import dev.stateful.ports.PodControl;
import dev.stateful.ports.RevisionControl;
import dev.stateful.ports.StatusWriter;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The write ports over a few maps, for the units of {@code ports.reconcile}: every call is logged
 * by name ({@code "pods.create web-0"}), a test queues the errors the next calls of a kind throw,
 * and events are kept as {@code "Type Reason: message"}. No preconditions are checked.
 */
final class FakePorts implements PodControl, ClaimControl, RevisionControl, EventRecorder {

    final Map<String, Pod> pods = new LinkedHashMap<>();
    final Map<String, PersistentVolumeClaim> claims = new LinkedHashMap<>();
    final Map<String, ControllerRevision> revisions = new LinkedHashMap<>();
    /** What an uncached read of the set returns (empty: the set is gone). */
    Optional<StatefulSet> set = Optional.empty();
    final List<String> calls = new ArrayList<>();
    final List<String> events = new ArrayList<>();
    private final Map<String, Deque<RuntimeException>> failures = new HashMap<>();
    private int versions;

    /** The next call of {@code kind} (e.g. {@code "pods.create"}) throws {@code error}; queued errors are thrown in order. */
    FakePorts failNext(String kind, RuntimeException error) {
        failures.computeIfAbsent(kind, k -> new ArrayDeque<>()).add(error);
        return this;
    }

    private void call(String kind, String name) {
        calls.add(kind + " " + name);
        Deque<RuntimeException> queued = failures.get(kind);
        if (queued != null && !queued.isEmpty()) {
            throw queued.poll();
        }
    }

    private ObjectMeta written(ObjectMeta meta) {
        return meta.withResourceVersion(String.valueOf(++versions));
    }

    @Override
    public Pod create(Pod pod) {
        call("pods.create", pod.name());
        Pod created = pod.withMetadata(written(pod.metadata()).withUid(pod.name() + "-uid"));
        pods.put(pod.name(), created);
        return created;
    }

    @Override
    public Pod update(Pod pod) {
        call("pods.update", pod.name());
        Pod updated = pod.withMetadata(written(pod.metadata()));
        pods.put(pod.name(), updated);
        return updated;
    }

    @Override
    public void delete(String namespace, String name, String uid) {
        call("pods.delete", name);
        pods.remove(name);
    }

    @Override
    public Pod adopt(Pod pod, OwnerReference ref) {
        call("pods.adopt", pod.name());
        List<OwnerReference> refs = new ArrayList<>(pod.metadata().ownerReferences());
        refs.add(ref);
        Pod adopted = pod.withMetadata(written(pod.metadata()).withOwnerReferences(refs));
        pods.put(pod.name(), adopted);
        return adopted;
    }

    @Override
    public Pod release(Pod pod, String ownerUid) {
        call("pods.release", pod.name());
        Pod released = pod.withMetadata(written(pod.metadata()).withOwnerReferences(
                pod.metadata().ownerReferences().stream().filter(r -> !r.uid().equals(ownerUid)).toList()));
        pods.put(pod.name(), released);
        return released;
    }

    @Override
    public PersistentVolumeClaim create(PersistentVolumeClaim claim) {
        call("claims.create", claim.name());
        PersistentVolumeClaim created = claim.withMetadata(written(claim.metadata()).withUid(claim.name() + "-uid"));
        claims.put(claim.name(), created);
        return created;
    }

    @Override
    public PersistentVolumeClaim update(PersistentVolumeClaim claim) {
        call("claims.update", claim.name());
        PersistentVolumeClaim updated = claim.withMetadata(written(claim.metadata()));
        claims.put(claim.name(), updated);
        return updated;
    }

    @Override
    public ControllerRevision create(ControllerRevision revision) {
        call("revisions.create", revision.name());
        revisions.put(revision.name(), revision);
        return revision;
    }

    @Override
    public Optional<ControllerRevision> get(String namespace, String name) {
        call("revisions.get", name);
        return Optional.ofNullable(revisions.get(name));
    }

    @Override
    public ControllerRevision update(ControllerRevision revision) {
        call("revisions.update", revision.name());
        revisions.put(revision.name(), revision);
        return revision;
    }

    @Override
    public void delete(String namespace, String name) {
        call("revisions.delete", name);
        revisions.remove(name);
    }

    @Override
    public ControllerRevision adopt(ControllerRevision revision, OwnerReference ref) {
        call("revisions.adopt", revision.name());
        ControllerRevision adopted = revision.withMetadata(revision.metadata().withOwnerReferences(List.of(ref)));
        revisions.put(revision.name(), adopted);
        return adopted;
    }

    /** The {@code /status} port: a write stores the set, {@code get} returns {@link #set}. */
    final StatusWriter status = new StatusWriter() {
        @Override
        public StatefulSet updateStatus(StatefulSet written) {
            call("status.update", written.name());
            StatefulSet stored = written.withMetadata(written(written.metadata()));
            set = Optional.of(stored);
            return stored;
        }

        @Override
        public Optional<StatefulSet> get(String namespace, String name) {
            call("sets.get", name);
            return set;
        }
    };

    @Override
    public void record(StatefulSet on, Type type, String reason, String message) {
        events.add(type + " " + reason + ": " + message);
    }
}
