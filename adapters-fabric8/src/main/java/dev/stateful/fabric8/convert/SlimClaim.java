package dev.stateful.fabric8.convert;

import dev.stateful.domain.model.PersistentVolumeClaim;
import java.util.Map;

/**
 * The part of a claim the controller reads, which is what the claim cache keeps. The rules read a
 * cached claim's metadata: name, uid, resourceVersion, labels, owner references
 * ({@code ClaimOwnership}: the retention policy, {@code PodClaimIsStale}), finalizers and deletion
 * timestamp. What is dropped: the annotations (the binder's and the provisioner's; nothing reads a
 * claim's annotations) and the spec's {@code volumeName} (unique to each claim; nothing reads it).
 * The rest of the spec is its template's (its storage request is what a resize compares), so it is
 * one instance shared by the claims of a set ({@link InternedMeta#shared}); the phase and the
 * capacity are shared strings.
 *
 * <p>A slim claim is complete for planning but not for replacing the object on the server: updates
 * are made against the live claim ({@link LiveMerge}), as a slim pod's are.
 */
public final class SlimClaim {

    private SlimClaim() {
    }

    public static PersistentVolumeClaim of(PersistentVolumeClaim claim) {
        return new PersistentVolumeClaim(InternedMeta.of(claim.metadata(), Map.of()), InternedMeta.shared(claim.spec().without("volumeName")),
                claim.phase().intern(), claim.capacity().intern());
    }
}
