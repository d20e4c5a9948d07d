package dev.stateful.fabric8.loop;

import dev.stateful.domain.model.ObjectKey;
import java.time.Duration;
import java.util.Optional;

/** Syncs one StatefulSet; the controller loop retries, forgets or re-queues by the outcome. */
@FunctionalInterface
public interface KeySyncer {

    Outcome sync(ObjectKey key);

    /**
     * {@code ok} false: retry with backoff. {@code ok} true: the backoff is reset, and the key comes
     * back after {@code requeueAfter} if present (e.g. to check availability after minReadySeconds).
     */
    record Outcome(boolean ok, Optional<Duration> requeueAfter) {

        public static Outcome success() {
            return new Outcome(true, Optional.empty());
        }

        public static Outcome requeueAfter(Duration delay) {
            return new Outcome(true, Optional.of(delay));
        }

        public static Outcome failure() {
            return new Outcome(false, Optional.empty());
        }
    }
}
