package dev.stateful.domain.sync;

import dev.stateful.domain.features.ClaimResize;
import dev.stateful.domain.identity.PodIdentity;
import dev.stateful.domain.model.Pod;
import dev.stateful.domain.model.StatefulSet;
import dev.stateful.domain.storage.PodClaims;
import java.util.Optional;

/**
 * {@code UpdateStatefulPod}'s repair of an existing pod: its identity ({@code updateIdentity}) and its
 * storage ({@code updateStorage}) brought back to {@code set}'s, the set at its update revision as
 * upstream passes it. The planner decides it over the cached pod; after a conflict the same repair is
 * applied again to the pod as the cache then shows it, as upstream's {@code RetryOnConflict} loop does.
 */
public record PodRepair(StatefulSet set) {

    /** The pod repaired, or empty when its identity and storage already match (nothing to write). */
    public Optional<Pod> apply(Pod pod) {
        PodIdentity.ParsedName parsed = PodIdentity.parse(pod.name());
        boolean identity = PodIdentity.identityMatches(set, pod, parsed);
        boolean storage = ClaimResize.storageMatches(set, pod, parsed.ordinal());
        return identity && storage ? Optional.empty() : Optional.of(apply(pod, identity, storage));
    }

    /** The pod with what does not match repaired, the checks already made. */
    Pod apply(Pod pod, boolean identityMatches, boolean storageMatches) {
        Pod repaired = identityMatches ? pod : PodIdentity.updateIdentity(set, pod);
        return storageMatches ? repaired : PodClaims.updateStorage(set, repaired);
    }
}
