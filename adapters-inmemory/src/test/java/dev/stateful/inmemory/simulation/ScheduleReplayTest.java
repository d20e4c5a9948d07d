package dev.stateful.inmemory.simulation;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stateful.inmemory.kubelet.PodBehaviour;
import dev.stateful.inmemory.store.Kind;
import dev.stateful.inmemory.store.Verb;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A seed is a reproduction: it always generates the same schedule, and a schedule always runs the same way. */
class ScheduleReplayTest {

    static final long SEED = 0x7265_706cL;

    @Test
    void aSeedAlwaysGeneratesTheSameSchedule() {
        assertThat(ScheduleGenerator.generate(SEED, 40)).isEqualTo(ScheduleGenerator.generate(SEED, 40));
        assertThat(ScheduleGenerator.generate(SEED, 40)).isNotEqualTo(ScheduleGenerator.generate(SEED + 1, 40));
    }

    @Test
    void aLongerScheduleOfTheSameSeedStartsWithTheShorterOne() {
        Schedule shorter = ScheduleGenerator.generate(SEED, 20);
        Schedule longer = ScheduleGenerator.generate(SEED, 40);

        assertThat(longer.config()).isEqualTo(shorter.config());
        assertThat(longer.steps().subList(0, 20)).isEqualTo(shorter.steps());
    }

    @Test
    void aParallelScheduleWhoseBatchUnitsInterleaveReplaysExactlyWriteForWrite() {
        SimulationRun.Result first = null;
        Schedule schedule = null;
        for (long seed = SEED; first == null; seed++) {
            Schedule candidate = ScheduleGenerator.generate(seed, 40);
            if (candidate.config().parallel() && candidate.config().replicas() >= 3) {
                SimulationRun.Result run = new SimulationRun(candidate, Mutant.NONE, true).execute();
                if (run.counters().interleavings > 0) {
                    first = run;
                    schedule = candidate;
                }
            }
        }

        SimulationRun.Result second = new SimulationRun(schedule, Mutant.NONE, true).execute();

        assertThat(second.trace()).isEqualTo(first.trace());
        assertThat(second.counters().interleavings).isEqualTo(first.counters().interleavings);
    }

    @Test
    void aScheduleReplaysExactlyWriteForWrite() {
        // a seed with faults, watch trouble and restarts in it
        Schedule schedule = null;
        for (long seed = SEED; schedule == null; seed++) {
            Schedule candidate = ScheduleGenerator.generate(seed, 40);
            boolean stormy = candidate.steps().stream().anyMatch(s -> s instanceof Step.InjectFault || s instanceof Step.FaultStorm)
                    && candidate.steps().stream().anyMatch(s -> s instanceof Step.StallWatch)
                    && candidate.steps().stream().anyMatch(s -> s instanceof Step.CrashingPass);
            schedule = stormy ? candidate : null;
        }

        SimulationRun.Result first = new SimulationRun(schedule, Mutant.NONE, true).execute();
        SimulationRun.Result second = new SimulationRun(schedule, Mutant.NONE, true).execute();

        assertThat(second.trace()).isEqualTo(first.trace());
        assertThat(second.counters().controllerWrites).isEqualTo(first.counters().controllerWrites).isPositive();
        assertThat(second.counters().apiFaults).isEqualTo(first.counters().apiFaults);
    }

    @Test
    void aScheduleRendersAsTheJavaThatBuildsIt() {
        Schedule schedule = new Schedule(42L, new SetConfig(2, true, 0, false, "50%", null, 1, null, "Retain", "Delete", false), List.of(
                new Step.Scale(0),
                new Step.Behave(1, PodBehaviour.CRASH),
                new Step.InjectFault(Verb.CREATE, Kind.PODS, FaultType.APPLIED_BUT_FAILED, 0.5),
                new Step.SetImage("nginx:1.26")));

        assertThat(schedule.toJava()).isEqualTo("new Schedule(42L, new SetConfig(2, true, 0, false, \"50%\", null, 1, null, \"Retain\", \"Delete\", false), List.of(\n"
                + "        new Step.Scale(0),\n"
                + "        new Step.Behave(1, PodBehaviour.CRASH),\n"
                + "        new Step.InjectFault(Verb.CREATE, Kind.PODS, FaultType.APPLIED_BUT_FAILED, 0.5),\n"
                + "        new Step.SetImage(\"nginx:1.26\")))");
    }
}
