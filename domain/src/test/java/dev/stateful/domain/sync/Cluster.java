package dev.stateful.domain.sync;

import dev.stateful.domain.availability.Availability;
import dev.stateful.domain.identity.PodIdentity;
import dev.stateful.domain.model.ControllerRevision;
import dev.stateful.domain.model.PersistentVolumeClaim;
import dev.stateful.domain.model.Pod;
import dev.stateful.domain.model.PodStatus;
import dev.stateful.domain.model.StatefulSet;
import dev.stateful.domain.model.StatefulSetSpec;
import dev.stateful.domain.testing.Fixtures;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.UnaryOperator;

/**
 * One namespace holding one StatefulSet, for multi-pass scenarios: {@link #sync()} plans from the
 * current snapshot and applies the plan ({@link PlanApplier}); the test then plays kubelet, garbage
 * collector or user between passes. Every method returns {@code this} unless it reads something.
 */
final class Cluster {

    private StatefulSet set;
    private final Map<String, Pod> pods = new LinkedHashMap<>();
    private final Map<String, PersistentVolumeClaim> claims = new LinkedHashMap<>();
    private final List<ControllerRevision> revisions = new ArrayList<>();
    private Instant now = Fixtures.T0.plus(Duration.ofHours(1));
    private int uids;
    private PlanApplier.Deletion deletion = PlanApplier.Deletion.IMMEDIATE;
    private PlanApplier.Result last;

    private Cluster(StatefulSet set) {
        this.set = set;
    }

    static Cluster of(StatefulSet set) {
        return new Cluster(set);
    }

    // ------------------------------------------------------------------ the controller

    Snapshot snapshot() {
        return new Snapshot(set, new ArrayList<>(pods.values()), claims, revisions, now);
    }

    /** The plan for the current state, not applied. */
    Plan plan() {
        return StatefulSetPlanner.plan(snapshot());
    }

    /** One reconcile pass: plan, then apply. Returns the plan. */
    Plan sync() {
        Plan plan = plan();
        last = PlanApplier.apply(snapshot(), plan, () -> "uid-" + (++uids), deletion);
        Snapshot after = last.snapshot();
        set = after.set();
        pods.clear();
        after.pods().forEach(p -> pods.put(p.name(), p));
        claims.clear();
        claims.putAll(after.claims());
        revisions.clear();
        revisions.addAll(after.revisions());
        return plan;
    }

    /** The outcome of the last {@link #sync()}. */
    PlanApplier.Result lastResult() {
        return last;
    }

    /** Deleted pods stay listed with a deletionTimestamp until {@link #finishTermination}. */
    Cluster gracefulDeletion() {
        deletion = PlanApplier.Deletion.GRACEFUL;
        return this;
    }

    /**
     * Syncs until a pass changes nothing, playing a healthy kubelet in between: every pod becomes
     * Running and Ready, terminating pods disappear, and the clock moves past minReadySeconds.
     */
    Cluster converge() {
        for (int pass = 0; pass < 200; pass++) {
            StatefulSet before = set;
            Plan plan = sync();
            boolean changed = settle();
            if (plan.isIdle() && !changed && before.equals(set)) {
                return this;
            }
        }
        throw new AssertionError("no convergence after 200 passes: " + pods.keySet() + " " + set.status());
    }

    /** A healthy kubelet: terminating pods go, the others become Running and Ready; then time passes. */
    private boolean settle() {
        boolean changed = false;
        for (Pod pod : new ArrayList<>(pods.values())) {
            if (pod.isTerminating()) {
                finishTermination(pod.name());
                changed = true;
            } else if (!Availability.isRunningAndReady(pod) && !Availability.hasTerminalPhase(pod)) {
                pods.put(pod.name(), Observed.runningReady(pod, now));
                changed = true;
            }
        }
        advance(Duration.ofSeconds(set.spec().minReadySeconds() + 1L));
        return changed;
    }

    // ------------------------------------------------------------------ the user

    /** A spec edit through the API server: status kept, generation bumped. */
    Cluster edit(UnaryOperator<StatefulSetSpec> change) {
        StatefulSetSpec spec = change.apply(set.spec());
        if (!spec.equals(set.spec())) {
            set = set.withSpec(spec).withMetadata(set.metadata().withGeneration(set.metadata().generation() + 1));
        }
        return this;
    }

    Cluster scale(int replicas) {
        return edit(spec -> spec.withReplicas(replicas));
    }

    Cluster image(String image) {
        return edit(spec -> Fixtures.withImage(set, image).spec());
    }

    /** Replaces the set object as is (metadata and status included), e.g. to mark it deleted. */
    Cluster replaceSet(UnaryOperator<StatefulSet> change) {
        set = change.apply(set);
        return this;
    }

    // ------------------------------------------------------------------ kubelet, GC and clock

    Cluster advance(Duration duration) {
        now = now.plus(duration);
        return this;
    }

    Cluster running(String name) {
        return put(Observed.inPhase(pod(name), PodStatus.RUNNING));
    }

    Cluster runningNotReady(String name) {
        return put(Observed.runningNotReady(pod(name), now));
    }

    Cluster ready(String name) {
        return put(Observed.runningReady(pod(name), now));
    }

    Cluster readySince(String name, Instant since) {
        return put(Observed.runningReady(pod(name), since));
    }

    Cluster phase(String name, String phase) {
        return put(Observed.inPhase(pod(name), phase));
    }

    /** The kubelet reports the pod Failed, as it does: phase Failed and, with it, the Ready condition False. */
    Cluster failed(String name) {
        return put(Observed.inPhase(Observed.runningNotReady(pod(name), now), PodStatus.FAILED));
    }

    /** Every pod that is not Running and Ready becomes so now (terminal and terminating pods excepted). */
    Cluster readyAll() {
        for (Pod pod : new ArrayList<>(pods.values())) {
            if (!pod.isTerminating() && !Availability.hasTerminalPhase(pod) && !Availability.isRunningAndReady(pod)) {
                put(Observed.runningReady(pod, now));
            }
        }
        return this;
    }

    /** Someone (a user, an eviction) starts deleting the pod. */
    Cluster terminate(String name) {
        return put(Observed.terminating(pod(name), now));
    }

    /** The pod object is gone (kubelet finished, or a force delete); the GC removes claims only it owned. */
    Cluster finishTermination(String name) {
        PlanApplier.removePod(pods, claims, name);
        return this;
    }

    Cluster put(Pod pod) {
        pods.put(pod.name(), pod);
        return this;
    }

    Cluster putClaim(PersistentVolumeClaim claim) {
        claims.put(claim.name(), claim);
        return this;
    }

    Cluster removeClaim(String name) {
        claims.remove(name);
        return this;
    }

    // ------------------------------------------------------------------ reading

    StatefulSet set() {
        return set;
    }

    Instant now() {
        return now;
    }

    Pod pod(String name) {
        Pod pod = pods.get(name);
        if (pod == null) {
            throw new AssertionError("no pod " + name + " in " + pods.keySet());
        }
        return pod;
    }

    Optional<Pod> findPod(String name) {
        return Optional.ofNullable(pods.get(name));
    }

    /** Pods ordered by ordinal. */
    List<Pod> pods() {
        return pods.values().stream().sorted(Comparator.comparingInt(PodIdentity::ordinal)).toList();
    }

    List<String> podNames() {
        return pods().stream().map(Pod::name).toList();
    }

    Optional<PersistentVolumeClaim> claim(String name) {
        return Optional.ofNullable(claims.get(name));
    }

    List<PersistentVolumeClaim> claims() {
        return List.copyOf(claims.values());
    }

    List<ControllerRevision> revisions() {
        return List.copyOf(revisions);
    }
}
