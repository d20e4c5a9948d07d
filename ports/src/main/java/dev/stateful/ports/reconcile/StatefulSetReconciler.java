package dev.stateful.ports.reconcile;

import dev.stateful.domain.consistency.OwnWrite;
import dev.stateful.domain.identity.PodIdentity;
import dev.stateful.domain.model.ControllerRevision;
import dev.stateful.domain.model.ObjectKey;
import dev.stateful.domain.model.PersistentVolumeClaim;
import dev.stateful.domain.model.Pod;
import dev.stateful.domain.model.StatefulSet;
import dev.stateful.domain.model.StatefulSetStatus;
import dev.stateful.domain.revision.RevisionWrite;
import dev.stateful.domain.status.InvalidSpecCondition;
import dev.stateful.domain.status.StatusRules;
import dev.stateful.domain.sync.Operation;
import dev.stateful.domain.sync.Ownership;
import dev.stateful.domain.sync.Phase;
import dev.stateful.domain.sync.Plan;
import dev.stateful.domain.sync.Snapshot;
import dev.stateful.domain.sync.StatefulSetPlanner;
import dev.stateful.ports.ApiException;
import dev.stateful.ports.ClaimControl;
import dev.stateful.ports.ClusterReader;
import dev.stateful.ports.EventRecorder;
import dev.stateful.ports.PodControl;
import dev.stateful.ports.RevisionControl;
import dev.stateful.ports.StatusWriter;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicInteger;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Syncs one StatefulSet (upstream {@code sync} + {@code UpdateStatefulSet}): reads a snapshot,
 * asks the domain for a plan, and executes it through the ports with upstream's error and event
 * semantics. Between syncs it holds only the writes the caches have not shown yet ({@link OwnWrites}),
 * so a restart, which starts from freshly listed caches, loses nothing.
 */
public final class StatefulSetReconciler {

    private static final Logger LOG = LoggerFactory.getLogger(StatefulSetReconciler.class);
    private static final int MAX_COLLISION_RETRIES = 5;
    private static final int MAX_STATUS_CONFLICT_RETRIES = 5;
    /** When to look again at a set whose own writes the caches do not show yet (pod events also bring it back). */
    static final Duration CACHE_POLL = Duration.ofMillis(100);

    private final ClusterReader reader;
    private final PodControl pods;
    private final ClaimControl claims;
    private final RevisionControl revisions;
    private final StatusWriter statusWriter;
    private final EventRecorder events;
    private final Clock clock;
    private final Executor batchExecutor;
    private final ReconcileListener listener;
    private final OwnWrites ownWrites;

    /** A reconciler that decides from whatever the caches hold ({@link OwnWrites#off()}). */
    public StatefulSetReconciler(ClusterReader reader, PodControl pods, ClaimControl claims, RevisionControl revisions,
                                 StatusWriter statusWriter, EventRecorder events, Clock clock, Executor batchExecutor,
                                 ReconcileListener listener) {
        this(reader, pods, claims, revisions, statusWriter, events, clock, batchExecutor, listener, OwnWrites.off());
    }

    /**
     * @param batchExecutor runs the calls of one Parallel batch; a direct executor keeps runs
     *        deterministic, a thread pool makes them concurrent as upstream does
     * @param ownWrites the pod and claim writes a sync waits to see in the caches before deciding again
     */
    public StatefulSetReconciler(ClusterReader reader, PodControl pods, ClaimControl claims, RevisionControl revisions,
                                 StatusWriter statusWriter, EventRecorder events, Clock clock, Executor batchExecutor,
                                 ReconcileListener listener, OwnWrites ownWrites) {
        this.reader = reader;
        this.pods = pods;
        this.claims = claims;
        this.revisions = revisions;
        this.statusWriter = statusWriter;
        this.events = events;
        this.clock = clock;
        this.batchExecutor = batchExecutor;
        this.listener = listener;
        this.ownWrites = ownWrites;
    }

    /**
     * The snapshot the planner decides from, read from the caches: only what this set's sync looks
     * at (its pods and orphans, the claims it names, its revisions and those that could clash), so a
     * sync costs the size of the set, not of the namespace.
     */
    public Optional<Snapshot> snapshot(ObjectKey key) {
        return reader.statefulSet(key).map(set -> {
            String namespace = set.namespace();
            String uid = set.metadata().uid();
            List<Pod> owned = reader.controlledPods(namespace, uid);
            Map<String, PersistentVolumeClaim> claims = Snapshot.claimsOf(set, owned, name -> reader.claim(namespace, name),
                    () -> reader.claims(namespace));
            return new Snapshot(set, owned, claims, reader.controlledRevisions(namespace, uid, set.name() + "-"), clock.instant());
        });
    }

    public SyncResult sync(ObjectKey key) {
        OwnWrites.Observed versions = ownWrites.enabled() ? OwnWrites.Observed.from(reader) : null;
        Optional<Snapshot> observed = snapshot(key);
        if (observed.isEmpty()) {
            LOG.debug("StatefulSet {} has been deleted", key);
            ownWrites.forget(key);
            SyncResult result = new SyncResult(key, Optional.empty(), Optional.empty(), Optional.empty(), 0);
            listener.synced(result);
            return result;
        }
        List<OwnWrite> unseen = ownWrites.enabled() ? ownWrites.unseen(key, observed.get(), versions) : List.of();
        if (!unseen.isEmpty()) {
            LOG.debug("StatefulSet {}: the caches do not show {} of its own writes yet ({}), looking again later", key, unseen.size(), unseen);
            SyncResult result = new SyncResult(key, Optional.empty(), Optional.empty(), Optional.of(CACHE_POLL), 0);
            listener.synced(result);
            return result;
        }
        Execution run = new Execution(observed.get());
        SyncResult result = run.execute();
        listener.synced(result);
        return result;
    }

    /** One execution of one plan; counts writes and keeps the first error. */
    private final class Execution {
        private Snapshot snapshot;
        private final StatefulSet set;
        private final AtomicInteger writes = new AtomicInteger();
        private final AtomicInteger rollingDeletes = new AtomicInteger();

        Execution(Snapshot snapshot) {
            this.snapshot = snapshot;
            this.set = snapshot.set();
        }

        SyncResult execute() {
            Plan plan = StatefulSetPlanner.plan(snapshot);
            if (!plan.isValid()) {
                return refuseInvalid(plan);
            }
            try {
                adoptAndRelease(plan);
            } catch (RuntimeException e) {
                return new SyncResult(set.key(), Optional.of(plan), Optional.of(e), Optional.empty(), writes.get());
            }
            try {
                plan = writeRevision(plan);
            } catch (RuntimeException e) {
                // upstream's UpdateStatefulSet truncates history even then, with no current or update revision
                truncateHistory(plan.revisionsToDeleteIfWriteFails());
                return new SyncResult(set.key(), Optional.of(plan), Optional.of(e), Optional.empty(), writes.get());
            }
            RuntimeException syncError = runPhases(plan);
            RuntimeException statusError = writeStatus(plan);
            RuntimeException historyError = truncateHistory(plan.revisionsToDelete());
            RuntimeException error = syncError != null ? syncError : statusError != null ? statusError : historyError;
            return new SyncResult(set.key(), Optional.of(plan), Optional.ofNullable(error), plan.requeueAfter(), writes.get());
        }

        /**
         * An invalid set is not synced: a Warning event and an {@code InvalidSpec} condition name
         * every offending field. Nothing else is written, so a later valid spec starts cleanly.
         */
        private SyncResult refuseInvalid(Plan plan) {
            String message = InvalidSpecCondition.message(plan.violations());
            events.record(set, EventRecorder.Type.Warning, Events.FAILED_VALIDATION, "invalid StatefulSet: " + message);
            StatefulSetStatus flagged = InvalidSpecCondition.set(set.status(), plan.violations(), clock.instant());
            RuntimeException error = null;
            if (!flagged.conditions().equals(set.status().conditions())) {
                LOG.atWarn().addKeyValue("statefulSet", set.key()).addKeyValue("err", message).log("StatefulSet is invalid, not syncing it");
                try {
                    ownWrites.record(set.key(), OwnWrite.statusWritten(statusWriter.updateStatus(set.withStatus(flagged))));
                    writes.incrementAndGet();
                } catch (ApiException.NotFound gone) {
                    // deleted meanwhile
                } catch (RuntimeException e) {
                    error = e;
                }
            }
            return new SyncResult(set.key(), Optional.of(plan), Optional.ofNullable(error), Optional.empty(), writes.get());
        }

        private void adoptAndRelease(Plan plan) {
            boolean checked = false;
            for (Ownership.Change change : plan.ownership()) {
                if (!checked && !(change instanceof Ownership.Change.ReleasePod)) {
                    canAdopt();
                    checked = true;
                }
                if (change instanceof Ownership.Change.AdoptPod a) {
                    ownWrites.record(set.key(), OwnWrite.updated(pods.adopt(a.pod(), PodIdentity.controllerRef(set))));
                } else if (change instanceof Ownership.Change.ReleasePod r) {
                    try {
                        ownWrites.record(set.key(), OwnWrite.updated(pods.release(r.pod(), set.metadata().uid())));
                    } catch (ApiException.NotFound | ApiException.Invalid ignored) {
                        // the pod is gone or changed owner: nothing left to release
                    }
                } else if (change instanceof Ownership.Change.AdoptRevision r) {
                    revisions.adopt(r.revision(), PodIdentity.controllerRef(set));
                }
                writes.incrementAndGet();
            }
        }

        /** Upstream {@code canAdopt}: an uncached read proves the set still exists with the same uid. */
        private void canAdopt() {
            StatefulSet fresh = statusWriter.get(set.namespace(), set.name())
                    .orElseThrow(() -> new ApiException.NotFound("original StatefulSet " + set.key() + " is gone"));
            if (!fresh.metadata().uid().equals(set.metadata().uid())) {
                throw new ApiException.Conflict("original StatefulSet " + set.key() + " is gone: got uid "
                        + fresh.metadata().uid() + ", wanted " + set.metadata().uid());
            }
            if (fresh.metadata().isTerminating()) {
                throw new ApiException.Conflict(set.key() + " has just been deleted");
            }
        }

        /** Creates or renumbers the update revision; a name collision adds the clashing object and re-plans. */
        private Plan writeRevision(Plan plan) {
            for (int attempt = 0; ; attempt++) {
                RevisionWrite write = plan.revisions().write();
                if (write instanceof RevisionWrite.Renumber r) {
                    revisions.update(r.renumbered());
                    writes.incrementAndGet();
                    return plan;
                }
                if (!(write instanceof RevisionWrite.Create c)) {
                    return plan;
                }
                try {
                    revisions.create(c.revision());
                    writes.incrementAndGet();
                    return plan;
                } catch (ApiException.AlreadyExists exists) {
                    ControllerRevision clash = revisions.get(set.namespace(), c.revision().name())
                            .orElseThrow(() -> exists);
                    if (clash.data().equals(c.revision().data())) {
                        return plan;
                    }
                    if (attempt >= MAX_COLLISION_RETRIES) {
                        throw exists;
                    }
                    snapshot = snapshot.withRevision(clash);
                    plan = StatefulSetPlanner.plan(snapshot);
                }
            }
        }

        private RuntimeException runPhases(Plan plan) {
            for (Phase phase : plan.phases()) {
                RuntimeException error = phase.burst() ? runBurst(phase) : runInOrder(phase);
                if (error != null) {
                    return error;
                }
            }
            return null;
        }

        private RuntimeException runInOrder(Phase phase) {
            for (Phase.Unit unit : phase.units()) {
                RuntimeException error = runUnit(unit);
                if (error != null) {
                    return error;
                }
            }
            return null;
        }

        private RuntimeException runBurst(Phase phase) {
            for (List<Phase.Unit> units : phase.batches()) {
                List<CompletableFuture<RuntimeException>> batch = new ArrayList<>();
                for (Phase.Unit unit : units) {
                    batch.add(CompletableFuture.supplyAsync(() -> runUnit(unit), batchExecutor));
                }
                RuntimeException first = null;
                for (CompletableFuture<RuntimeException> f : batch) {
                    RuntimeException error = f.join();
                    if (error != null && first == null) {
                        first = error;
                    }
                }
                if (first != null) {
                    return first;
                }
            }
            return null;
        }

        private RuntimeException runUnit(Phase.Unit unit) {
            for (Operation op : unit.operations()) {
                RuntimeException error;
                try {
                    error = apply(op);
                } catch (RuntimeException unexpected) {
                    error = unexpected;
                }
                listener.operation(op, error);
                if (error != null) {
                    return error;
                }
            }
            return null;
        }

        private RuntimeException apply(Operation op) {
            if (op instanceof Operation.CreatePod c) {
                return createPod(c);
            }
            if (op instanceof Operation.UpdatePod u) {
                return updatePod(u);
            }
            if (op instanceof Operation.EnsureClaims e) {
                RuntimeException error = createClaims(e.podName(), e.createClaims());
                return error != null ? error : updateClaims(e.updateClaims());
            }
            if (op instanceof Operation.DeletePod d) {
                return deletePod(d);
            }
            if (op instanceof Operation.Blocked b) {
                ApiException.Conflict error = new ApiException.Conflict(b.message());
                if (b.podEvent()) {
                    events.record(set, EventRecorder.Type.Warning, Events.FAILED_CREATE, Events.pod("create", b.podName(), set.name(), error));
                }
                return error;
            }
            if (op instanceof Operation.Warn w) {
                events.record(set, EventRecorder.Type.Warning, w.reason(), w.message());
                return null;
            }
            throw new IllegalStateException("unknown operation " + op);
        }

        /** {@code CreateStatefulPod}. */
        private RuntimeException createPod(Operation.CreatePod c) {
            String podName = c.pod().name();
            RuntimeException claimError = createClaims(podName, c.createClaims());
            if (claimError != null) {
                events.record(set, EventRecorder.Type.Warning, Events.FAILED_CREATE, Events.pod("create", podName, set.name(), claimError));
                return claimError;
            }
            RuntimeException createError = null;
            try {
                ownWrites.record(set.key(), OwnWrite.created(pods.create(c.pod())));
                writes.incrementAndGet();
            } catch (ApiException.AlreadyExists exists) {
                return exists;
            } catch (RuntimeException e) {
                createError = e;
            }
            RuntimeException ownerError = updateClaims(c.updateClaims());
            if (ownerError != null) {
                events.record(set, EventRecorder.Type.Warning, Events.FAILED_UPDATE, Events.pod("update", podName, set.name(), ownerError));
                return ownerError;
            }
            events.record(set, createError == null ? EventRecorder.Type.Normal : EventRecorder.Type.Warning,
                    createError == null ? Events.SUCCESSFUL_CREATE : Events.FAILED_CREATE, Events.pod("create", podName, set.name(), createError));
            return createError;
        }

        /** {@code UpdateStatefulPod}: claims first, then the pod if it changed. */
        private RuntimeException updatePod(Operation.UpdatePod u) {
            String podName = u.pod().name();
            RuntimeException error = createClaims(podName, u.createClaims());
            if (error == null) {
                error = updateClaims(u.updateClaims());
            }
            if (error == null && u.podChanged()) {
                try {
                    ownWrites.record(set.key(), OwnWrite.updated(pods.update(u.pod())));
                    writes.incrementAndGet();
                } catch (RuntimeException e) {
                    error = e;
                }
            }
            events.record(set, error == null ? EventRecorder.Type.Normal : EventRecorder.Type.Warning,
                    error == null ? Events.SUCCESSFUL_UPDATE : Events.FAILED_UPDATE, Events.pod("update", podName, set.name(), error));
            return error;
        }

        /**
         * {@code createPersistentVolumeClaims}: errors aggregated. AlreadyExists is one of
         * them, without an event, as upstream: the pod waits for a sync whose cache shows the claim,
         * which may be terminating.
         */
        private RuntimeException createClaims(String podName, List<PersistentVolumeClaim> toCreate) {
            List<String> failures = new ArrayList<>();
            RuntimeException first = null;
            for (PersistentVolumeClaim claim : toCreate) {
                try {
                    ownWrites.record(set.key(), OwnWrite.created(claims.create(claim)));
                    writes.incrementAndGet();
                    events.record(set, EventRecorder.Type.Normal, Events.SUCCESSFUL_CREATE, Events.claim(claim.name(), podName, set.name(), null));
                } catch (ApiException.AlreadyExists exists) {
                    failures.add("failed to create PVC " + claim.name() + ": " + exists.getMessage());
                    first = first == null ? exists : first;
                } catch (RuntimeException e) {
                    failures.add("failed to create PVC " + claim.name() + ": " + e.getMessage());
                    events.record(set, EventRecorder.Type.Warning, Events.FAILED_CREATE, Events.claim(claim.name(), podName, set.name(), e));
                    first = first == null ? e : first;
                }
            }
            if (failures.isEmpty()) {
                return null;
            }
            return first instanceof ApiException && failures.size() == 1
                    ? new ApiException.Unavailable(failures.get(0), first)
                    : new ApiException.Unavailable(String.join("; ", failures), first);
        }

        private RuntimeException updateClaims(List<PersistentVolumeClaim> toUpdate) {
            for (PersistentVolumeClaim claim : toUpdate) {
                try {
                    ownWrites.record(set.key(), OwnWrite.updated(claims.update(claim)));
                    writes.incrementAndGet();
                } catch (ApiException.NotFound gone) {
                    // deleted meanwhile: the next sync recreates or skips it
                } catch (RuntimeException e) {
                    return new ApiException.Unavailable("could not update claim " + claim.name() + " for delete policy ownerRefs: " + e.getMessage(), e);
                }
            }
            return null;
        }

        private RuntimeException deletePod(Operation.DeletePod d) {
            String podName = d.pod().name();
            try {
                pods.delete(d.pod().namespace(), podName, d.pod().metadata().uid());
                ownWrites.record(set.key(), OwnWrite.deleted(d.pod()));
                writes.incrementAndGet();
            } catch (ApiException.NotFound gone) {
                // upstream's DeleteStatefulPod records FailedDelete for any error; only the rolling
                // update sinks NotFound, and still counts the pod as deleted (currentReplicas--)
                events.record(set, EventRecorder.Type.Warning, Events.FAILED_DELETE, Events.pod("delete", podName, set.name(), gone));
                if (d.cause() != Operation.DeletePod.Cause.ROLLING_UPDATE) {
                    return gone;
                }
                rollingDeletes.incrementAndGet();
                return null;
            } catch (RuntimeException e) {
                events.record(set, EventRecorder.Type.Warning, Events.FAILED_DELETE, Events.pod("delete", podName, set.name(), e));
                return e;
            }
            if (d.cause() == Operation.DeletePod.Cause.ROLLING_UPDATE) {
                rollingDeletes.incrementAndGet();
            }
            events.record(set, EventRecorder.Type.Normal, Events.SUCCESSFUL_DELETE, Events.pod("delete", podName, set.name(), null));
            return null;
        }

        /** {@code updateStatefulSetStatus}: completion, then write only on change, retrying conflicts on a fresh copy. */
        private RuntimeException writeStatus(Plan plan) {
            StatefulSetStatus computed = plan.status();
            computed = computed.withCurrentReplicas(Math.max(0, computed.currentReplicas() - rollingDeletes.get()));
            computed = StatusRules.completeRollout(set, computed);
            StatefulSet target = set;
            for (int attempt = 0; ; attempt++) {
                // conditions others wrote are kept; ours (InvalidSpec) goes once the spec is valid
                StatefulSetStatus next = computed.withConditions(InvalidSpecCondition.clear(target.status()).conditions());
                if (!StatusRules.needsWrite(target.status(), next) && next.conditions().equals(target.status().conditions())) {
                    return null;
                }
                try {
                    ownWrites.record(set.key(), OwnWrite.statusWritten(statusWriter.updateStatus(target.withStatus(next))));
                    writes.incrementAndGet();
                    return null;
                } catch (ApiException.Conflict conflict) {
                    if (attempt >= MAX_STATUS_CONFLICT_RETRIES) {
                        return conflict;
                    }
                    Optional<StatefulSet> fresh;
                    try {
                        fresh = statusWriter.get(set.namespace(), set.name());
                    } catch (RuntimeException rereadFailed) {
                        // reported like any other failure of the sync: it is retried, nothing escapes
                        return rereadFailed;
                    }
                    if (fresh.isEmpty() || !fresh.get().metadata().uid().equals(set.metadata().uid())) {
                        return null;
                    }
                    target = fresh.get();
                } catch (ApiException.NotFound gone) {
                    return null;
                } catch (RuntimeException e) {
                    return e;
                }
            }
        }

        private RuntimeException truncateHistory(List<ControllerRevision> toDelete) {
            for (ControllerRevision revision : toDelete) {
                try {
                    revisions.delete(revision.metadata().namespace(), revision.name());
                    writes.incrementAndGet();
                } catch (ApiException.NotFound gone) {
                    // already gone
                } catch (RuntimeException e) {
                    return e;
                }
            }
            return null;
        }
    }
}
