package dev.stateful.domain.storage;

import dev.stateful.domain.identity.PodIdentity;
import dev.stateful.domain.model.OwnerReference;
import dev.stateful.domain.model.PersistentVolumeClaim;
import dev.stateful.domain.model.Pod;
import dev.stateful.domain.model.RetentionPolicy;
import dev.stateful.domain.model.StatefulSet;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The claims a set must let go of because no pod of it is there to do it: deliberately beyond
 * upstream, whose {@code ClaimsMatchRetentionPolicy} and {@code UpdatePodClaimForRetentionPolicy}
 * look only at the claims of pods that exist. Under {@code whenDeleted: Delete} every claim of the
 * set's pods gets the set as owner; after a switch to Retain, the claims of pods already scaled
 * down under {@code whenScaled: Retain}, of in-range pods not created again yet, or of a claim
 * template since renamed, would keep that reference, and the garbage collector would delete them
 * with the set although the policy then says to retain them. Here each such claim loses the
 * set's reference, so only the policy in force decides what deleting the set deletes.
 */
public final class ClaimRelease {

    private ClaimRelease() {
    }

    /**
     * Whether the policy lets the set own any claim: only {@code whenDeleted: Delete} does (the set
     * is never among {@link ClaimOwnership#desiredOwners} otherwise; an unknown value is Retain).
     */
    public static boolean setMayOwnClaims(StatefulSet set) {
        return RetentionPolicy.DELETE_VALUE.equals(set.spec().retentionPolicyOrDefault().whenDeleted());
    }

    /**
     * The claims among {@code claims} that carry a reference with the set's uid while the policy
     * lets the set own none, and that no pod of {@code claimed} names (those are the pods' own
     * sync's to fix), each without the set's reference, by name. None while the set is being
     * deleted: as every pod write, this stops then ({@code updateStatefulSet}), and the garbage
     * collector is already at work. A claim being deleted is left alone too: its deletion no
     * longer depends on its owners.
     *
     * @param claimed the pods the set owns after {@code ClaimPods}
     * @param claims claims of the set's namespace; any may be passed, only the set's are released
     */
    public static List<PersistentVolumeClaim> claimsToRelease(StatefulSet set, Collection<Pod> claimed,
                                                              Collection<PersistentVolumeClaim> claims) {
        if (setMayOwnClaims(set) || set.metadata().isTerminating()) {
            return List.of();
        }
        ClaimOwnership.Owner owner = ClaimOwnership.Owner.of(set);
        List<PersistentVolumeClaim> candidates = new ArrayList<>();
        for (PersistentVolumeClaim claim : claims) {
            // a set's claims normally carry no reference to it here: this loop is the whole cost then
            if (!claim.metadata().ownerReferences().isEmpty() && ClaimOwnership.hasOwnerRef(claim, owner) && !claim.isTerminating()) {
                candidates.add(claim);
            }
        }
        if (candidates.isEmpty()) {
            return List.of();
        }
        Set<String> named = claimNamesOf(set, claimed);
        candidates.removeIf(claim -> named.contains(claim.name()));
        candidates.sort(Comparator.comparing(PersistentVolumeClaim::name));
        return candidates.stream().map(claim -> withoutSet(claim, set)).toList();
    }

    /** The claim without the references that carry the set's uid; every other reference kept, in order. */
    public static PersistentVolumeClaim withoutSet(PersistentVolumeClaim claim, StatefulSet set) {
        String uid = set.metadata().uid();
        List<OwnerReference> kept = claim.metadata().ownerReferences().stream().filter(ref -> !ref.uid().equals(uid)).toList();
        return claim.withMetadata(claim.metadata().withOwnerReferences(kept));
    }

    /** The names of the claims the templates give the pods of {@code claimed} that are members of the set by name. */
    private static Set<String> claimNamesOf(StatefulSet set, Collection<Pod> claimed) {
        Set<String> names = new HashSet<>();
        for (Pod pod : claimed) {
            int ordinal = PodIdentity.ordinal(pod);
            if (ordinal >= 0 && PodIdentity.isMemberOf(set, pod)) {
                for (PersistentVolumeClaim template : set.spec().volumeClaimTemplates()) {
                    names.add(PodClaims.claimName(set, template, ordinal));
                }
            }
        }
        return names;
    }
}
