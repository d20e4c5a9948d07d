package dev.stateful.domain.sync;

import dev.stateful.domain.availability.Availability;
import static org.assertj.core.api.Assertions.assertThat;

import dev.stateful.domain.identity.PodIdentity;
import dev.stateful.domain.model.ControllerRevision;
import dev.stateful.domain.model.IntOrString;
import dev.stateful.domain.model.Ordinals;
import dev.stateful.domain.model.PersistentVolumeClaim;
import dev.stateful.domain.model.Pod;
import dev.stateful.domain.model.PodStatus;
import dev.stateful.domain.model.RetentionPolicy;
import dev.stateful.domain.model.StatefulSet;
import dev.stateful.domain.model.StatefulSetSpec;
import dev.stateful.domain.model.StatefulSetStatus;
import dev.stateful.domain.model.UpdateStrategy;
import dev.stateful.domain.revision.RevisionHistory;
import dev.stateful.domain.testing.Fixtures;
import dev.stateful.domain.testing.SeededRuns;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * Random snapshots — replicas 0–8, start ordinal 0–3, either policy, OnDelete or RollingUpdate with a
 * random partition and maxUnavailable, pods at random ordinals (out of range too) in random phases,
 * readiness and termination, on one of two revisions — and the rules every plan must keep. The
 * oracles are written from the spec, not from the planner. Pods are the set's own or adoptable
 * orphans. Reproduce a failure with {@code -Dstateful.seed=<printed master seed>}.
 */
class PlannerPropertyTest {

    private static final int RUNS = 2_000;
    private static final Instant NOW = Fixtures.T0.plus(Duration.ofDays(1));
    private static final Operation.DeletePod.Cause ROLLING = Operation.DeletePod.Cause.ROLLING_UPDATE;
    private static final Operation.DeletePod.Cause CONDEMNED = Operation.DeletePod.Cause.CONDEMNED;
    private static final Operation.DeletePod.Cause TERMINAL = Operation.DeletePod.Cause.TERMINAL_PHASE;

    @Test
    void everyPlanKeepsTheOrderingBudgetAndStatusRules() {
        SeededRuns.check(0x57A7EF01L, RUNS, PlannerPropertyTest::generate, PlannerPropertyTest::check, PlannerPropertyTest::describe);
    }

    // ------------------------------------------------------------------ generator

    private static Snapshot generate(Random rnd) {
        int replicas = rnd.nextInt(9);
        int start = rnd.nextInt(4);
        StatefulSet base = Fixtures.statefulSet("web", replicas);
        StatefulSetSpec spec = base.spec()
                .withOrdinals(start == 0 && rnd.nextBoolean() ? null : new Ordinals(start))
                .withPodManagementPolicy(rnd.nextBoolean() ? StatefulSetSpec.PARALLEL : StatefulSetSpec.ORDERED_READY)
                .withMinReadySeconds(pick(rnd, 0, 0, 30, 600))
                .withRetentionPolicy(new RetentionPolicy(pick(rnd, "Retain", "Delete"), pick(rnd, "Retain", "Delete")))
                .withUpdateStrategy(strategy(rnd, replicas));
        StatefulSet setA = base.withSpec(spec);
        StatefulSet setB = Fixtures.withImage(setA, "nginx:1.27");
        ControllerRevision a = RevisionHistory.newRevision(setA, 1, 0);
        ControllerRevision b = RevisionHistory.newRevision(setB, 2, 0);

        StatefulSet set = rnd.nextInt(4) == 0 ? setA : setB;
        String storedCurrent = pick(rnd, a.name(), a.name(), b.name(), "");
        set = set.withStatus(new StatefulSetStatus(1, replicas, 0, rnd.nextInt(replicas + 1), 0, 0, storedCurrent, b.name(), 0, List.of()));
        if (rnd.nextInt(10) == 0) {
            set = set.withMetadata(set.metadata().withDeletionTimestamp(NOW.minusSeconds(5)));
        }

        List<Pod> pods = new ArrayList<>();
        List<PersistentVolumeClaim> claims = new ArrayList<>();
        for (int ordinal = 0; ordinal <= start + replicas + 2; ordinal++) {
            if (rnd.nextInt(10) < 3) {
                continue;
            }
            Pod pod = Observed.member(set, ordinal, rnd.nextBoolean() ? a.name() : b.name());
            pod = pod.withMetadata(pod.metadata().withUid("uid-" + ordinal));
            int phase = rnd.nextInt(100);
            if (phase < 15) {
                pod = Observed.pending(pod);
            } else if (phase < 75) {
                Instant since = NOW.minusSeconds(rnd.nextInt(1200));
                pod = rnd.nextInt(4) == 0 ? Observed.runningNotReady(pod, since) : Observed.runningReady(pod, since);
            } else if (phase < 83) {
                pod = Observed.inPhase(pod, PodStatus.FAILED);
            } else if (phase < 90) {
                pod = Observed.inPhase(pod, PodStatus.SUCCEEDED);
            } else {
                pod = Observed.inPhase(pod, PodStatus.UNKNOWN);
            }
            if (rnd.nextInt(100) < 15) {
                pod = Observed.terminating(pod, NOW.minusSeconds(1));
            } else if (rnd.nextInt(100) < 10) {
                pod = pod.withMetadata(pod.metadata().withOwnerReferences(List.of()));
            }
            pods.add(pod);
            if (rnd.nextInt(10) < 8) {
                claims.addAll(Observed.claimsOf(set, ordinal));
            }
        }
        java.util.Collections.shuffle(pods, rnd);
        return Observed.snapshot(set).pods(pods).claims(claims).revisions(a, b).at(NOW).build();
    }

    private static UpdateStrategy strategy(Random rnd, int replicas) {
        int kind = rnd.nextInt(4);
        if (kind == 0) {
            return UpdateStrategy.onDelete();
        }
        if (kind == 1) {
            return new UpdateStrategy(UpdateStrategy.ROLLING_UPDATE, null);
        }
        Integer partition = rnd.nextInt(3) == 0 ? null : rnd.nextInt(replicas + 2);
        IntOrString maxUnavailable = switch (rnd.nextInt(4)) {
            case 0 -> null;
            case 1 -> IntOrString.of(1 + rnd.nextInt(4));
            case 2 -> IntOrString.of(pick(rnd, "25%", "50%", "100%"));
            default -> IntOrString.of(1);
        };
        return UpdateStrategy.rollingUpdate(partition, maxUnavailable);
    }

    @SafeVarargs
    private static <T> T pick(Random rnd, T... values) {
        return values[rnd.nextInt(values.length)];
    }

    // ------------------------------------------------------------------ properties

    private static void check(Snapshot snapshot) {
        StatefulSet set = snapshot.set();
        Plan plan = StatefulSetPlanner.plan(snapshot);
        assertThat(plan.isValid()).as("generated sets are valid: %s", plan.violations()).isTrue();
        assertThat(StatefulSetPlanner.plan(snapshot)).as("the plan is deterministic").isEqualTo(plan);

        World w = new World(snapshot);
        List<Operation.CreatePod> creates = Plans.ops(plan, Operation.CreatePod.class);
        List<Operation.DeletePod> deletes = Plans.ops(plan, Operation.DeletePod.class);

        if (set.metadata().isTerminating()) {
            assertThat(plan.operations()).as("a set being deleted gets no pod or claim writes").isEmpty();
            assertThat(plan.ownership()).as("nor adoptions or releases").isEmpty();
        }

        // creation
        List<String> created = creates.stream().map(Operation::podName).toList();
        assertThat(new HashSet<>(created)).as("at most one pod per name is created").hasSize(created.size());
        Set<String> existing = snapshot.pods().stream().map(Pod::name).collect(Collectors.toSet());
        assertThat(created).as("never a pod that exists").noneMatch(existing::contains);
        assertThat(creates).as("only in-range ordinals are created")
                .allSatisfy(c -> assertThat(w.inRange(PodIdentity.ordinal(c.pod()))).isTrue());

        // deletion targets
        List<String> deleted = deletes.stream().map(Operation::podName).toList();
        assertThat(new HashSet<>(deleted)).as("each pod is deleted at most once per plan").hasSize(deleted.size());
        assertThat(deletes).allSatisfy(d -> {
            Pod target = w.claimed.get(d.podName());
            assertThat(target).as("%s is one of the set's pods", d.podName()).isNotNull();
            assertThat(target.isTerminating()).as("%s is not deleted again while terminating", d.podName()).isFalse();
            int ordinal = PodIdentity.ordinal(target);
            if (d.cause() == TERMINAL) {
                assertThat(Availability.hasTerminalPhase(target)).isTrue();
                assertThat(w.inRange(ordinal)).isTrue();
            } else if (d.cause() == CONDEMNED) {
                assertThat(w.inRange(ordinal)).as("condemned pods are out of range").isFalse();
            } else {
                assertThat(set.spec().updateStrategy().isOnDelete()).as("OnDelete never rolls").isFalse();
                assertThat(w.inRange(ordinal)).isTrue();
                assertThat(ordinal).as("no rolling-update deletion below the partition")
                        .isGreaterThanOrEqualTo(w.start + set.spec().updateStrategy().partition());
                assertThat(PodIdentity.revisionOf(target)).as("only outdated pods roll").isNotEqualTo(plan.revisions().update().name());
            }
        });

        if (set.spec().isMonotonic()) {
            checkOrderedReady(plan, w, creates, deletes);
        } else if (!set.metadata().isTerminating()) {
            List<String> missing = new ArrayList<>();
            for (int o = w.start; o <= w.end; o++) {
                if (w.slot(o).isEmpty()) {
                    missing.add("web-" + o);
                }
            }
            assertThat(created).as("Parallel creates every missing in-range pod").containsExactlyInAnyOrderElementsOf(missing);
        }

        checkBudget(plan, w, deletes);
        checkStatus(plan, w);
    }

    private static void checkOrderedReady(Plan plan, World w, List<Operation.CreatePod> creates, List<Operation.DeletePod> deletes) {
        assertThat(creates).as("OrderedReady creates at most one pod per plan").hasSizeLessThanOrEqualTo(1);
        for (Operation.CreatePod c : creates) {
            int ordinal = PodIdentity.ordinal(c.pod());
            for (int lower = w.start; lower < ordinal; lower++) {
                assertThat(w.slot(lower)).as("web-%d is created only once web-%d is Running, Ready and available", ordinal, lower)
                        .hasValueSatisfying(p -> assertThat(w.healthy(p)).isTrue());
            }
        }
        List<Operation.DeletePod> condemned = deletes.stream().filter(d -> d.cause() == CONDEMNED).toList();
        assertThat(condemned).as("OrderedReady deletes at most one condemned pod per plan").hasSizeLessThanOrEqualTo(1);
        for (Operation.DeletePod d : condemned) {
            int highest = w.claimed.values().stream().mapToInt(PodIdentity::ordinal).filter(o -> o >= 0 && !w.inRange(o)).max().orElseThrow();
            assertThat(PodIdentity.ordinal(d.pod())).as("the highest condemned ordinal goes first").isEqualTo(highest);
            assertThat(creates).as("scale-down waits for the replicas").isEmpty();
            for (int o = w.start; o <= w.end; o++) {
                assertThat(w.slot(o)).as("scale-down needs web-%d healthy", o).hasValueSatisfying(p -> assertThat(w.healthy(p)).isTrue());
            }
        }
        if (creates.isEmpty() && !w.set.metadata().isTerminating()) {
            // liveness: the lowest missing ordinal is created once everything below it is healthy
            for (int o = w.start; o <= w.end; o++) {
                Optional<Pod> pod = w.slot(o);
                if (pod.isEmpty()) {
                    assertThat(true).as("web-%d is missing with every lower pod healthy, so it must be created", o).isFalse();
                }
                if (!w.healthy(pod.get())) {
                    break;
                }
            }
        }
    }

    private static void checkBudget(Plan plan, World w, List<Operation.DeletePod> deletes) {
        Set<String> rolled = deletes.stream().filter(d -> d.cause() == ROLLING).map(Operation::podName).collect(Collectors.toSet());
        if (rolled.isEmpty()) {
            return;
        }
        int maxUnavailable = w.maxUnavailable();
        long availableRolled = rolled.stream().map(w.claimed::get).filter(w::available).count();
        assertThat(availableRolled).as("rolling-update deletions of available pods").isLessThanOrEqualTo(maxUnavailable);
        if (availableRolled > 0) {
            Set<String> deleted = deletes.stream().map(Operation::podName).collect(Collectors.toSet());
            long unavailableLeft = 0;
            for (int o = w.start; o <= w.end; o++) {
                Optional<Pod> pod = w.slot(o);
                if (pod.isEmpty() || (!w.available(pod.get()) && !deleted.contains(pod.get().name()))) {
                    unavailableLeft++;
                }
            }
            assertThat(availableRolled + unavailableLeft)
                    .as("available pods are taken down only within the budget left by the unavailable ones")
                    .isLessThanOrEqualTo(maxUnavailable);
        }
    }

    private static void checkStatus(Plan plan, World w) {
        StatefulSetStatus s = plan.status();
        long observed = w.claimed.values().stream().filter(p -> PodIdentity.ordinal(p) >= 0).count();
        assertThat(s.replicas()).as("replicas counts every observed pod of the set").isEqualTo((int) observed);
        assertThat(s.readyReplicas()).isBetween(0, s.replicas());
        assertThat(s.availableReplicas()).isBetween(0, s.readyReplicas());
        assertThat(s.currentReplicas()).isBetween(0, s.replicas());
        assertThat(s.updatedReplicas()).isBetween(0, s.replicas());
        assertThat(s.observedGeneration()).isEqualTo(w.set.metadata().generation());
        assertThat(s.updateRevision()).isEqualTo(plan.revisions().update().name());
    }

    /** The snapshot as the spec describes it: claimed pods by name, slots by ordinal, health. */
    private static final class World {
        final StatefulSet set;
        final int start;
        final int end;
        final int minReady;
        final Instant now;
        final Map<String, Pod> claimed = new TreeMap<>();

        World(Snapshot snapshot) {
            set = snapshot.set();
            start = set.spec().startOrdinal();
            end = start + set.spec().replicasOrDefault() - 1;
            minReady = set.spec().minReadySeconds();
            now = snapshot.now();
            String uid = set.metadata().uid();
            for (Pod pod : snapshot.pods()) {
                boolean owned = pod.metadata().controllerRef().map(r -> r.uid().equals(uid)).orElse(false);
                boolean adoptable = pod.metadata().ownerReferences().isEmpty() && !pod.isTerminating() && !set.metadata().isTerminating();
                if (owned || adoptable) {
                    claimed.put(pod.name(), pod);
                }
            }
        }

        boolean inRange(int ordinal) {
            return ordinal >= start && ordinal <= end;
        }

        Optional<Pod> slot(int ordinal) {
            return Optional.ofNullable(claimed.get("web-" + ordinal));
        }

        /** Ready condition true, Running, Ready for at least minReadySeconds (upstream's IsPodAvailable compares with <= 0). */
        boolean available(Pod pod) {
            boolean ready = PodStatus.RUNNING.equals(pod.status().phase()) && pod.status().isReady();
            if (!ready || pod.isTerminating()) {
                return false;
            }
            Instant since = pod.status().readyCondition().orElseThrow().lastTransitionTime();
            return minReady == 0 || !since.plusSeconds(minReady).isAfter(now);
        }

        boolean healthy(Pod pod) {
            return available(pod);
        }

        int maxUnavailable() {
            UpdateStrategy.RollingUpdate rolling = set.spec().updateStrategy().rollingUpdate();
            IntOrString value = rolling == null || rolling.maxUnavailable() == null ? IntOrString.of(1) : rolling.maxUnavailable();
            if (value.isInt()) {
                return Math.max(1, value.intValue());
            }
            int percent = Integer.parseInt(value.stringValue().replace("%", ""));
            return Math.max(1, percent * set.spec().replicasOrDefault() / 100);
        }
    }

    private static String describe(Snapshot snapshot) {
        StatefulSet set = snapshot.set();
        StringBuilder out = new StringBuilder();
        out.append("set: replicas=").append(set.spec().replicas()).append(" start=").append(set.spec().startOrdinal())
                .append(" policy=").append(set.spec().podManagementPolicy()).append(" strategy=").append(set.spec().updateStrategy())
                .append(" minReady=").append(set.spec().minReadySeconds()).append(" deleting=").append(set.metadata().isTerminating())
                .append(" storedCurrent=").append(set.status().currentRevision()).append('\n');
        snapshot.pods().stream().sorted(PodIdentity.ASCENDING_ORDINAL).forEach(p -> out.append("  ").append(p.name())
                .append(' ').append(p.status().phase()).append(p.status().isReady() ? " ready" : "")
                .append(p.isTerminating() ? " terminating" : "").append(p.metadata().ownerReferences().isEmpty() ? " orphan" : "")
                .append(" rev=").append(PodIdentity.revisionOf(p)).append('\n'));
        return out.toString();
    }
}
