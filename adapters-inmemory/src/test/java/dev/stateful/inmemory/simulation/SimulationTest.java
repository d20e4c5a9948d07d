package dev.stateful.inmemory.simulation;

import static org.assertj.core.api.Assertions.fail;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The deterministic simulation in CI: a fixed set of seeded random schedules (user actions,
 * misbehaving pods, API faults, stalled and relisting watches, controller restarts and crashes),
 * each checked by the {@link InvariantChecker} after every write and every step, then required to
 * converge once the faults stop.
 *
 * <p>A failure prints the seed, the broken rule, a shrunk reproduction with its trace, and the
 * schedule as Java. {@code -Dsimulation.seed=<seed>} replays one schedule exactly and prints its
 * trace; {@code -Dsimulation.schedules}, {@code -Dsimulation.steps} and {@code -Dsimulation.baseSeed}
 * change the batch. The soak is {@link SimulationSoakTest}.
 */
class SimulationTest {

    static final long BASE_SEED = Long.getLong("simulation.baseSeed", 0x5747_4545L);
    static final int SCHEDULES = Integer.getInteger("simulation.schedules", 400);
    static final int STEPS = Integer.getInteger("simulation.steps", Simulation.DEFAULT_STEPS);

    @Test
    void randomSchedulesKeepEveryInvariantAndConvergeOnceTheFaultsStop() {
        Simulation simulation = new Simulation(Mutant.NONE, STEPS, 1);
        String only = System.getProperty("simulation.seed");
        Simulation.Outcome outcome;
        if (only != null) {
            long seed = Long.decode(only);
            SimulationRun.Result replay = new SimulationRun(ScheduleGenerator.generate(seed, STEPS), Mutant.NONE, true).execute();
            System.out.println("simulation: seed " + seed + "\n" + String.join("\n", replay.trace()));
            outcome = simulation.run(List.of(seed), "SimulationTest");
        } else if (Boolean.getBoolean("simulation.survey")) {
            // every failing seed, one line each, no shrinking: for looking around
            outcome = new Simulation(Mutant.NONE, STEPS, 0).run(SCHEDULES, i -> BASE_SEED + i, "SimulationTest", false);
            outcome.failures().forEach(f -> System.out.println("simulation: seed " + f.schedule().seed() + " " + f.violation().orElseThrow()));
        } else {
            outcome = simulation.run(SCHEDULES, i -> BASE_SEED + i, "SimulationTest", true);
        }
        System.out.println("simulation: " + outcome.totals().summary());
        if (!outcome.clean()) {
            fail("a simulated schedule broke a rule (" + outcome.totals().schedules + " schedules ran)\n\n" + String.join("\n\n", outcome.reports()));
        }
    }
}
