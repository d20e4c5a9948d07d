package dev.stateful.domain.sync;

import dev.stateful.domain.identity.PodIdentity;
import dev.stateful.domain.model.ControllerRevision;
import dev.stateful.domain.model.OwnerReference;
import dev.stateful.domain.model.PersistentVolumeClaim;
import dev.stateful.domain.model.Pod;
import dev.stateful.domain.model.StatefulSet;
import dev.stateful.domain.storage.ClaimRelease;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

/**
 * Which pods and revisions belong to a set (upstream {@code ClaimPods} and
 * {@code adoptOrphanRevisions}): claimed ones, orphans to adopt, and owned pods to release; and
 * the claims the retention policy no longer lets it own ({@link ClaimRelease}).
 */
public final class Ownership {

    private Ownership() {
    }

    /** An adoption or release the controller must patch before it syncs. */
    public sealed interface Change {
        String describe();

        record AdoptPod(Pod pod) implements Change {
            @Override
            public String describe() {
                return "adopt orphan Pod " + pod.name();
            }
        }

        record ReleasePod(Pod pod) implements Change {
            @Override
            public String describe() {
                return "release Pod " + pod.name() + " (it no longer matches the selector or name)";
            }
        }

        record AdoptRevision(ControllerRevision revision) implements Change {
            @Override
            public String describe() {
                return "adopt orphan ControllerRevision " + revision.name();
            }
        }

        /** Take the set's reference off a claim no pod of it uses ({@link ClaimRelease}); {@code claim} is the claim as it is to be written. */
        record ReleaseClaim(PersistentVolumeClaim claim) implements Change {
            @Override
            public String describe() {
                return "release Claim " + claim.name() + " (whenDeleted is Retain and no pod of the set uses it)";
            }
        }
    }

    public record PodClaim(List<Pod> claimed, List<Change> changes) {
    }

    public static PodClaim claimPods(StatefulSet set, List<Pod> pods) {
        List<Pod> claimed = new ArrayList<>();
        List<Change> changes = new ArrayList<>();
        boolean setDeleting = set.metadata().isTerminating();
        String uid = set.metadata().uid();
        for (Pod pod : pods) {
            var ref = pod.metadata().controllerRef();
            if (ref.isPresent() && !ref.get().uid().equals(uid)) {
                // owned by another controller: ignored before any matching, as upstream's ClaimObject
                // does (in a busy namespace most pods belong to other sets)
                continue;
            }
            boolean matches = set.spec().selector() != null && set.spec().selector().matches(pod.metadata().labels())
                    && PodIdentity.isMemberOf(set, pod);
            if (ref.isPresent()) {
                if (matches) {
                    claimed.add(pod);
                } else if (!setDeleting) {
                    changes.add(new Change.ReleasePod(pod));
                }
                continue;
            }
            if (setDeleting || !matches || pod.isTerminating() || !pod.namespace().equals(set.namespace())) {
                continue;
            }
            changes.add(new Change.AdoptPod(pod));
            claimed.add(withControllerRef(pod, PodIdentity.controllerRef(set)));
        }
        return new PodClaim(claimed, changes);
    }

    /** Revisions of the namespace that match the selector and are owned by this set or by nobody. */
    public static List<ControllerRevision> ownedRevisions(StatefulSet set, List<ControllerRevision> revisions) {
        String uid = set.metadata().uid();
        List<ControllerRevision> out = new ArrayList<>();
        for (ControllerRevision r : revisions) {
            if (!r.metadata().namespace().equals(set.namespace())
                    || set.spec().selector() == null || !set.spec().selector().matches(r.metadata().labels())) {
                continue;
            }
            var ref = r.metadata().controllerRef();
            if (ref.isEmpty() || ref.get().uid().equals(uid)) {
                out.add(r);
            }
        }
        return out;
    }

    /**
     * Orphan revisions to adopt. Unlike pods, they are adopted even for a set being deleted, as
     * upstream's {@code adoptOrphanRevisions} does: its uncached {@code canAdopt} check then fails
     * the sync before anything, status included, is written.
     */
    public static List<Change> orphanRevisions(StatefulSet set, List<ControllerRevision> owned) {
        List<Change> out = new ArrayList<>();
        for (ControllerRevision r : owned) {
            if (r.metadata().controllerRef().isEmpty()) {
                out.add(new Change.AdoptRevision(r));
            }
        }
        return out;
    }

    /** The claims to release: {@link ClaimRelease#claimsToRelease}, as changes. */
    public static List<Change> claimsToRelease(StatefulSet set, List<Pod> claimed, Collection<PersistentVolumeClaim> claims) {
        return ClaimRelease.claimsToRelease(set, claimed, claims).stream().<Change>map(Change.ReleaseClaim::new).toList();
    }

    private static Pod withControllerRef(Pod pod, OwnerReference ref) {
        List<OwnerReference> refs = new ArrayList<>(pod.metadata().ownerReferences());
        refs.add(ref);
        return pod.withMetadata(pod.metadata().withOwnerReferences(refs));
    }
}
