package dev.stateful.inmemory.faults;

import dev.stateful.ports.ApiException;
import java.time.Duration;

/**
 * The combined effect of every rule that fired for one call.
 *
 * @param failBefore thrown instead of applying the call (null: apply it)
 * @param failAfter thrown after applying the call (null: report success)
 */
public record FaultDecision(Duration delay, ApiException failBefore, ApiException failAfter) {

    public static final FaultDecision NONE = new FaultDecision(Duration.ZERO, null, null);
}
