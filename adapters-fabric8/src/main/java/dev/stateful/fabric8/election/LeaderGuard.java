package dev.stateful.fabric8.election;

import dev.stateful.domain.model.ControllerRevision;
import dev.stateful.domain.model.OwnerReference;
import dev.stateful.domain.model.PersistentVolumeClaim;
import dev.stateful.domain.model.Pod;
import dev.stateful.domain.model.StatefulSet;
import dev.stateful.ports.ClaimControl;
import dev.stateful.ports.EventRecorder;
import dev.stateful.ports.PodControl;
import dev.stateful.ports.RevisionControl;
import dev.stateful.ports.StatusWriter;
import java.util.Optional;

/** Wraps the write ports so that each write first passes the {@link LeadershipGate}; reads pass straight through. */
public final class LeaderGuard {

    private LeaderGuard() {
    }

    public static PodControl pods(LeadershipGate gate, PodControl delegate) {
        return new PodControl() {
            @Override
            public Pod create(Pod pod) {
                gate.check("create pod " + pod.name());
                return delegate.create(pod);
            }

            @Override
            public Pod update(Pod pod) {
                gate.check("update pod " + pod.name());
                return delegate.update(pod);
            }

            @Override
            public void delete(String namespace, String name, String uid) {
                gate.check("delete pod " + name);
                delegate.delete(namespace, name, uid);
            }

            @Override
            public Pod adopt(Pod pod, OwnerReference ref) {
                gate.check("adopt pod " + pod.name());
                return delegate.adopt(pod, ref);
            }

            @Override
            public Pod release(Pod pod, String ownerUid) {
                gate.check("release pod " + pod.name());
                return delegate.release(pod, ownerUid);
            }
        };
    }

    public static ClaimControl claims(LeadershipGate gate, ClaimControl delegate) {
        return new ClaimControl() {
            @Override
            public PersistentVolumeClaim create(PersistentVolumeClaim claim) {
                gate.check("create claim " + claim.name());
                return delegate.create(claim);
            }

            @Override
            public PersistentVolumeClaim update(PersistentVolumeClaim claim) {
                gate.check("update claim " + claim.name());
                return delegate.update(claim);
            }

            @Override
            public PersistentVolumeClaim resize(String namespace, String name, String storage) {
                gate.check("resize claim " + name);
                return delegate.resize(namespace, name, storage);
            }

            @Override
            public Optional<PersistentVolumeClaim> read(String namespace, String name) {
                return delegate.read(namespace, name);
            }
        };
    }

    public static RevisionControl revisions(LeadershipGate gate, RevisionControl delegate) {
        return new RevisionControl() {
            @Override
            public ControllerRevision create(ControllerRevision revision) {
                gate.check("create revision " + revision.name());
                return delegate.create(revision);
            }

            @Override
            public Optional<ControllerRevision> get(String namespace, String name) {
                return delegate.get(namespace, name);
            }

            @Override
            public ControllerRevision update(ControllerRevision revision) {
                gate.check("update revision " + revision.name());
                return delegate.update(revision);
            }

            @Override
            public void delete(String namespace, String name) {
                gate.check("delete revision " + name);
                delegate.delete(namespace, name);
            }

            @Override
            public ControllerRevision adopt(ControllerRevision revision, OwnerReference ref) {
                gate.check("adopt revision " + revision.name());
                return delegate.adopt(revision, ref);
            }
        };
    }

    public static StatusWriter status(LeadershipGate gate, StatusWriter delegate) {
        return new StatusWriter() {
            @Override
            public StatefulSet updateStatus(StatefulSet set) {
                gate.check("update status of " + set.name());
                return delegate.updateStatus(set);
            }

            @Override
            public Optional<StatefulSet> get(String namespace, String name) {
                return delegate.get(namespace, name);
            }
        };
    }

    /** Events are best effort: when not leading they are dropped, not thrown. */
    public static EventRecorder events(LeadershipGate gate, EventRecorder delegate) {
        return (set, type, reason, message) -> {
            if (gate.isOpen()) {
                delegate.record(set, type, reason, message);
            }
        };
    }
}
