package dev.stateful.inmemory.faults;

import dev.stateful.inmemory.store.Kind;
import dev.stateful.inmemory.store.Verb;
import java.time.Duration;

/**
 * Builds one fault rule: {@code faults.on(CREATE, PODS).nth(3).fail(UNAVAILABLE)}. The trigger
 * defaults to every call.
 */
public final class RuleBuilder {

    private final FaultInjector owner;
    private final Verb verb;
    private final Kind kind;
    private String name;
    private Trigger trigger = new Trigger.Always();

    RuleBuilder(FaultInjector owner, Verb verb, Kind kind) {
        this.owner = owner;
        this.verb = verb;
        this.kind = kind;
    }

    /** Only calls about the object with this name. */
    public RuleBuilder named(String objectName) {
        this.name = objectName;
        return this;
    }

    /** Only the n-th matching call (from 1, counted from installation). */
    public RuleBuilder nth(long n) {
        this.trigger = new Trigger.Nth(n);
        return this;
    }

    /** The first n matching calls. */
    public RuleBuilder times(long n) {
        this.trigger = new Trigger.FirstN(n);
        return this;
    }

    /** Each matching call with probability p, drawn from the seeded Random. */
    public RuleBuilder withProbability(double p) {
        this.trigger = new Trigger.Probability(p);
        return this;
    }

    public FaultRule fail(ApiError error) {
        return install(new Effect.Fail(error));
    }

    public FaultRule conflict() {
        return fail(ApiError.CONFLICT);
    }

    /** Applies the write, then reports {@code Unavailable} to the caller. */
    public FaultRule failAfterWrite() {
        return install(new Effect.FailAfterWrite());
    }

    /** Advances the cluster clock by {@code latency} before the call is applied. */
    public FaultRule delay(Duration latency) {
        return install(new Effect.Delay(latency));
    }

    private FaultRule install(Effect effect) {
        return owner.add(new FaultRule(owner, verb, kind, name, trigger, effect));
    }
}
