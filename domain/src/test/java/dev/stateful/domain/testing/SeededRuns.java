package dev.stateful.domain.testing;

import java.util.Random;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * A property checked on many random worlds, each generated from a seed of its own drawn from one master
 * seed: the system property {@code stateful.seed}, when set, replaces the test's own, so
 * {@code -Dstateful.seed=<printed master seed>} replays a failure.
 */
public final class SeededRuns {

    private SeededRuns() {
    }

    /**
     * Checks {@code property} on {@code runs} worlds from {@code generate}; the first that fails (an assertion or
     * anything else thrown) ends the check with an AssertionError naming its seed, the master seed, the run
     * and the world as {@code describe} shows it.
     */
    public static <W> void check(long masterSeedUnlessSet, int runs, Function<Random, W> generate, Consumer<W> property,
                                 Function<W, String> describe) {
        long masterSeed = Long.getLong("stateful.seed", masterSeedUnlessSet);
        Random master = new Random(masterSeed);
        for (int run = 0; run < runs; run++) {
            long seed = master.nextLong();
            W world = generate.apply(new Random(seed));
            try {
                property.accept(world);
            } catch (AssertionError | RuntimeException e) {
                throw new AssertionError("property failed for seed " + seed + " (master seed " + masterSeed + ", run " + run
                        + ")\n" + describe.apply(world), e);
            }
        }
    }
}
