package dev.stateful.bench.planner;

import dev.stateful.domain.model.Pod;
import dev.stateful.domain.model.StatefulSet;
import dev.stateful.domain.sync.Snapshot;
import dev.stateful.domain.sync.StatefulSetPlanner;
import java.util.ArrayList;
import java.util.List;

/**
 * Not a benchmark: plans one state in a loop for a while, for a profiler to watch. With {@code fresh}
 * as the fourth argument every plan gets new set and pod records (nothing derived yet), as every gRPC
 * {@code Plan} request brings; the time of making those copies alone is printed too.
 * <pre>
 * java -XX:StartFlightRecording=filename=plan.jfr,settings=profile -cp bench/target/bench.jar \
 *     dev.stateful.bench.planner.PlannerProfile 1000 steady 20 [fresh]
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
        boolean fresh = args.length > 3 && args[3].equals("fresh");
        PlannerStates states = PlannerStates.build(replicas);
        Snapshot snapshot = rollout ? states.rollout() : states.steady();
        if (fresh) {
            long copies = 0;
            long copyStart = System.nanoTime();
            long copyEnd = copyStart + 2_000_000_000L;
            int sink = 0;
            while (System.nanoTime() < copyEnd) {
                sink += fresh(snapshot).pods().size();
                copies++;
            }
            System.out.printf("copies alone: %.1f µs each (%d)%n", (System.nanoTime() - copyStart) / 1e3 / copies, sink % 2);
        }
        long end = System.nanoTime() + seconds * 1_000_000_000L;
        long plans = 0;
        long start = System.nanoTime();
        while (System.nanoTime() < end) {
            StatefulSetPlanner.plan(fresh ? fresh(snapshot) : snapshot);
            plans++;
        }
        System.out.printf("%d plans%s, %.1f µs each%n", plans, fresh ? " over fresh records" : "", (System.nanoTime() - start) / 1e3 / plans);
    }

    /** The same snapshot in new set and pod records: what each holds derived starts empty. */
    static Snapshot fresh(Snapshot snapshot) {
        StatefulSet set = snapshot.set();
        StatefulSet copy = new StatefulSet(set.metadata(), set.spec(), set.status(), set.kind(), set.extensions());
        List<Pod> pods = new ArrayList<>(snapshot.pods().size());
        for (Pod pod : snapshot.pods()) {
            pods.add(new Pod(pod.metadata(), pod.spec(), pod.status()));
        }
        return new Snapshot(copy, pods, snapshot.claims(), snapshot.revisions(), snapshot.now());
    }
}
