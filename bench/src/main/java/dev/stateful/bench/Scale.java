package dev.stateful.bench;

import java.time.Duration;

/**
 * How big each harness runs. {@link #full()} is the documented sizes (the documented command);
 * {@link #quick()} is the same harnesses at a tiny size for the smoke test: same rows, numbers
 * meaningless.
 *
 * @param plannerReplicas {@code PlannerFigure}'s set sizes, ascending; the last is the headline size
 * @param plannerWarmup {@code PlannerFigure}'s warm-up per size; {@code plannerRounds} interleaved rounds of
 *        {@code plannerSlice} per operation follow
 * @param convergeRuns {@code ConvergeFigure}'s measured runs per layout (median), after {@code convergeWarmups}
 *        rounds of both layouts
 * @param apiRuns {@code ApiFigure}'s measured runs without rate limits (median); the rate-limited run is done once
 * @param upstream the sizes of the runs against kube-controller-manager (package {@code upstream})
 */
public record Scale(String name, int[] plannerReplicas, Duration plannerWarmup, int plannerRounds, Duration plannerSlice,
                    int convergeSets, int convergeReplicas,
                    int convergeWarmups, int convergeRuns, int apiReplicas, int apiConcurrency, int apiWarmups,
                    int apiRuns, Duration apiTimeout, int memoryPods, int memorySets, int memoryClaims, Upstream upstream) {

    /**
     * @param parallelReplicas rows 7a–7c and 8a–8c: the Parallel set's replicas
     * @param sets rows 7d and 8d: how many OrderedReady sets, of {@code setReplicas} each
     * @param memorySets row 9a: sets of {@code memoryReplicas} pods and claims in the cluster
     */
    public record Upstream(int parallelReplicas, int sets, int setReplicas, int memorySets, int memoryReplicas) {

        /** "500,200,5,100,100", the order of the components. */
        public static Upstream parse(String text) {
            String[] parts = text.split(",");
            if (parts.length != 5) {
                throw new IllegalArgumentException("expected PARALLEL,SETS,SET_REPLICAS,MEMORY_SETS,MEMORY_REPLICAS, got " + text);
            }
            int[] n = new int[5];
            for (int i = 0; i < 5; i++) {
                n[i] = Integer.parseInt(parts[i].trim());
                if (n[i] <= 0) {
                    throw new IllegalArgumentException("sizes must be positive: " + text);
                }
            }
            return new Upstream(n[0], n[1], n[2], n[3], n[4]);
        }
    }

    public static Scale full() {
        return new Scale("full", new int[] {10, 100, 1000}, Duration.ofSeconds(3), 15, Duration.ofMillis(100),
                1000, 10, 4, 5, 500, 16, 1, 3, Duration.ofMinutes(4), 10_000, 100, 1_000, new Upstream(500, 200, 5, 100, 100));
    }

    public static Scale quick() {
        return new Scale("quick", new int[] {4, 8, 16}, Duration.ofMillis(20), 1, Duration.ofMillis(10),
                4, 3, 0, 1, 3, 4, 0, 1, Duration.ofSeconds(20), 30, 3, 30, new Upstream(3, 2, 2, 2, 3));
    }

    /** The same scale with {@code MemoryFigure}'s pod count replaced (must be positive). */
    public Scale withMemoryPods(int pods) {
        if (pods <= 0) {
            throw new IllegalArgumentException("memory pods must be positive: " + pods);
        }
        return new Scale(name, plannerReplicas, plannerWarmup, plannerRounds, plannerSlice, convergeSets, convergeReplicas,
                convergeWarmups, convergeRuns, apiReplicas, apiConcurrency, apiWarmups, apiRuns, apiTimeout, pods, memorySets,
                memoryClaims, upstream);
    }

    /** The same scale with the runs against kube-controller-manager at other sizes. */
    public Scale withUpstream(Upstream sizes) {
        return new Scale(name, plannerReplicas, plannerWarmup, plannerRounds, plannerSlice, convergeSets, convergeReplicas,
                convergeWarmups, convergeRuns, apiReplicas, apiConcurrency, apiWarmups, apiRuns, apiTimeout, memoryPods, memorySets,
                memoryClaims, sizes);
    }

    public boolean isQuick() {
        return "quick".equals(name);
    }

    public int headlineReplicas() {
        return plannerReplicas[plannerReplicas.length - 1];
    }
}
