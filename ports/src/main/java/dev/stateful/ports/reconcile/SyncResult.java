package dev.stateful.ports.reconcile;

import dev.stateful.domain.model.ObjectKey;
import dev.stateful.domain.sync.Plan;
import java.time.Duration;
import java.util.Optional;

/**
 * The outcome of one sync: the plan that was executed (empty when the set is gone), the first error
 * (the key is then requeued with backoff) and when to look again regardless.
 */
public record SyncResult(ObjectKey key, Optional<Plan> plan, Optional<RuntimeException> error,
                         Optional<Duration> requeueAfter, int writes) {

    public boolean succeeded() {
        return error.isEmpty();
    }
}
