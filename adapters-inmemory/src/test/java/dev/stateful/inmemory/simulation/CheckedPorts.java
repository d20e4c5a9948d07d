package dev.stateful.inmemory.simulation;

import dev.stateful.domain.model.ControllerRevision;
import dev.stateful.domain.model.OwnerReference;
import dev.stateful.domain.model.PersistentVolumeClaim;
import dev.stateful.domain.model.Pod;
import dev.stateful.domain.model.StatefulSet;
import dev.stateful.ports.ClaimControl;
import dev.stateful.ports.PodControl;
import dev.stateful.ports.RevisionControl;
import dev.stateful.ports.StatusWriter;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * The controller's write ports, wrapped: every write is first judged by the {@link InvariantChecker}
 * against what the controller knows, then marked as the controller's own in the
 * {@link ControllerCache}, then made. A {@link #crashAt crash} can be armed to kill the controller
 * at its n-th write, before or after the write reaches the API server.
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
    private int writes;
    private int crashAt;
    private boolean crashAfterWrite;
    private boolean crashed;

    CheckedPorts(InvariantChecker checker, ControllerCache cache) {
        this.checker = checker;
        this.cache = cache;
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

    private <T> T write(Supplier<T> call) {
        writes++;
        boolean crashNow = crashAt > 0 && writes == crashAt;
        if (crashNow && !crashAfterWrite) {
            crashAt = 0;
            crashed = true;
            throw new ControllerCrash("the controller died before its write #" + writes);
        }
        T result;
        cache.controllerWriting(true);
        try {
            result = call.get();
        } catch (RuntimeException e) {
            if (crashNow) {
                crashAt = 0;
                crashed = true;
                throw new ControllerCrash("the controller died after its write #" + writes + " (which failed: " + e.getMessage() + ")");
            }
            throw e;
        } finally {
            cache.controllerWriting(false);
        }
        if (crashNow) {
            crashAt = 0;
            crashed = true;
            throw new ControllerCrash("the controller died right after its write #" + writes);
        }
        return result;
    }

    private void run(Runnable call) {
        write(() -> {
            call.run();
            return null;
        });
    }

    PodControl pods(PodControl delegate) {
        return new PodControl() {
            @Override
            public Pod create(Pod pod) {
                checker.beforePodCreate(pod);
                return write(() -> delegate.create(pod));
            }

            @Override
            public Pod update(Pod pod) {
                return write(() -> delegate.update(pod));
            }

            @Override
            public void delete(String namespace, String name, String uid) {
                checker.beforePodDelete(namespace, name, uid);
                run(() -> delegate.delete(namespace, name, uid));
            }

            @Override
            public Pod adopt(Pod pod, OwnerReference ref) {
                return write(() -> delegate.adopt(pod, ref));
            }

            @Override
            public Pod release(Pod pod, String ownerUid) {
                return write(() -> delegate.release(pod, ownerUid));
            }
        };
    }

    ClaimControl claims(ClaimControl delegate) {
        return new ClaimControl() {
            @Override
            public PersistentVolumeClaim create(PersistentVolumeClaim claim) {
                checker.beforeClaimWrite(claim, "create");
                return write(() -> delegate.create(claim));
            }

            @Override
            public PersistentVolumeClaim update(PersistentVolumeClaim claim) {
                checker.beforeClaimWrite(claim, "update");
                return write(() -> delegate.update(claim));
            }
        };
    }

    RevisionControl revisions(RevisionControl delegate) {
        return new RevisionControl() {
            @Override
            public ControllerRevision create(ControllerRevision revision) {
                return write(() -> delegate.create(revision));
            }

            @Override
            public Optional<ControllerRevision> get(String namespace, String name) {
                return delegate.get(namespace, name);
            }

            @Override
            public ControllerRevision update(ControllerRevision revision) {
                return write(() -> delegate.update(revision));
            }

            @Override
            public void delete(String namespace, String name) {
                checker.beforeRevisionDelete(namespace, name);
                run(() -> delegate.delete(namespace, name));
            }

            @Override
            public ControllerRevision adopt(ControllerRevision revision, OwnerReference ref) {
                return write(() -> delegate.adopt(revision, ref));
            }
        };
    }

    StatusWriter status(StatusWriter delegate) {
        return new StatusWriter() {
            @Override
            public StatefulSet updateStatus(StatefulSet set) {
                return write(() -> delegate.updateStatus(set));
            }

            @Override
            public Optional<StatefulSet> get(String namespace, String name) {
                return delegate.get(namespace, name);
            }
        };
    }
}
