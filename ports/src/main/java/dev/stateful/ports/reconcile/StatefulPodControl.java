package dev.stateful.ports.reconcile;

import dev.stateful.domain.consistency.OwnWrite;
import dev.stateful.domain.features.ClaimResize;
import dev.stateful.domain.identity.PodIdentity;
import dev.stateful.domain.model.ObjectKey;
import dev.stateful.domain.model.PersistentVolumeClaim;
import dev.stateful.domain.model.StatefulSet;
import dev.stateful.domain.storage.ClaimErrors;
import dev.stateful.domain.storage.ClaimOwnership;
import dev.stateful.domain.sync.Operation;
import dev.stateful.ports.ApiException;
import dev.stateful.ports.ClaimControl;
import dev.stateful.ports.EventRecorder;
import dev.stateful.ports.PodControl;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Pod and claim writes with their events (upstream {@code StatefulPodControl}: {@code CreateStatefulPod},
 * {@code UpdateStatefulPod}, {@code DeleteStatefulPod}, {@code createPersistentVolumeClaims},
 * {@code recordPodEvent}, {@code recordClaimEvent}). Each method returns when the operation
 * succeeded and throws the error that fails the sync otherwise.
 */
final class StatefulPodControl {

    private final PodControl pods;
    private final ClaimControl claims;
    private final EventRecorder events;
    private final VerifiedClaims verified = new VerifiedClaims();

    StatefulPodControl(PodControl pods, ClaimControl claims, EventRecorder events) {
        this.pods = pods;
        this.claims = claims;
        this.events = events;
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
                writes.cached(OwnWrite.updated(pods.update(u.pod())));
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
