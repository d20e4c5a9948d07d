package dev.stateful.inmemory.faults;

import dev.stateful.inmemory.store.Kind;
import dev.stateful.inmemory.store.Verb;
import dev.stateful.ports.ApiException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * Faults injected into the controller's API calls (per verb and kind), plus the read lag of its
 * cache. Randomness comes from a seeded Random owned by the injector, so a failing seed replays
 * exactly and adding a fault does not shift the uids the store hands out.
 */
public final class FaultInjector implements FaultPolicy {

    private final Random random;
    private final List<FaultRule> rules = new ArrayList<>();
    private final Map<Kind, Integer> lagPerKind = new EnumMap<>(Kind.class);
    private int lagAllKinds;

    public FaultInjector(Random random) {
        this.random = random;
    }

    public RuleBuilder on(Verb verb, Kind kind) {
        return new RuleBuilder(this, verb, kind);
    }

    /** The cache shows every kind as of {@code writes} writes (of any kind) ago. */
    public synchronized void staleReads(int writes) {
        lagAllKinds = requireNonNegative(writes);
    }

    /** The cache of {@code kind} shows it as of {@code writes} writes of that kind ago. */
    public synchronized void staleReads(Kind kind, int writes) {
        lagPerKind.put(kind, requireNonNegative(writes));
    }

    public synchronized void freshReads() {
        lagAllKinds = 0;
        lagPerKind.clear();
    }

    /** The configured lag for reads of {@code kind}; a per-kind lag wins over the global one. */
    public synchronized ReadLag readLag(Kind kind) {
        Integer own = lagPerKind.get(kind);
        if (own != null && own > 0) {
            return new ReadLag(own, false);
        }
        return new ReadLag(lagAllKinds, true);
    }

    public synchronized List<FaultRule> rules() {
        return List.copyOf(rules);
    }

    /** Removes every rule and the read lag. */
    public synchronized void clear() {
        rules.clear();
        freshReads();
    }

    @Override
    public synchronized FaultDecision decide(Verb verb, Kind kind, String name) {
        Duration delay = Duration.ZERO;
        ApiException before = null;
        ApiException after = null;
        for (FaultRule rule : rules) {
            if (!rule.fires(verb, kind, name, random)) {
                continue;
            }
            String message = "injected fault: " + verb + " " + kind.qualifiedResource() + " \"" + name + "\"";
            Effect effect = rule.effect();
            if (effect instanceof Effect.Delay d) {
                delay = delay.plus(d.latency());
            } else if (effect instanceof Effect.Fail f && before == null) {
                before = f.error().toException(message);
                delay = delay.plus(f.error().waited());
            } else if (effect instanceof Effect.FailAfterWrite && after == null) {
                after = new ApiException.Unavailable(message + " (the write was applied)");
            }
        }
        return new FaultDecision(delay, before, after);
    }

    synchronized FaultRule add(FaultRule rule) {
        rules.add(rule);
        return rule;
    }

    synchronized void remove(FaultRule rule) {
        rules.remove(rule);
    }

    private static int requireNonNegative(int writes) {
        if (writes < 0) {
            throw new IllegalArgumentException("lag must be >= 0: " + writes);
        }
        return writes;
    }

    /** How far behind the cache is: {@code writes} writes, counting all kinds or only the kind read. */
    public record ReadLag(int writes, boolean countAllKinds) {
        public boolean isFresh() {
            return writes == 0;
        }
    }
}
