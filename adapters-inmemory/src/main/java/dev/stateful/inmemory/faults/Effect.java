package dev.stateful.inmemory.faults;

import java.time.Duration;

/** What a firing rule does to the call. */
public sealed interface Effect permits Effect.Fail, Effect.FailAfterWrite, Effect.Delay {

    /** The call fails before reaching the store. */
    record Fail(ApiError error) implements Effect {
    }

    /** The write is applied, then the caller sees {@code Unavailable} (a timeout after the commit). */
    record FailAfterWrite() implements Effect {
    }

    /** The call takes this long: the cluster clock advances before the call is applied. */
    record Delay(Duration latency) implements Effect {
    }
}
