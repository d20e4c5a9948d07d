package dev.stateful.inmemory.faults;

import dev.stateful.inmemory.store.Kind;
import dev.stateful.inmemory.store.Verb;
import java.util.Random;

/** An installed fault: calls of {@code verb} on {@code kind} (optionally one object name) that match {@code trigger} get {@code effect}. */
public final class FaultRule {

    private final FaultInjector owner;
    private final Verb verb;
    private final Kind kind;
    private final String name;
    private final Trigger trigger;
    private final Effect effect;
    // mutated under the injector's lock, read from anywhere
    private volatile long calls;
    private volatile long fired;

    FaultRule(FaultInjector owner, Verb verb, Kind kind, String name, Trigger trigger, Effect effect) {
        this.owner = owner;
        this.verb = verb;
        this.kind = kind;
        this.name = name;
        this.trigger = trigger;
        this.effect = effect;
    }

    /** Counts the call if it matches; returns true when the rule fires on it. */
    boolean fires(Verb callVerb, Kind callKind, String callName, Random random) {
        if (callVerb != verb || callKind != kind || (name != null && !name.equals(callName))) {
            return false;
        }
        calls++;
        if (trigger.fires(calls, random)) {
            fired++;
            return true;
        }
        return false;
    }

    Effect effect() {
        return effect;
    }

    /** Matching calls seen since installation. */
    public long calls() {
        return calls;
    }

    /** How many times the rule fired. */
    public long fired() {
        return fired;
    }

    public void remove() {
        owner.remove(this);
    }

    @Override
    public String toString() {
        return verb + "/" + kind + (name == null ? "" : "/" + name) + " " + trigger + " -> " + effect;
    }
}
