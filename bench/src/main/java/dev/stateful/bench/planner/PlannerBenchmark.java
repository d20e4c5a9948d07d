package dev.stateful.bench.planner;

import dev.stateful.domain.identity.PodIdentity;
import dev.stateful.domain.model.Pod;
import dev.stateful.domain.sync.Plan;
import dev.stateful.domain.sync.StatefulSetPlanner;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * Figure 1 (JMH): one plan over an n-replica set, steady and mid-rollout, against a baseline that
 * only reads the same n pods once (name, uid, revision label, phase, readiness: what any
 * controller must look at). Run through {@link PlannerFigure}, which sets the sizes and iterations.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class PlannerBenchmark {

    @Param({"10", "100", "1000"})
    public int replicas;

    private PlannerStates states;

    @Setup(Level.Trial)
    public void setUp() {
        states = PlannerStates.build(replicas);
    }

    @Benchmark
    public Plan planSteady() {
        return StatefulSetPlanner.plan(states.steady());
    }

    @Benchmark
    public Plan planMidRollout() {
        return StatefulSetPlanner.plan(states.rollout());
    }

    @Benchmark
    public int readPodsOnce() {
        return readOnce(states.steady().pods());
    }

    /** The baseline: what any controller must look at in each pod, once. */
    static int readOnce(List<Pod> pods) {
        int seen = 0;
        for (Pod pod : pods) {
            seen += pod.name().length() + pod.metadata().uid().length() + PodIdentity.revisionOf(pod).length()
                    + pod.status().phase().length() + (pod.status().isReady() ? 1 : 0);
        }
        return seen;
    }
}
