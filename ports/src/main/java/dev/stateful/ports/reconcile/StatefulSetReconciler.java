package dev.stateful.ports.reconcile;

import dev.stateful.domain.consistency.OwnWrite;
import dev.stateful.domain.features.ClaimResize;
import dev.stateful.domain.model.ObjectKey;
import dev.stateful.domain.model.PersistentVolumeClaim;
import dev.stateful.domain.model.Pod;
import dev.stateful.domain.model.StatefulSet;
import dev.stateful.domain.status.InvalidSpecCondition;
import dev.stateful.domain.sync.Operation;
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
import dev.stateful.ports.StatefulSetRead;
import dev.stateful.ports.StatusWriter;
import dev.stateful.ports.UndecodableSet;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Syncs one StatefulSet (upstream {@code sync} + {@code UpdateStatefulSet}): reads a snapshot,
 * asks the domain for a plan, and executes it through upstream's units: adoption and release
 * ({@link ControllerRefManager}), the revision write and history ({@link RevisionHistoryControl}),
 * pod and claim writes with their events ({@link StatefulPodControl}) and the status write
 * ({@link StatefulSetStatusUpdater}). Each unit throws the error that fails the sync; this class
 * keeps the first and goes on with the status and history, as upstream does. Between syncs it holds only the writes the caches have not shown yet ({@link OwnWrites}),
 * the claims it has seen without owners ({@link VerifiedClaims}) and the versions of undecodable sets it has reported, so a restart, which starts from freshly listed caches and
 * reads each claim again, loses nothing (and reports each undecodable set once more).
 */
public final class StatefulSetReconciler {

    private static final Logger LOG = LoggerFactory.getLogger(StatefulSetReconciler.class);
    private static final int MAX_COLLISION_RETRIES = 5;
    /** When to look again at a set whose own writes the caches do not show yet (pod events also bring it back). */
    static final Duration CACHE_POLL = Duration.ofMillis(100);

    private final ClusterReader reader;
    private final ControllerRefManager refs;
    private final StatusWriter sets;
    private final RevisionHistoryControl history;
    private final StatefulPodControl podControl;
    private final StatefulSetStatusUpdater status;
    private final EventRecorder events;
    private final Clock clock;
    private final Executor batchExecutor;
    private final ReconcileListener listener;
    private final OwnWrites ownWrites;
    /**
     * The sets whose latest state could not be decoded, by key, and the version (uid and resourceVersion)
     * last reported: each resync and relist brings their keys back, and a version is reported once.
     * A key leaves it at its first sync that finds no undecodable state (fixed, or deleted: either
     * change brings the key back).
     */
    private final Map<ObjectKey, String> reportedUndecodable = new ConcurrentHashMap<>();

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
        this.refs = new ControllerRefManager(pods, claims, revisions);
        this.sets = statusWriter;
        this.history = new RevisionHistoryControl(revisions);
        this.podControl = new StatefulPodControl(pods, claims, events, reader::pod, StatefulPodControl.Sleeper.THREAD);
        this.status = new StatefulSetStatusUpdater(statusWriter);
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
        return reader.statefulSet(key).map(this::snapshotOf);
    }

    private Snapshot snapshotOf(StatefulSet set) {
        String namespace = set.namespace();
        String uid = set.metadata().uid();
        List<Pod> owned = reader.controlledPods(namespace, uid);
        Map<String, PersistentVolumeClaim> claims = Snapshot.claimsOf(set, owned, name -> reader.claim(namespace, name),
                () -> reader.claims(namespace), () -> reader.claimsControlledBy(namespace, uid));
        return new Snapshot(set, owned, claims, reader.controlledRevisions(namespace, uid, set.name() + "-"), clock.instant());
    }

    public SyncResult sync(ObjectKey key) {
        OwnWrites.Observed versions = ownWrites.enabled() ? OwnWrites.Observed.from(reader) : null;
        StatefulSetRead read = reader.statefulSetRead(key);
        if (read.undecodable().isPresent()) {
            return refuseUndecodable(key, read.undecodable().get());
        }
        reportedUndecodable.remove(key);
        Optional<Snapshot> observed = read.decoded().map(this::snapshotOf);
        if (observed.isEmpty()) {
            // upstream's EnsureReady comes before the set's lookup: the writes made for it are waited for even now it is gone
            List<OwnWrite> unseen = ownWrites.enabled() ? ownWrites.unseenOfAGoneSet(key, reader, versions) : List.of();
            if (!unseen.isEmpty()) {
                return lookAgainLater(key, unseen);
            }
            LOG.debug("StatefulSet {} has been deleted", key);
            ownWrites.forget(key);
            podControl.forgetSet(key);
            SyncResult result = new SyncResult(key, Optional.empty(), Optional.empty(), Optional.empty(), 0);
            listener.synced(result);
            return result;
        }
        List<OwnWrite> unseen = ownWrites.enabled() ? ownWrites.unseen(key, observed.get(), versions) : List.of();
        if (!unseen.isEmpty()) {
            return lookAgainLater(key, unseen);
        }
        Execution run = new Execution(observed.get());
        SyncResult result = run.execute();
        listener.synced(result);
        return result;
    }

    /**
     * A set whose latest state the caches could not decode is not synced, as an invalid one is not
     * ({@code refuseInvalid}): the last state that was decoded, which the caches keep, may be a spec
     * the user has replaced since. A {@code FailedValidation} Warning event names what the decoder
     * refused, with its field path, once per version. No {@code InvalidSpec} condition, unlike an
     * invalid set: the status write ({@link StatusWriter#updateStatus}, upstream's
     * {@code UpdateStatefulSetStatus}) sends a decoded set whole with its status, and here there is no
     * record to send; a patch of the condition alone would replace {@code status.conditions} whole,
     * losing those other writers keep. The set is synced again once a version of it decodes.
     */
    private SyncResult refuseUndecodable(ObjectKey key, UndecodableSet undecodable) {
        String version = undecodable.metadata().uid() + "/" + undecodable.metadata().resourceVersion();
        if (!version.equals(reportedUndecodable.put(key, version))) {
            LOG.atWarn().addKeyValue("statefulSet", key).addKeyValue("resourceVersion", undecodable.metadata().resourceVersion())
                    .addKeyValue("err", undecodable.reason()).log("StatefulSet cannot be decoded, not syncing it");
            events.record(undecodable.identity(), EventRecorder.Type.Warning, Events.FAILED_VALIDATION, "invalid StatefulSet: " + undecodable.reason());
        }
        SyncResult result = new SyncResult(key, Optional.empty(), Optional.empty(), Optional.empty(), 0);
        listener.synced(result);
        return result;
    }

    private SyncResult lookAgainLater(ObjectKey key, List<OwnWrite> unseen) {
        LOG.debug("StatefulSet {}: the caches do not show {} of its own writes yet ({}), looking again later", key, unseen.size(), unseen);
        SyncResult result = new SyncResult(key, Optional.empty(), Optional.empty(), Optional.of(CACHE_POLL), 0);
        listener.synced(result);
        return result;
    }

    /** One execution of one plan: the first error fails the sync, but the status and history are always attempted. */
    private final class Execution {
        private Snapshot snapshot;
        /** The status write found the set at a newer generation than the one planned for. */
        private boolean specMovedOn;
        private final StatefulSet set;
        private final SyncWrites writes;
        private final SetRecheck recheck;
        private final AtomicInteger rollingDeletes = new AtomicInteger();
        /** A claim resize the API server refused, for the status to carry ({@code ClaimResize}); null when none was. */
        private final AtomicReference<ClaimResize.Refusal> resizeRefused = new AtomicReference<>();

        Execution(Snapshot snapshot) {
            this.snapshot = snapshot;
            this.set = snapshot.set();
            this.writes = new SyncWrites(set.key(), ownWrites);
            this.recheck = new SetRecheck(sets, set);
        }

        SyncResult execute() {
            Plan plan = StatefulSetPlanner.plan(snapshot);
            if (!plan.isValid()) {
                return result(plan, refuseInvalid(plan), Optional.empty());
            }
            try {
                Set<String> gone = refs.apply(set, plan.ownership(), writes, recheck);
                if (!gone.isEmpty()) {
                    // ClaimPods hands the sync only the pods it claimed: a pod gone before its adoption is not acted on
                    snapshot = snapshot.withoutPods(gone);
                    plan = StatefulSetPlanner.plan(snapshot);
                }
            } catch (RuntimeException e) {
                return result(plan, e, Optional.empty());
            }
            Plan unwritten = plan;
            try {
                plan = writeRevision(plan);
            } catch (RuntimeException e) {
                // upstream's UpdateStatefulSet truncates history even then, with no current or update revision
                attempt(() -> history.truncate(unwritten.revisionsToDeleteIfWriteFails(), writes));
                return result(unwritten, e, Optional.empty());
            }
            Plan planned = plan;
            RuntimeException syncError = attempt(() -> runPhases(planned));
            RuntimeException statusError = attempt(() -> status.update(set, stored -> planned.statusToWrite().toWrite(stored, rollingDeletes.get(), resizeRefused.get()))
                    .ifPresent(written -> {
                        writes.cached(OwnWrite.statusWritten(written));
                        specMovedOn = written.metadata().generation() != set.metadata().generation();
                    }));
            // a status write that found a newer spec than the plan's (a lagging set cache) leaves history alone: the
            // revision of that spec's template may be one this plan counts as old; the next sync plans from it
            RuntimeException historyError = specMovedOn ? null : attempt(() -> history.truncate(planned.revisionsToDelete(), writes));
            RuntimeException error = syncError != null ? syncError : statusError != null ? statusError : historyError;
            return result(plan, error, plan.requeueAfter());
        }

        private SyncResult result(Plan plan, RuntimeException error, Optional<Duration> requeueAfter) {
            return new SyncResult(set.key(), Optional.of(plan), Optional.ofNullable(error), requeueAfter, writes.count());
        }

        /**
         * An invalid set is not synced: a Warning event and an {@code InvalidSpec} condition name
         * every offending field. Nothing else is written, so a later valid spec starts cleanly.
         */
        private RuntimeException refuseInvalid(Plan plan) {
            String message = InvalidSpecCondition.message(plan.violations());
            events.record(set, EventRecorder.Type.Warning, Events.FAILED_VALIDATION, "invalid StatefulSet: " + message);
            if (plan.statusToWrite().toWrite(set.status(), 0).isEmpty()) {
                return null;
            }
            LOG.atWarn().addKeyValue("statefulSet", set.key()).addKeyValue("err", message).log("StatefulSet is invalid, not syncing it");
            return attempt(() -> status.updateOnce(set, stored -> plan.statusToWrite().toWrite(stored, 0))
                    .ifPresent(written -> writes.cached(OwnWrite.statusWritten(written))));
        }

        /** Creates or renumbers the update revision; a name collision adds the clashing object and re-plans. */
        private Plan writeRevision(Plan plan) {
            for (int attempt = 0; ; attempt++) {
                Optional<RevisionHistoryControl.Collision> collision = history.write(set, plan.revisions().write(), writes);
                if (collision.isEmpty()) {
                    return plan;
                }
                if (attempt >= MAX_COLLISION_RETRIES) {
                    throw collision.get().error();
                }
                snapshot = snapshot.withRevision(collision.get().clash());
                plan = StatefulSetPlanner.plan(snapshot);
            }
        }

        private void runPhases(Plan plan) {
            for (Phase phase : plan.phases()) {
                if (phase.burst()) {
                    runBurst(phase);
                } else {
                    phase.units().forEach(this::runUnit);
                }
            }
        }

        /**
         * Each slow-start batch runs at once; the first failure of a batch ends the phase after the batch.
         * An {@link Error} of a batch's thread is rethrown as it is, as if the worker had run the call
         * itself, so that a fatal one (out of memory) still ends the process rather than failing the sync.
         */
        private void runBurst(Phase phase) {
            for (List<Phase.Unit> units : phase.batches()) {
                List<CompletableFuture<Void>> batch = new ArrayList<>();
                for (Phase.Unit unit : units) {
                    batch.add(CompletableFuture.runAsync(() -> runUnit(unit), batchExecutor));
                }
                RuntimeException first = null;
                for (CompletableFuture<Void> call : batch) {
                    try {
                        call.join();
                    } catch (CompletionException e) {
                        if (e.getCause() instanceof Error error) {
                            throw error;
                        }
                        first = first != null ? first : e.getCause() instanceof RuntimeException cause ? cause : e;
                    }
                }
                if (first != null) {
                    throw first;
                }
            }
        }

        private void runUnit(Phase.Unit unit) {
            for (Operation op : unit.operations()) {
                RuntimeException error = attempt(() -> apply(op));
                listener.operation(op, error);
                if (error != null) {
                    throw error;
                }
            }
        }

        private void apply(Operation op) {
            if (op instanceof Operation.CreatePod c) {
                podControl.createPod(set, c, snapshot.claims(), writes, recheck);
            } else if (op instanceof Operation.UpdatePod u) {
                podControl.updatePod(set, u, writes, recheck);
            } else if (op instanceof Operation.EnsureClaims e) {
                podControl.ensureClaims(set, e, writes, recheck);
            } else if (op instanceof Operation.DeletePod d) {
                podControl.deletePod(set, d, writes);
                if (d.cause() == Operation.DeletePod.Cause.ROLLING_UPDATE) {
                    rollingDeletes.incrementAndGet();
                }
            } else if (op instanceof Operation.ResizeClaim r) {
                ClaimResize.Refusal refusal = podControl.resizeClaim(set, r, writes);
                if (refusal != null) {
                    resizeRefused.compareAndSet(null, refusal);
                    // the rollout stops here: the sync fails, to be retried with backoff
                    throw new ApiException.Forbidden(ClaimResize.REASON + ": " + refusal.error());
                }
            } else if (op instanceof Operation.Blocked b) {
                podControl.refuseCreate(set, b, writes);
            } else if (op instanceof Operation.Warn w) {
                podControl.warn(set, w);
            } else {
                throw new IllegalStateException("unknown operation " + op);
            }
        }
    }

    /** Runs {@code write}; returns what it threw, null when it succeeded. */
    private static RuntimeException attempt(Runnable write) {
        try {
            write.run();
            return null;
        } catch (RuntimeException e) {
            return e;
        }
    }
}
