package dev.stateful.inmemory.simulation;

import dev.stateful.domain.model.ControllerRevision;
import dev.stateful.domain.model.ObjectKey;
import dev.stateful.domain.model.OwnerReference;
import dev.stateful.domain.model.PersistentVolumeClaim;
import dev.stateful.domain.model.Pod;
import dev.stateful.domain.model.StatefulSet;
import dev.stateful.inmemory.store.Kind;
import dev.stateful.ports.ApiException;
import dev.stateful.ports.ClaimControl;
import dev.stateful.ports.PodControl;
import dev.stateful.ports.RevisionControl;
import dev.stateful.ports.StatusWriter;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * The controller's write ports, wrapped: every write is first judged by the {@link InvariantChecker}
 * against what the controller knows, then made; once the API server accepted it, it becomes part
 * of what the controller knows ({@link ControllerCache#learned}), as the controller meant it (an
 * adoption adds the owner reference to the pod the controller saw, not to a fresher copy). A {@link #crashAt crash} can be armed to kill the controller
 * at its n-th write, before or after the write reaches the API server. A write that reaches the
 * API server from a process that does not hold the lease breaks {@code FENCING}.
 */
final class CheckedPorts {

    /** The controller process dies: thrown through the reconciler (it is not a RuntimeException, nothing catches it). */
    static final class ControllerCrash extends Error {
        ControllerCrash(String message) {
            super(message, null, false, false);
        }
    }

    private final InvariantChecker checker;
    private final ControllerCache cache;
    private final Clock clock;
    private final SeededScheduler scheduler;
    private final SimulatedLease lease;
    private final Supplier<String> writer;
    private int writes;
    private int crashAt;
    private boolean crashAfterWrite;
    private boolean crashed;

    /** @param writer the identity of the controller process whose writes these are; the {@code lease} says whether it may */
    CheckedPorts(InvariantChecker checker, ControllerCache cache, Clock clock, SeededScheduler scheduler,
                 SimulatedLease lease, Supplier<String> writer) {
        this.checker = checker;
        this.cache = cache;
        this.clock = clock;
        this.scheduler = scheduler;
        this.lease = lease;
        this.writer = writer;
    }

    /** Kills the controller at its {@code write}-th write from now (1: the next one). */
    void crashAt(int write, boolean afterWrite) {
        writes = 0;
        crashAt = write;
        crashAfterWrite = afterWrite;
        crashed = false;
    }

    void disarm() {
        crashAt = 0;
    }

    boolean crashed() {
        return crashed;
    }

    /** A write about an existing object: a NotFound answer tells the controller the object is gone. */
    private <T> T write(Kind kind, ObjectKey key, Supplier<T> call) {
        try {
            return write(call);
        } catch (ApiException.NotFound gone) {
            learn(kind, key, null);
            throw gone;
        }
    }

    /** The scheduler's yield point for this write came just before its leadership check ({@code SimulationRun.fenced}). */
    private <T> T write(Supplier<T> call) {
        writes++;
        boolean crashNow = crashAt > 0 && writes == crashAt;
        if (crashNow && !crashAfterWrite) {
            throw crash("the controller died before its write #" + writes);
        }
        String identity = writer.get();
        if (!lease.heldBy(identity)) {
            checker.violation(InvariantChecker.Rule.FENCING, identity + " writes after it lost the lease to " + lease.holder());
        }
        T result;
        try {
            result = call.get();
        } catch (RuntimeException e) {
            if (crashNow) {
                throw crash("the controller died after its write #" + writes + " (which failed: " + e.getMessage() + ")");
            }
            throw e;
        }
        if (crashNow) {
            throw crash("the controller died right after its write #" + writes);
        }
        return result;
    }

    private ControllerCrash crash(String message) {
        crashAt = 0;
        crashed = true;
        scheduler.processDied();
        return new ControllerCrash(message);
    }

    /** A write the API server accepted is part of what the controller knows, as the controller meant it. */
    private void learn(Kind kind, ObjectKey key, Object object) {
        cache.learned(kind, key, object);
    }

    private void run(Kind kind, ObjectKey key, Runnable call) {
        write(kind, key, () -> {
            call.run();
            return null;
        });
    }

    PodControl pods(PodControl delegate) {
        return new PodControl() {
            @Override
            public Pod create(Pod pod) {
                checker.beforePodCreate(pod);
                Pod created = write(() -> delegate.create(pod));
                learn(Kind.PODS, ObjectKey.of(created.metadata()), created);
                return created;
            }

            @Override
            public Pod update(Pod pod) {
                Pod updated = write(Kind.PODS, ObjectKey.of(pod.metadata()), () -> delegate.update(pod));
                learn(Kind.PODS, ObjectKey.of(pod.metadata()), pod);
                return updated;
            }

            @Override
            public void delete(String namespace, String name, String uid) {
                Pod known = checker.beforePodDelete(namespace, name, uid);
                run(Kind.PODS, new ObjectKey(namespace, name), () -> delegate.delete(namespace, name, uid));
                if (known != null && !known.isTerminating()) {
                    learn(Kind.PODS, new ObjectKey(namespace, name), known.withMetadata(known.metadata().withDeletionTimestamp(clock.instant())));
                }
            }

            @Override
            public Pod adopt(Pod pod, OwnerReference ref) {
                Pod adopted = write(Kind.PODS, ObjectKey.of(pod.metadata()), () -> delegate.adopt(pod, ref));
                List<OwnerReference> refs = new ArrayList<>(pod.metadata().ownerReferences());
                refs.removeIf(r -> r.uid().equals(ref.uid()));
                refs.add(ref);
                learn(Kind.PODS, ObjectKey.of(pod.metadata()), pod.withMetadata(pod.metadata().withOwnerReferences(refs)));
                return adopted;
            }

            @Override
            public Pod release(Pod pod, String ownerUid) {
                Pod released = write(Kind.PODS, ObjectKey.of(pod.metadata()), () -> delegate.release(pod, ownerUid));
                List<OwnerReference> refs = new ArrayList<>(pod.metadata().ownerReferences());
                refs.removeIf(r -> r.uid().equals(ownerUid));
                learn(Kind.PODS, ObjectKey.of(pod.metadata()), pod.withMetadata(pod.metadata().withOwnerReferences(refs)));
                return released;
            }
        };
    }

    ClaimControl claims(ClaimControl delegate) {
        return new ClaimControl() {
            @Override
            public PersistentVolumeClaim create(PersistentVolumeClaim claim) {
                checker.beforeClaimWrite(claim, "create");
                PersistentVolumeClaim created = write(() -> delegate.create(claim));
                learn(Kind.CLAIMS, ObjectKey.of(created.metadata()), created);
                return created;
            }

            @Override
            public PersistentVolumeClaim update(PersistentVolumeClaim claim) {
                checker.beforeClaimWrite(claim, "update");
                PersistentVolumeClaim updated = write(Kind.CLAIMS, ObjectKey.of(claim.metadata()), () -> delegate.update(claim));
                learn(Kind.CLAIMS, ObjectKey.of(updated.metadata()), updated);
                return updated;
            }

            @Override
            public Optional<PersistentVolumeClaim> read(String namespace, String name) {
                scheduler.yieldPoint();
                return delegate.read(namespace, name);
            }
        };
    }

    RevisionControl revisions(RevisionControl delegate) {
        return new RevisionControl() {
            @Override
            public ControllerRevision create(ControllerRevision revision) {
                ControllerRevision created = write(() -> delegate.create(revision));
                learn(Kind.REVISIONS, ObjectKey.of(created.metadata()), created);
                return created;
            }

            @Override
            public Optional<ControllerRevision> get(String namespace, String name) {
                return delegate.get(namespace, name);
            }

            @Override
            public ControllerRevision update(ControllerRevision revision) {
                ControllerRevision updated = write(Kind.REVISIONS, ObjectKey.of(revision.metadata()), () -> delegate.update(revision));
                learn(Kind.REVISIONS, ObjectKey.of(updated.metadata()), updated);
                return updated;
            }

            @Override
            public void delete(String namespace, String name) {
                checker.beforeRevisionDelete(namespace, name);
                run(Kind.REVISIONS, new ObjectKey(namespace, name), () -> delegate.delete(namespace, name));
                learn(Kind.REVISIONS, new ObjectKey(namespace, name), null);
            }

            @Override
            public ControllerRevision adopt(ControllerRevision revision, OwnerReference ref) {
                ControllerRevision adopted = write(Kind.REVISIONS, ObjectKey.of(revision.metadata()), () -> delegate.adopt(revision, ref));
                learn(Kind.REVISIONS, ObjectKey.of(adopted.metadata()), adopted);
                return adopted;
            }
        };
    }

    StatusWriter status(StatusWriter delegate) {
        return new StatusWriter() {
            @Override
            public StatefulSet updateStatus(StatefulSet set) {
                StatefulSet updated = write(Kind.STATEFULSETS, set.key(), () -> delegate.updateStatus(set));
                learn(Kind.STATEFULSETS, set.key(), set);
                return updated;
            }

            @Override
            public Optional<StatefulSet> get(String namespace, String name) {
                return delegate.get(namespace, name);
            }
        };
    }
}
