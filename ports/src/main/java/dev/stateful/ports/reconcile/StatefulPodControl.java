package dev.stateful.ports.reconcile;

import dev.stateful.domain.consistency.OwnWrite;
import dev.stateful.domain.features.ClaimResize;
import dev.stateful.domain.identity.PodIdentity;
import dev.stateful.domain.model.ObjectKey;
import dev.stateful.domain.model.PersistentVolumeClaim;
import dev.stateful.domain.model.Pod;
import dev.stateful.domain.model.StatefulSet;
import dev.stateful.domain.storage.ClaimErrors;
import dev.stateful.domain.storage.ClaimOwnership;
import dev.stateful.domain.sync.Operation;
import dev.stateful.domain.sync.PodRepair;
import dev.stateful.ports.ApiException;
import dev.stateful.ports.ClaimControl;
import dev.stateful.ports.EventRecorder;
import dev.stateful.ports.PodControl;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Pod and claim writes with their events (upstream {@code StatefulPodControl}: {@code CreateStatefulPod},
 * {@code UpdateStatefulPod}, {@code DeleteStatefulPod}, {@code createPersistentVolumeClaims},
 * {@code recordPodEvent}, {@code recordClaimEvent}). Each method returns when the operation
 * succeeded and throws the error that fails the sync otherwise.
 */
final class StatefulPodControl {

    /**
     * client-go's {@code retry.DefaultBackoff}, which {@code UpdateStatefulPod} retries a conflicting pod
     * update with: four attempts, waiting 10 ms, then five times longer each time, plus up to a tenth.
     */
    static final List<Duration> CONFLICT_BACKOFF = List.of(Duration.ofMillis(10), Duration.ofMillis(50), Duration.ofMillis(250));
    static final double CONFLICT_BACKOFF_JITTER = 0.1;

    /** The pod as the cache shows it (upstream's {@code objectMgr.GetPod}, a lister read). */
    interface PodLister {
        Optional<Pod> pod(String namespace, String name);
    }

    /** Waits between attempts; the reconciler's waits on the worker's thread, as upstream's do. */
    interface Sleeper {
        Sleeper THREAD = d -> Thread.sleep(d.toMillis(), d.toNanosPart() % 1_000_000);

        void sleep(Duration duration) throws InterruptedException;
    }

    private final PodControl pods;
    private final ClaimControl claims;
    private final EventRecorder events;
    private final PodLister lister;
    private final Sleeper sleeper;
    private final VerifiedClaims verified = new VerifiedClaims();

    StatefulPodControl(PodControl pods, ClaimControl claims, EventRecorder events, PodLister lister, Sleeper sleeper) {
        this.pods = pods;
        this.claims = claims;
        this.events = events;
        this.lister = lister;
        this.sleeper = sleeper;
    }

    /** The set is gone: what this process saw of its claims no longer spares a read. */
    void forgetSet(ObjectKey set) {
        verified.forgetSet(set);
    }

    /**
     * {@code CreateStatefulPod}: the missing claims, a fresh read of those that exist
     * ({@link FreshClaimCheck}), the pod, then the retention-policy owner references of its claims. A pod that exists already fails the sync without an event: the
     * next sync sees it.
     */
    void createPod(StatefulSet set, Operation.CreatePod c, Map<String, PersistentVolumeClaim> seenClaims, SyncWrites writes,
                   SetRecheck recheck) {
        String podName = c.pod().name();
        try {
            createClaims(set, podName, c.createClaims(), writes);
        } catch (RuntimeException claimError) {
            podEvent(set, "create", podName, claimError);
            throw claimError;
        }
        // no event when the claim cache is behind (or the read failed): the next sync decides again
        FreshClaimCheck.requireClaimsAsSeen(set, PodIdentity.ordinal(c.pod()), podName, seenClaims, claims, verified);
        RuntimeException createError = null;
        try {
            writes.cached(OwnWrite.created(pods.create(c.pod())));
        } catch (ApiException.AlreadyExists exists) {
            throw exists;
        } catch (RuntimeException e) {
            createError = e;
        }
        try {
            updateClaims(set, c.updateClaims(), writes, recheck);
        } catch (RuntimeException ownerError) {
            podEvent(set, "update", podName, ownerError);
            throw ownerError;
        }
        podEvent(set, "create", podName, createError);
        if (createError != null) {
            throw createError;
        }
    }

    /** {@code UpdateStatefulPod}: claims first, then the pod if it changed; one event either way. */
    void updatePod(StatefulSet set, Operation.UpdatePod u, SyncWrites writes, SetRecheck recheck) {
        RuntimeException error = null;
        try {
            createClaims(set, u.pod().name(), u.createClaims(), writes);
            updateClaims(set, u.updateClaims(), writes, recheck);
            if (u.podChanged()) {
                updateRetryingConflicts(u.pod(), u.repair()).ifPresent(updated -> writes.cached(OwnWrite.updated(updated)));
            }
        } catch (RuntimeException e) {
            error = e;
        }
        podEvent(set, "update", u.pod().name(), error);
        if (error != null) {
            throw error;
        }
    }

    /**
     * {@code UpdateStatefulPod}'s {@code RetryOnConflict}: a conflict (the kubelet wrote the pod's status
     * meanwhile, say) is retried after {@link #CONFLICT_BACKOFF}'s wait on the pod the cache shows then,
     * repaired again; one the cache shows repaired already needs no write. Only the last conflict fails
     * the update, so a race with the kubelet is no {@code FailedUpdate}. A pod the cache no longer shows
     * is tried again as it was, as upstream's loop keeps its copy when the lister read fails. Only the
     * pod is written again: its claims were created and given their owners before the first attempt,
     * where upstream's loop goes over them again from a claim cache that may not show those writes yet.
     *
     * @return the pod as written; empty when the cache showed it repaired
     */
    private Optional<Pod> updateRetryingConflicts(Pod repaired, PodRepair repair) {
        Pod target = repaired;
        for (int attempt = 0; ; attempt++) {
            try {
                return Optional.of(pods.update(target));
            } catch (ApiException.Conflict conflict) {
                if (attempt >= CONFLICT_BACKOFF.size() || !backOff(CONFLICT_BACKOFF.get(attempt))) {
                    throw conflict;
                }
            }
            Optional<Pod> cached = lister.pod(target.namespace(), repaired.name());
            if (cached.isPresent()) {
                Optional<Pod> again = repair.apply(cached.get());
                if (again.isEmpty()) {
                    return Optional.empty();
                }
                target = again.get();
            }
        }
    }

    /** Waits {@code base} plus up to {@link #CONFLICT_BACKOFF_JITTER} of it; false when interrupted (the worker is stopping). */
    private boolean backOff(Duration base) {
        long jitter = (long) (base.toNanos() * CONFLICT_BACKOFF_JITTER * ThreadLocalRandom.current().nextDouble());
        try {
            sleeper.sleep(base.plusNanos(jitter));
            return true;
        } catch (InterruptedException stopping) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /**
     * {@code createMissingPersistentVolumeClaims} and {@code fixPodClaim} for a pod that exists: a
     * failed create has only its claim's event; a failed owner update the pod's when upstream records it.
     */
    void ensureClaims(StatefulSet set, Operation.EnsureClaims e, SyncWrites writes, SetRecheck recheck) {
        createClaims(set, e.podName(), e.createClaims(), writes);
        try {
            updateClaims(set, e.updateClaims(), writes, recheck);
        } catch (RuntimeException ownerError) {
            if (e.podEvent()) {
                podEvent(set, "update", e.podName(), ownerError);
            }
            throw ownerError;
        }
    }

    /**
     * {@code DeleteStatefulPod}, guarded by the pod's uid: NotFound is the pod already gone, the end
     * the delete wanted, so it is a {@code SuccessfulDelete} as any delete that went through; so is a
     * uid precondition the API server refused (the pod meant is gone; one of that name is newer, for
     * the next sync to decide on). Any other error is {@code FailedDelete} and fails the sync.
     *
     * <p>Only a delete that went through is a write the next sync waits to see ({@link OwnWrites});
     * upstream's {@code ConsistencyStore} records no deletes at all. After NotFound this process
     * wrote nothing: a stale cache only means the next sync deletes again and is answered NotFound
     * again, as upstream's would be, while waiting for the pod to disappear would hold the set for
     * the whole patience whenever the answer was wrong and the pod is still there.
     */
    void deletePod(StatefulSet set, Operation.DeletePod d, SyncWrites writes) {
        String podName = d.pod().name();
        try {
            pods.delete(d.pod().namespace(), podName, d.pod().metadata().uid());
            writes.cached(OwnWrite.deleted(d.pod()));
        } catch (ApiException.NotFound gone) {
            writes.uncached();
        } catch (RuntimeException e) {
            podEvent(set, "delete", podName, e);
            throw e;
        }
        podEvent(set, "delete", podName, null);
    }

    /**
     * Our kind's storage resize: the claim's storage request grows ({@code ClaimResize}). A refusal
     * (Forbidden: the {@code PersistentVolumeClaimResize} admission, for a storage class without
     * {@code allowVolumeExpansion}; Invalid: a claim the API server will not let grow, e.g. one not bound)
     * is a {@value ClaimResize#REASON} Warning and is returned, for the status to carry; any other error
     * is a {@code FailedUpdate} Warning and fails the sync.
     */
    ClaimResize.Refusal resizeClaim(StatefulSet set, Operation.ResizeClaim r, SyncWrites writes) {
        String claimName = r.claim().name();
        verified.forget(r.claim());
        try {
            PersistentVolumeClaim resized = claims.resize(r.claim().metadata().namespace(), claimName, r.storage());
            writes.cached(OwnWrite.updated(resized));
            verified.remember(set, resized);
        } catch (ApiException.Forbidden | ApiException.Invalid refused) {
            events.record(set, EventRecorder.Type.Warning, ClaimResize.REASON,
                    ClaimResize.refusalEvent(claimName, r.podName(), set.name(), r.storage(), refused.getMessage()));
            return new ClaimResize.Refusal(claimName, r.storage(), refused.getMessage());
        } catch (RuntimeException e) {
            events.record(set, EventRecorder.Type.Warning, Events.FAILED_UPDATE, Events.resize(claimName, r.podName(), set.name(), r.storage(), e));
            throw e;
        }
        events.record(set, EventRecorder.Type.Normal, Events.SUCCESSFUL_UPDATE, Events.resize(claimName, r.podName(), set.name(), r.storage(), null));
        return null;
    }

    /**
     * A pod that cannot be created now (a terminating claim): its other missing claims are created
     * first, then the sync fails with every claim's error aggregated, and with one {@code FailedCreate}
     * carrying them when upstream records it ({@code CreateStatefulPod}; {@code createMissingPersistentVolumeClaims}
     * records none).
     */
    void refuseCreate(StatefulSet set, Operation.Blocked b, SyncWrites writes) {
        List<String> errors = new ArrayList<>(createEachClaim(set, b.podName(), b.createClaims(), writes).messages());
        errors.addAll(b.errors());
        ApiException.Conflict error = new ApiException.Conflict(ClaimErrors.aggregate(errors));
        if (b.podEvent()) {
            podEvent(set, "create", b.podName(), error);
        }
        throw error;
    }

    /** A Warning event only (e.g. {@code ConflictingController}); never fails the sync. */
    void warn(StatefulSet set, Operation.Warn w) {
        events.record(set, EventRecorder.Type.Warning, w.reason(), w.message());
    }

    /**
     * {@code createPersistentVolumeClaims}: every claim is tried, the errors aggregated. AlreadyExists
     * is one of them, without an event, as upstream: the pod waits for a sync whose cache shows the
     * claim, which may be terminating.
     */
    private void createClaims(StatefulSet set, String podName, List<PersistentVolumeClaim> toCreate, SyncWrites writes) {
        ClaimFailures failures = createEachClaim(set, podName, toCreate, writes);
        if (!failures.messages().isEmpty()) {
            throw new ApiException.Unavailable(ClaimErrors.aggregate(failures.messages()), failures.first());
        }
    }

    /** Each claim created with its event; what failed is returned, not thrown, for the caller to aggregate. */
    private ClaimFailures createEachClaim(StatefulSet set, String podName, List<PersistentVolumeClaim> toCreate, SyncWrites writes) {
        List<String> failures = new ArrayList<>();
        RuntimeException first = null;
        for (PersistentVolumeClaim claim : toCreate) {
            try {
                PersistentVolumeClaim created = claims.create(claim);
                writes.cached(OwnWrite.created(created));
                verified.remember(set, created);
                events.record(set, EventRecorder.Type.Normal, Events.SUCCESSFUL_CREATE, Events.claim(claim.name(), podName, set.name(), null));
            } catch (ApiException.AlreadyExists exists) {
                failures.add(ClaimErrors.failedToCreate(claim.name(), exists.getMessage()));
                first = first == null ? exists : first;
            } catch (RuntimeException e) {
                failures.add(ClaimErrors.failedToCreate(claim.name(), e.getMessage()));
                events.record(set, EventRecorder.Type.Warning, Events.FAILED_CREATE, Events.claim(claim.name(), podName, set.name(), e));
                first = first == null ? e : first;
            }
        }
        return new ClaimFailures(failures, first);
    }

    private record ClaimFailures(List<String> messages, RuntimeException first) {
    }

    /**
     * {@code UpdatePodClaimForRetentionPolicy}'s writes: the first that fails, NotFound included (a
     * claim deleted since the cache showed it), fails the sync, which decides again. One that gives
     * the claim the set as owner waits for the set's recheck ({@link SetRecheck}).
     */
    private void updateClaims(StatefulSet set, List<PersistentVolumeClaim> toUpdate, SyncWrites writes, SetRecheck recheck) {
        for (PersistentVolumeClaim claim : toUpdate) {
            try {
                if (ClaimOwnership.hasOwnerRef(claim, ClaimOwnership.Owner.of(set))) {
                    recheck.require();
                }
                verified.forget(claim);
                PersistentVolumeClaim updated = claims.update(claim);
                writes.cached(OwnWrite.updated(updated));
                verified.remember(set, updated);
            } catch (RuntimeException e) {
                throw new ApiException.Unavailable(ClaimErrors.ownerUpdateFailed(claim.name(), e.getMessage()), e);
            }
        }
    }

    private void podEvent(StatefulSet set, String verb, String podName, RuntimeException error) {
        events.record(set, error == null ? EventRecorder.Type.Normal : EventRecorder.Type.Warning,
                error == null ? successReason(verb) : failureReason(verb), Events.pod(verb, podName, set.name(), error));
    }

    private static String successReason(String verb) {
        return switch (verb) {
            case "create" -> Events.SUCCESSFUL_CREATE;
            case "update" -> Events.SUCCESSFUL_UPDATE;
            default -> Events.SUCCESSFUL_DELETE;
        };
    }

    private static String failureReason(String verb) {
        return switch (verb) {
            case "create" -> Events.FAILED_CREATE;
            case "update" -> Events.FAILED_UPDATE;
            default -> Events.FAILED_DELETE;
        };
    }
}
