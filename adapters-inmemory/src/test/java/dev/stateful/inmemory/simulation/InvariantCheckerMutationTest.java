package dev.stateful.inmemory.simulation;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stateful.inmemory.simulation.InvariantChecker.Rule;
import dev.stateful.inmemory.simulation.InvariantChecker.Violation;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The invariant checker catches broken controllers: each {@link Mutant} (the real reconciler
 * deciding on a subtly wrong view, as a planner bug would) breaks the rule it is listed with within
 * a few random schedules, while the real controller ({@link SimulationTest}) breaks none. Every
 * rule has a mutant, so no check is one that cannot fail.
 */
class InvariantCheckerMutationTest {

    static final long BASE_SEED = 0x6d75_7461L;
    static final int MAX_SCHEDULES = 300;

    static Stream<Arguments> mutants() {
        return Stream.of(
                Arguments.of(Mutant.IGNORES_PARTITION, Rule.PARTITION),
                Arguments.of(Mutant.IGNORES_ORDERING, Rule.ORDERED_CREATION),
                Arguments.of(Mutant.IGNORES_ORDERING, Rule.ORDERED_SCALE_DOWN),
                Arguments.of(Mutant.IGNORES_ORDERING, Rule.ORDERED_UPDATE),
                Arguments.of(Mutant.IGNORES_MAX_UNAVAILABLE, Rule.MAX_UNAVAILABLE),
                Arguments.of(Mutant.IGNORES_RETENTION_POLICY, Rule.STORAGE),
                Arguments.of(Mutant.REUSES_DOOMED_CLAIMS, Rule.STORAGE),
                Arguments.of(Mutant.FORGETS_POD_REVISIONS, Rule.REVISION_IN_USE),
                Arguments.of(Mutant.FORGETS_POD_REVISIONS, Rule.POD_DELETION),
                Arguments.of(Mutant.HIDES_TERMINATING_PODS, Rule.ONE_POD_PER_ORDINAL),
                Arguments.of(Mutant.OVERSHOOTS_REPLICAS, Rule.POD_CREATION),
                Arguments.of(Mutant.OVERCOUNTS_AVAILABLE, Rule.STATUS),
                Arguments.of(Mutant.NEVER_SYNCS, Rule.CONVERGENCE),
                Arguments.of(Mutant.LEAVES_UNUSED_CLAIMS_OWNED, Rule.CONVERGENCE),
                Arguments.of(Mutant.THROWS_AT_ZERO_REPLICAS, Rule.NO_CRASH),
                Arguments.of(Mutant.WRITES_WITHOUT_FENCING, Rule.FENCING));
    }

    @ParameterizedTest(name = "{0} breaks {1}")
    @MethodSource("mutants")
    void aBrokenControllerIsCaught(Mutant mutant, Rule rule) {
        List<String> seen = new ArrayList<>();
        for (int i = 0; i < MAX_SCHEDULES; i++) {
            Schedule schedule = ScheduleGenerator.generate(BASE_SEED + i, Simulation.DEFAULT_STEPS);
            SimulationRun.Result result = new SimulationRun(schedule, mutant, false).execute();
            if (result.violations().stream().anyMatch(v -> v.rule() == rule)) {
                return;
            }
            result.violation().map(Violation::toString).ifPresent(seen::add);
        }
        throw new AssertionError(mutant + " was not caught breaking " + rule + " in " + MAX_SCHEDULES + " schedules; it broke: "
                + seen.stream().limit(10).collect(Collectors.joining("\n  ", "\n  ", "")));
    }

    @Test
    void everyRuleHasAMutantThatBreaksIt() {
        Set<Rule> covered = mutants().map(a -> (Rule) a.get()[1]).collect(Collectors.toCollection(() -> EnumSet.noneOf(Rule.class)));

        assertThat(covered).containsExactlyInAnyOrder(Rule.values());
    }
}
