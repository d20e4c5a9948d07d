package dev.stateful.domain.features;

import dev.stateful.domain.model.StatefulSet;
import java.util.Optional;

/**
 * {@code spec.updateStrategy.rollingUpdate.paused} of our own kind: while it is true the rolling
 * update deletes no pod. Everything before it still runs (creating missing replicas, scaling,
 * replacing Failed pods), and a pod recreated meanwhile gets the update revision as always, as a
 * Deployment's {@code spec.paused} stops only the rollout. An apps/v1 set is never paused.
 */
public final class RolloutPause {

    private RolloutPause() {
    }

    /** Why the rolling update does nothing now, or empty when it runs. */
    public static Optional<String> holds(StatefulSet set) {
        if (!set.extensions().paused() || set.spec().updateStrategy().isOnDelete()) {
            return Optional.empty();
        }
        return Optional.of("the rolling update is paused (spec.updateStrategy.rollingUpdate.paused); no pod is updated until it is resumed");
    }
}
