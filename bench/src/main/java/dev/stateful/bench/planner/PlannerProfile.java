package dev.stateful.bench.planner;

import dev.stateful.domain.sync.Snapshot;
import dev.stateful.domain.sync.StatefulSetPlanner;

/**
 * Not a benchmark: plans one state in a loop for a while, for a profiler to watch.
 * <pre>
 * java -XX:StartFlightRecording=filename=plan.jfr,settings=profile -cp bench/target/bench.jar \
 *     dev.stateful.bench.planner.PlannerProfile 1000 steady 20
 * jfr print --events jdk.ExecutionSample plan.jfr
 * </pre>
 */
public final class PlannerProfile {

    private PlannerProfile() {
    }

    public static void main(String[] args) {
        int replicas = args.length > 0 ? Integer.parseInt(args[0]) : 1000;
        boolean rollout = args.length > 1 && args[1].equals("rollout");
        long seconds = args.length > 2 ? Long.parseLong(args[2]) : 20;
        PlannerStates states = PlannerStates.build(replicas);
        Snapshot snapshot = rollout ? states.rollout() : states.steady();
        long end = System.nanoTime() + seconds * 1_000_000_000L;
        long plans = 0;
        long start = System.nanoTime();
        while (System.nanoTime() < end) {
            StatefulSetPlanner.plan(snapshot);
            plans++;
        }
        System.out.printf("%d plans, %.1f µs each%n", plans, (System.nanoTime() - start) / 1e3 / plans);
    }
}
