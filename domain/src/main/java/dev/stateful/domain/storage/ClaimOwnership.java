package dev.stateful.domain.storage;

import dev.stateful.domain.identity.PodIdentity;
import dev.stateful.domain.model.OwnerReference;
import dev.stateful.domain.model.PersistentVolumeClaim;
import dev.stateful.domain.model.Pod;
import dev.stateful.domain.model.RetentionPolicy;
import dev.stateful.domain.model.StatefulSet;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * PVC retention policy (KEP-1847, upstream {@code isClaimOwnerUpToDate}): which owner references a pod's claims must carry so
 * that the garbage collector deletes them with the set or with a condemned pod, and the guards that
 * keep the controller away from claims it does not (or no longer) manage. Semantics are upstream's
 * exactly, including which checks compare by name and which by UID.
 */
public final class ClaimOwnership {

    public static final String POD_API_VERSION = "v1";
    public static final String POD_KIND = "Pod";
    public static final String CONFLICTING_CONTROLLER_REASON = "ConflictingController";

    private ClaimOwnership() {
    }

    /** What an owner reference can point at: the fields refs are matched on, plus the identity. */
    public record Owner(String apiVersion, String kind, String name, String uid) {

        public Owner {
            apiVersion = apiVersion == null ? "" : apiVersion;
            kind = kind == null ? "" : kind;
            name = name == null ? "" : name;
            uid = uid == null ? "" : uid;
        }

        public static Owner of(StatefulSet set) {
            return new Owner(OwnerReference.STATEFUL_SET_API_VERSION, OwnerReference.STATEFUL_SET_KIND, set.name(), set.metadata().uid());
        }

        /** A pod owner; a placeholder pod that is not created yet has no UID (""). */
        public static Owner of(Pod pod) {
            return pod(pod.name(), pod.metadata().uid());
        }

        public static Owner pod(String name, String uid) {
            return new Owner(POD_API_VERSION, POD_KIND, name, uid);
        }

        /** {@code metav1.NewControllerRef}: controller and blockOwnerDeletion both true. */
        public OwnerReference controllerRef() {
            return new OwnerReference(apiVersion, kind, name, uid, true, true);
        }
    }

    /** Which of the set and the pod should own a claim: the retention table of KEP-1847. */
    public record DesiredOwners(boolean set, boolean pod) {
        static final DesiredOwners NONE = new DesiredOwners(false, false);
    }

    /**
     * The table of 1.7 for this pod ({@code podScaledDown = !inOrdinalRange}). Only the four exact
     * Retain/Delete combinations are known; anything else is treated as Retain/Retain (upstream
     * logs "Unknown policy, treating as Retain").
     */
    public static DesiredOwners desiredOwners(StatefulSet set, Pod pod) {
        RetentionPolicy policy = set.spec().retentionPolicyOrDefault();
        String whenScaled = policy.whenScaled();
        String whenDeleted = policy.whenDeleted();
        if (isRetain(whenScaled) && isDelete(whenDeleted)) {
            return new DesiredOwners(true, false);
        }
        if (!isDelete(whenScaled)) {
            // Retain/Retain or unknown: the pod's place in the range does not matter
            return DesiredOwners.NONE;
        }
        boolean scaledDown = !PodIdentity.inOrdinalRange(set, pod);
        if (isDelete(whenScaled) && isRetain(whenDeleted)) {
            return new DesiredOwners(false, scaledDown);
        }
        if (isDelete(whenScaled) && isDelete(whenDeleted)) {
            return new DesiredOwners(!scaledDown, scaledDown);
        }
        return DesiredOwners.NONE;
    }

    /** {@code matchesRef}: same apiVersion, kind and name. The UID is deliberately not compared. */
    public static boolean matchesRef(OwnerReference ref, Owner owner) {
        return owner.apiVersion().equals(ref.apiVersion()) && owner.kind().equals(ref.kind()) && owner.name().equals(ref.name());
    }

    /** {@code hasOwnerRef}: some reference carries the owner's UID, controller or not. */
    public static boolean hasOwnerRef(PersistentVolumeClaim claim, Owner owner) {
        for (OwnerReference ref : claim.metadata().ownerReferences()) {
            if (ref.uid().equals(owner.uid())) {
                return true;
            }
        }
        return false;
    }

    /**
     * {@code hasStaleOwnerRef}: the <em>first</em> reference matching the owner by name and kind has
     * another UID, i.e. it points at a previous incarnation of the owner.
     */
    public static boolean hasStaleOwnerRef(PersistentVolumeClaim claim, Owner owner) {
        for (OwnerReference ref : claim.metadata().ownerReferences()) {
            if (matchesRef(ref, owner)) {
                return !ref.uid().equals(owner.uid());
            }
        }
        return false;
    }

    /**
     * {@code hasUnexpectedController}: under any policy but Retain/Retain, a reference that names the
     * set or the pod with another UID (wrongly orphaned; left to the garbage collector), or any other
     * reference that is a controller.
     */
    public static boolean hasUnexpectedController(PersistentVolumeClaim claim, StatefulSet set, Pod pod) {
        if (isRetainAll(set.spec().retentionPolicyOrDefault())) {
            // Claims that are kept anyway may be managed by anyone.
            return false;
        }
        Owner setOwner = Owner.of(set);
        Owner podOwner = Owner.of(pod);
        for (OwnerReference ref : claim.metadata().ownerReferences()) {
            if (matchesRef(ref, setOwner)) {
                if (!ref.uid().equals(setOwner.uid())) {
                    return true;
                }
            } else if (matchesRef(ref, podOwner)) {
                if (!ref.uid().equals(podOwner.uid())) {
                    return true;
                }
            } else if (ref.isController()) {
                return true;
            }
        }
        return false;
    }

    /** {@code hasNonControllerOwner}: a reference with the set's or the pod's UID lacks {@code controller: true}. */
    public static boolean hasNonControllerOwner(PersistentVolumeClaim claim, StatefulSet set, Pod pod) {
        String setUid = Owner.of(set).uid();
        String podUid = Owner.of(pod).uid();
        for (OwnerReference ref : claim.metadata().ownerReferences()) {
            if ((ref.uid().equals(setUid) || ref.uid().equals(podUid)) && !ref.isController()) {
                return true;
            }
        }
        return false;
    }

    /**
     * {@code isClaimOwnerUpToDate}: whether the claim's references already agree with the policy.
     * Claims in a state the controller does not own are reported as up to date so they are left alone.
     */
    public static boolean isClaimOwnerUpToDate(PersistentVolumeClaim claim, StatefulSet set, Pod pod) {
        Owner setOwner = Owner.of(set);
        Owner podOwner = Owner.of(pod);
        if (hasStaleOwnerRef(claim, setOwner) || hasStaleOwnerRef(claim, podOwner)) {
            // Managed by a previous, presumably deleted, incarnation: never touch it.
            return true;
        }
        if (hasUnexpectedController(claim, set, pod)) {
            // Our own refs must be scrubbed; otherwise do not add ours on top of the other controller.
            return !hasOwnerRef(claim, setOwner) && !hasOwnerRef(claim, podOwner);
        }
        if (hasNonControllerOwner(claim, set, pod)) {
            return false;
        }
        DesiredOwners desired = desiredOwners(set, pod);
        return hasOwnerRef(claim, setOwner) == desired.set() && hasOwnerRef(claim, podOwner) == desired.pod();
    }

    /**
     * {@code updateClaimOwnerRefForSetAndPod}: removes every reference naming the set or the pod (by
     * name and kind, so stale ones go too); then, unless another controller manages the claim, adds
     * the desired owners as controller references. Other references keep their order.
     */
    public static PersistentVolumeClaim updateClaimOwnerRefForSetAndPod(PersistentVolumeClaim claim, StatefulSet set, Pod pod) {
        Owner setOwner = Owner.of(set);
        Owner podOwner = Owner.of(pod);
        boolean unexpectedController = hasUnexpectedController(claim, set, pod);
        List<OwnerReference> refs = new ArrayList<>();
        for (OwnerReference ref : claim.metadata().ownerReferences()) {
            if (!matchesRef(ref, setOwner) && !matchesRef(ref, podOwner)) {
                refs.add(ref);
            }
        }
        if (!unexpectedController) {
            DesiredOwners desired = desiredOwners(set, pod);
            if (desired.pod()) {
                addControllerRef(refs, podOwner);
            }
            if (desired.set()) {
                addControllerRef(refs, setOwner);
            }
        }
        return claim.withMetadata(claim.metadata().withOwnerReferences(refs));
    }

    /** {@code addControllerRef}: adds nothing when a reference with the owner's UID is already there. */
    private static void addControllerRef(List<OwnerReference> refs, Owner owner) {
        for (OwnerReference ref : refs) {
            if (ref.uid().equals(owner.uid())) {
                return;
            }
        }
        refs.add(owner.controllerRef());
    }

    /**
     * {@code ClaimsMatchRetentionPolicy}: every existing claim of the pod is up to date. Missing claims
     * are skipped ("Expected claim missing, continuing to pick up in next iteration").
     */
    public static boolean claimsMatchRetentionPolicy(StatefulSet set, Pod pod, Function<String, Optional<PersistentVolumeClaim>> claims) {
        return existingClaims(set, pod, claims).stream().allMatch(claim -> isClaimOwnerUpToDate(claim, set, pod));
    }

    /**
     * What {@code UpdatePodClaimForRetentionPolicy} does for a pod: the claims to write (already
     * fixed, in template order) and the claims with a conflicting controller, each of which gets a
     * {@code ConflictingController} Warning event on the set whether or not it is written.
     */
    public record RetentionUpdate(List<PersistentVolumeClaim> claimsToUpdate, List<String> conflictingControllerClaims) {

        static final RetentionUpdate NONE = new RetentionUpdate(List.of(), List.of());

        public RetentionUpdate {
            claimsToUpdate = List.copyOf(claimsToUpdate);
            conflictingControllerClaims = List.copyOf(conflictingControllerClaims);
        }

        public boolean isEmpty() {
            return claimsToUpdate.isEmpty() && conflictingControllerClaims.isEmpty();
        }

        /** The event messages, one per conflicting claim, in template order. */
        public List<String> conflictingControllerMessages() {
            return conflictingControllerClaims.stream().map(ClaimOwnership::conflictingControllerMessage).toList();
        }
    }

    public static RetentionUpdate retentionUpdate(StatefulSet set, Pod pod, Function<String, Optional<PersistentVolumeClaim>> claims) {
        return retentionUpdate(set, pod, existingClaims(set, pod, claims));
    }

    /**
     * {@link #retentionUpdate(StatefulSet, Pod, Function)} over the pod's claims already looked up
     * ({@link PodClaims#existingClaims}). No claim needs an update exactly when
     * {@link #claimsMatchRetentionPolicy} holds: both ask {@link #isClaimOwnerUpToDate} of the same claims.
     */
    public static RetentionUpdate retentionUpdate(StatefulSet set, Pod pod, List<PersistentVolumeClaim> existing) {
        if (existing.isEmpty()) {
            return RetentionUpdate.NONE;
        }
        List<PersistentVolumeClaim> toUpdate = new ArrayList<>();
        List<String> conflicting = new ArrayList<>();
        DesiredOwners desired = null;
        for (PersistentVolumeClaim claim : existing) {
            if (claim.metadata().ownerReferences().isEmpty()) {
                // no reference to be stale, unexpected or non-controller: isClaimOwnerUpToDate comes
                // down to "the policy wants no owner", which depends on the set and the pod alone
                desired = desired == null ? desiredOwners(set, pod) : desired;
                if (desired.set() || desired.pod()) {
                    toUpdate.add(updateClaimOwnerRefForSetAndPod(claim, set, pod));
                }
                continue;
            }
            if (hasUnexpectedController(claim, set, pod)) {
                conflicting.add(claim.name());
            }
            if (!isClaimOwnerUpToDate(claim, set, pod)) {
                toUpdate.add(updateClaimOwnerRefForSetAndPod(claim, set, pod));
            }
        }
        return toUpdate.isEmpty() && conflicting.isEmpty() ? RetentionUpdate.NONE : new RetentionUpdate(toUpdate, conflicting);
    }

    /** The {@code ConflictingController} message; "manging" is upstream's typo, kept for parity. */
    public static String conflictingControllerMessage(String claimName) {
        return "PersistentVolumeClaim " + claimName
                + " has a conflicting OwnerReference that acts as a manging controller, the retention policy is ignored for this claim";
    }

    /**
     * {@code PodClaimIsStale}, checked before creating the missing pod {@code <set>-<ordinal>}: a
     * claim whose first reference naming this pod carries a UID (the pod to be created has none
     * yet), or whose first reference naming this set carries another UID than the set's, belongs
     * to a deleted owner and is about to be garbage collected, so the pod must wait for it to go.
     *
     * <p>Deliberately stricter than upstream, which skips the check under whenScaled=Retain
     * ("claims are meant to be reused") and never looks at the set's reference: after a scale-down
     * under whenScaled=Delete followed by a switch to Retain, or after the set was deleted under
     * whenDeleted=Delete and re-created, upstream starts the new pod on a claim the garbage
     * collector then deletes. Found by the simulation (docs/reliability.md).
     */
    public static boolean podClaimIsStale(StatefulSet set, int ordinal, Function<String, Optional<PersistentVolumeClaim>> claims) {
        return podClaimIsStale(set, ordinal, PodClaims.existingClaims(set, ordinal, claims));
    }

    /** {@link #podClaimIsStale(StatefulSet, int, Function)} over the ordinal's claims already looked up. */
    public static boolean podClaimIsStale(StatefulSet set, int ordinal, List<PersistentVolumeClaim> existing) {
        if (existing.isEmpty()) {
            return false;
        }
        Owner placeholder = Owner.pod(PodIdentity.podName(set, ordinal), "");
        Owner owner = Owner.of(set);
        for (PersistentVolumeClaim claim : existing) {
            if (hasStaleOwnerRef(claim, placeholder) || hasStaleOwnerRef(claim, owner)) {
                return true;
            }
        }
        return false;
    }

    /** The pod's claims that exist, in template order; upstream looks them up in the set's namespace. */
    private static List<PersistentVolumeClaim> existingClaims(StatefulSet set, Pod pod, Function<String, Optional<PersistentVolumeClaim>> claims) {
        return PodClaims.existingClaims(set, PodIdentity.ordinal(pod), claims);
    }

    private static boolean isRetainAll(RetentionPolicy policy) {
        return isRetain(policy.whenScaled()) && isRetain(policy.whenDeleted());
    }

    private static boolean isRetain(String value) {
        return RetentionPolicy.RETAIN_VALUE.equals(value);
    }

    private static boolean isDelete(String value) {
        return RetentionPolicy.DELETE_VALUE.equals(value);
    }
}
