package dev.stateful.bench.planner;

import dev.stateful.bench.Manifests;
import dev.stateful.domain.model.ObjectKey;
import dev.stateful.domain.sync.Operation;
import dev.stateful.domain.sync.Phase;
import dev.stateful.domain.sync.Plan;
import dev.stateful.domain.sync.Snapshot;
import dev.stateful.domain.sync.StatefulSetPlanner;
import dev.stateful.inmemory.InMemoryCluster;
import dev.stateful.inmemory.driver.ControllerDriver;

/**
 * The snapshots figure 1 plans from, made the honest way: the real controller converges a Parallel
 * set on the in-memory cluster, and the snapshot is what the reconciler would read next.
 *
 * <ul>
 *   <li>steady: every pod Running and Ready on the update revision; the plan has nothing to do;</li>
 *   <li>mid-rollout: a new image rolled out to the upper half (a canary at partition n/2, finished),
 *       then the partition moved to 0: half the pods are outdated and the plan deletes the highest
 *       outdated one (maxUnavailable 1).</li>
 * </ul>
 */
public record PlannerStates(Snapshot steady, Snapshot rollout) {

    static final String NAMESPACE = "default";
    static final String NAME = "web";

    public static PlannerStates build(int replicas) {
        InMemoryCluster cluster = InMemoryCluster.builder().instantKubelet().build();
        ControllerDriver driver = new ControllerDriver(cluster);
        ObjectKey key = new ObjectKey(NAMESPACE, NAME);
        cluster.apply(Manifests.statefulSet(NAMESPACE, NAME, replicas, Manifests.IMAGE, "Parallel", null, null));
        driver.settle();
        Snapshot steady = driver.reconciler().snapshot(key).orElseThrow();

        int half = replicas / 2;
        cluster.apply(Manifests.statefulSet(NAMESPACE, NAME, replicas, Manifests.NEXT_IMAGE, "Parallel", half, "100%"));
        driver.settle();
        cluster.apply(Manifests.statefulSet(NAMESPACE, NAME, replicas, Manifests.NEXT_IMAGE, "Parallel", 0, null));
        Snapshot rollout = driver.reconciler().snapshot(key).orElseThrow();

        check(steady, replicas, rollout);
        return new PlannerStates(steady, rollout);
    }

    /** The states must be what they claim to be, or the figure measures something else. */
    private static void check(Snapshot steady, int replicas, Snapshot rollout) {
        Plan quiet = StatefulSetPlanner.plan(steady);
        if (steady.pods().size() != replicas || !quiet.phases().isEmpty()) {
            throw new IllegalStateException("steady state is not steady: " + steady.pods().size() + " pods, phases " + quiet.phases());
        }
        Plan rolling = StatefulSetPlanner.plan(rollout);
        boolean deletes = rolling.phases().stream()
                .filter(p -> p.name() == Phase.Name.ROLLING_UPDATE)
                .flatMap(p -> p.units().stream())
                .flatMap(u -> u.operations().stream())
                .anyMatch(op -> op instanceof Operation.DeletePod);
        if (rollout.pods().size() != replicas || !deletes) {
            throw new IllegalStateException("mid-rollout state does not roll: " + rollout.pods().size() + " pods, phases " + rolling.phases());
        }
    }
}
