package dev.stateful.inmemory.simulation;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stateful.inmemory.simulation.InvariantChecker.Rule;
import dev.stateful.inmemory.simulation.InvariantChecker.Violation;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A failing schedule shrinks to a short one that breaks the same rule, from which no step can be
 * dropped and whose set cannot be simplified any further; a controller that ignores the partition
 * is the bug to shrink.
 */
class ShrinkerTest {

    static final Mutant BUG = Mutant.IGNORES_PARTITION;
    static SimulationRun.Result failing;
    static Schedule minimal;

    @BeforeAll
    static void shrinkTheFirstFailingSchedule() {
        for (long seed = 0x7368_7269L; failing == null; seed++) {
            SimulationRun.Result result = new SimulationRun(ScheduleGenerator.generate(seed, Simulation.DEFAULT_STEPS), BUG, false).execute();
            if (result.violation().map(Violation::rule).equals(Optional.of(Rule.PARTITION))) {
                failing = result;
            }
        }
        minimal = new Shrinker(BUG, 400).shrink(failing);
    }

    private static Optional<Rule> brokenRule(Schedule schedule) {
        return new SimulationRun(schedule, BUG, false).execute().violation().map(Violation::rule);
    }

    @Test
    void theMinimalScheduleStillBreaksTheSameRule() {
        assertThat(brokenRule(minimal)).contains(Rule.PARTITION);
    }

    @Test
    void itIsMuchShorterThanTheOriginal() {
        assertThat(failing.schedule().steps()).hasSizeGreaterThan(5);
        assertThat(minimal.steps()).hasSizeLessThanOrEqualTo(5);
    }

    @Test
    void noSingleStepCanBeDropped() {
        for (int i = 0; i < minimal.steps().size(); i++) {
            List<Step> without = new ArrayList<>(minimal.steps());
            Step dropped = without.remove(i);
            assertThat(brokenRule(minimal.withSteps(without))).as("without step %d (%s)", i + 1, dropped.describe())
                    .isNotEqualTo(Optional.of(Rule.PARTITION));
        }
    }

    @Test
    void theSetCannotBeSimplifiedFurther() {
        for (SetConfig simpler : minimal.config().simpler()) {
            assertThat(brokenRule(minimal.withConfig(simpler))).as("with %s", simpler).isNotEqualTo(Optional.of(Rule.PARTITION));
        }
    }
}
