package dev.stateful.bench;

import java.time.Duration;

/**
 * How big each harness runs. {@link #full()} is the documented sizes (the documented command);
 * {@link #quick()} is the same harnesses at a tiny size for the smoke test: same rows, numbers
 * meaningless.
 *
 * @param plannerReplicas figure 1 set sizes, ascending; the last is the headline size
 * @param plannerWarmup figure 1 warm-up per size; {@code plannerRounds} interleaved rounds of
 *        {@code plannerSlice} per operation follow
 * @param convergeRuns measured runs of figure 2 (median), after {@code convergeWarmups}
 * @param apiRuns measured runs of figure 3 without rate limits (median); the rate-limited run is done once
 */
public record Scale(String name, int[] plannerReplicas, Duration plannerWarmup, int plannerRounds, Duration plannerSlice,
                    int convergeSets, int convergeReplicas,
                    int convergeWarmups, int convergeRuns, int apiReplicas, int apiConcurrency, int apiWarmups,
                    int apiRuns, Duration apiTimeout, int memoryPods, int memorySets, int memoryClaims) {

    public static Scale full() {
        return new Scale("full", new int[] {10, 100, 1000}, Duration.ofSeconds(3), 15, Duration.ofMillis(100),
                1000, 10, 1, 3, 500, 16, 1, 3, Duration.ofMinutes(4), 10_000, 100, 1_000);
    }

    public static Scale quick() {
        return new Scale("quick", new int[] {4, 8, 16}, Duration.ofMillis(20), 1, Duration.ofMillis(10),
                4, 3, 0, 1, 3, 4, 0, 1, Duration.ofSeconds(20), 30, 3, 30);
    }

    /** The same scale with figure 4's pod count replaced (must be positive). */
    public Scale withMemoryPods(int pods) {
        if (pods <= 0) {
            throw new IllegalArgumentException("memory pods must be positive: " + pods);
        }
        return new Scale(name, plannerReplicas, plannerWarmup, plannerRounds, plannerSlice, convergeSets, convergeReplicas,
                convergeWarmups, convergeRuns, apiReplicas, apiConcurrency, apiWarmups, apiRuns, apiTimeout, pods, memorySets,
                memoryClaims);
    }

    public boolean isQuick() {
        return "quick".equals(name);
    }

    public int headlineReplicas() {
        return plannerReplicas[plannerReplicas.length - 1];
    }
}
