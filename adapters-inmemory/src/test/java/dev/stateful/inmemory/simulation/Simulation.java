package dev.stateful.inmemory.simulation;

import java.util.ArrayList;
import java.util.List;
import java.util.function.IntToLongFunction;

/**
 * Runs many schedules and reports: the tallies of everything that happened and, for the first few
 * failing seeds, the violation, a shrunk reproduction with its trace, the replay command and the
 * schedule as Java.
 */
final class Simulation {

    static final int DEFAULT_STEPS = 40;
    static final int SHRINK_BUDGET = Integer.getInteger("simulation.shrinkBudget", 400);

    private final Mutant mutant;
    private final int steps;
    private final int maxReported;

    Simulation(Mutant mutant, int steps, int maxReported) {
        this.mutant = mutant;
        this.steps = steps;
        this.maxReported = maxReported;
    }

    /** The outcome of a batch. */
    record Outcome(SimulationRun.Counters totals, List<SimulationRun.Result> failures, List<String> reports) {
        boolean clean() {
            return failures.isEmpty();
        }
    }

    Outcome run(List<Long> seeds, String replayTest) {
        return run(seeds.size(), i -> seeds.get(i), replayTest, false);
    }

    /**
     * @param stopAtFirst stop after the first failing seed (a CI run); otherwise run them all and
     *     count every violation (a soak)
     */
    Outcome run(int count, IntToLongFunction seedOf, String replayTest, boolean stopAtFirst) {
        return run(count, seedOf, replayTest, stopAtFirst, (done, totals) -> {
        });
    }

    /** Progress: schedules done so far and the tallies, every {@value #PROGRESS_EVERY} schedules. */
    interface Progress {
        void report(int done, SimulationRun.Counters totals);

        /** A schedule broke a rule (told at once, before any shrinking). */
        default void failed(SimulationRun.Result result) {
        }
    }

    static final int PROGRESS_EVERY = 500;

    Outcome run(int count, IntToLongFunction seedOf, String replayTest, boolean stopAtFirst, Progress progress) {
        SimulationRun.Counters totals = new SimulationRun.Counters();
        List<SimulationRun.Result> failures = new ArrayList<>();
        List<String> reports = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            long seed = seedOf.applyAsLong(i);
            SimulationRun.Result result = new SimulationRun(ScheduleGenerator.generate(seed, steps), mutant, false).execute();
            totals.add(result.counters());
            if (result.failed()) {
                progress.failed(result);
                failures.add(result);
                if (reports.size() < maxReported) {
                    reports.add(report(result, replayTest));
                }
                if (stopAtFirst) {
                    break;
                }
            }
            if ((i + 1) % PROGRESS_EVERY == 0) {
                progress.report(i + 1, totals);
            }
        }
        return new Outcome(totals, failures, reports);
    }

    /** The violation, the minimal reproduction and how to replay it. */
    String report(SimulationRun.Result failing, String replayTest) {
        long seed = failing.schedule().seed();
        Shrinker shrinker = new Shrinker(mutant, SHRINK_BUDGET);
        Schedule minimal = shrinker.shrink(failing);
        SimulationRun.Result replay = new SimulationRun(minimal, mutant, true).execute();
        StringBuilder out = new StringBuilder();
        out.append("seed ").append(seed).append(" broke a rule: ").append(failing.violation().orElseThrow()).append('\n');
        out.append("  the rule: ").append(failing.violation().get().rule().guarantee).append('\n');
        out.append("  replay this seed: ./mvnw -q -B -pl adapters-inmemory -am test -Dtest=").append(replayTest)
                .append(" -Dsimulation.seed=").append(seed);
        if (steps != DEFAULT_STEPS) {
            out.append(" -Dsimulation.steps=").append(steps);
        }
        out.append(" -Dsurefire.failIfNoSpecifiedTests=false\n");
        out.append("minimal reproduction (").append(minimal.steps().size()).append(" of ").append(failing.schedule().steps().size())
                .append(" steps, ").append(shrinker.runs()).append(" runs to shrink)");
        out.append(replay.violation().map(v -> ", which breaks: " + v).orElse(", which no longer fails on its own (flaky?)")).append('\n');
        out.append(minimal.describe());
        out.append("trace of the minimal reproduction:\n");
        replay.trace().forEach(line -> out.append("  ").append(line).append('\n'));
        out.append("as Java (for SimulationRegressionTest):\n  ").append(minimal.toJava()).append('\n');
        return out.toString();
    }
}
