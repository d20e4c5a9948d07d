package dev.stateful.inmemory.simulation;

import dev.stateful.domain.identity.PodIdentity;
import dev.stateful.domain.model.ControllerRevision;
import dev.stateful.domain.model.ObjectKey;
import dev.stateful.domain.model.OwnerReference;
import dev.stateful.domain.model.PersistentVolumeClaim;
import dev.stateful.domain.model.Pod;
import dev.stateful.domain.model.RetentionPolicy;
import dev.stateful.domain.model.StatefulSet;
import dev.stateful.domain.model.StatefulSetStatus;
import dev.stateful.domain.model.UpdateStrategy;
import dev.stateful.domain.revision.RevisionResolver;
import dev.stateful.domain.storage.PodClaims;
import dev.stateful.domain.availability.Availability;
import dev.stateful.domain.sync.Ownership;
import dev.stateful.domain.update.MaxUnavailable;
import dev.stateful.inmemory.InMemoryCluster;
import dev.stateful.inmemory.store.Change;
import dev.stateful.inmemory.store.ChangeListener;
import dev.stateful.inmemory.store.Kind;
import dev.stateful.ports.reconcile.ReconcileListener;
import dev.stateful.ports.reconcile.SyncResult;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The safety rules of a StatefulSet, checked while a schedule runs.
 *
 * <p><b>Decision rules</b> are checked just before each controller write reaches the API, against
 * what the controller knew when it decided: its caches plus its own writes of the current sync
 * ({@link ControllerCache#knowledge}). With live watches that is exactly the API server's state
 * at that instant; with a stalled watch it is the older state the controller saw, and no
 * controller can do better than act correctly on what it sees. A wrong decision is a violation
 * even if the API call then fails.
 *
 * <p><b>State rules</b> are checked on every change the API server commits (status) and after
 * every step (identities).
 *
 * <p>Violations are collected, never thrown: a check runs inside the controller's call or the
 * store's write and must not change what happens next.
 */
final class InvariantChecker implements ChangeListener, ReconcileListener {

    /** The guarantees, one per kind of violation. */
    enum Rule {
        ONE_POD_PER_ORDINAL("at most one pod per identity: the controller never creates a pod it sees exist; live pods of a set have distinct, well-formed identities"),
        POD_CREATION("the controller creates only missing pods of in-range ordinals of a set that is not being deleted"),
        ORDERED_CREATION("OrderedReady: no pod is created while a lower ordinal is not Running, Ready and available"),
        ORDERED_SCALE_DOWN("OrderedReady: scale-down deletes the highest ordinal first, one at a time, once every other pod is healthy"),
        ORDERED_UPDATE("OrderedReady: a rolling update deletes only while every replica is Running, Ready and available and no scale-down is pending"),
        POD_DELETION("the controller deletes a pod only when it has failed, is condemned by a scale-down, or is outdated under RollingUpdate"),
        PARTITION("a rolling update never deletes a pod below the partition"),
        MAX_UNAVAILABLE("a rolling update deletes a Running and Ready pod only while at most maxUnavailable-1 other replicas are unavailable (outdated pods that are not Running and Ready do not count)"),
        STORAGE("a pod is created only with its claims; claims are deleted only through owner references the retention policy asks for"),
        REVISION_IN_USE("a ControllerRevision still used by a pod of its set, or naming the set's template, is never deleted"),
        STATUS("status counters are consistent (ready <= replicas, available <= ready, current and updated <= replicas) and observedGeneration never goes back nor passes the generation"),
        CONVERGENCE("once faults stop and the kubelet is healthy, the set converges to its spec within a bounded number of passes"),
        NO_CRASH("no exception escapes the controller"),
        FENCING("no controller writes after it lost the lease: a leader paused past its lease and resumed writes nothing once another holds it");

        final String guarantee;

        Rule(String guarantee) {
            this.guarantee = guarantee;
        }
    }

    /** The step number of the final settle, after the faults have stopped. */
    static final int FINAL_SETTLE = -1;

    /** One broken rule. {@code step} is the 1-based step during which it was seen (0: the initial apply; or {@link #FINAL_SETTLE}). */
    record Violation(Rule rule, int step, String message) {
        @Override
        public String toString() {
            String when = step == 0 ? "while applying the initial set" : step == FINAL_SETTLE ? "during the final settle" : "during step " + step;
            return "[" + rule + "] " + when + ": " + message;
        }
    }

    private final InMemoryCluster cluster;
    private final ControllerCache cache;
    private final List<Violation> violations = new ArrayList<>();
    /** Claims of live pods the garbage collector deleted, by name. */
    private final List<String> lostClaims = new ArrayList<>();
    /** Pods the controller deleted in the current sync, as they were just before. */
    private final Map<String, Pod> deletedThisSync = new HashMap<>();
    private int step;

    InvariantChecker(InMemoryCluster cluster, ControllerCache cache) {
        this.cluster = cluster;
        this.cache = cache;
    }

    List<Violation> violations() {
        return List.copyOf(violations);
    }

    /** Claims of live pods that were deleted (the garbage collector followed an owner reference it should not have had). */
    List<String> lostClaims() {
        return List.copyOf(lostClaims);
    }

    void atStep(int value) {
        step = value;
    }

    void violation(Rule rule, String message) {
        violations.add(new Violation(rule, step, "[" + cluster.clock().instant() + "] " + message));
    }

    // ------------------------------------------------------------------ sync boundaries

    @Override
    public void synced(SyncResult result) {
        syncEnded();
    }

    void syncEnded() {
        deletedThisSync.clear();
        cache.syncEnded();
    }

    // ------------------------------------------------------------------ decision rules

    void beforePodCreate(Pod pod) {
        Knowledge k = knowledge();
        Optional<StatefulSet> owner = k.controllerOf(pod);
        if (owner.isEmpty()) {
            violation(Rule.POD_CREATION, "creates " + pod.name() + " for a set it does not know");
            return;
        }
        StatefulSet set = owner.get();
        if (set.metadata().isTerminating()) {
            violation(Rule.POD_CREATION, "creates " + pod.name() + " while " + set.name() + " is being deleted");
        }
        int ordinal = PodIdentity.ordinal(pod);
        if (!PodIdentity.inOrdinalRange(set, ordinal)) {
            violation(Rule.POD_CREATION, "creates " + pod.name() + " outside the ordinal range [" + set.spec().startOrdinal() + ", "
                    + (set.spec().startOrdinal() + set.spec().replicasOrDefault()) + ")");
        }
        // an orphan of that name is not adopted while terminating: the API server refuses the create (name uniqueness)
        Optional<Pod> existing = k.pod(pod.namespace(), pod.name());
        if (existing.isPresent() && PodIdentity.isControlledBy(existing.get(), set)) {
            violation(Rule.ONE_POD_PER_ORDINAL, "creates " + pod.name() + " while it sees " + describe(existing.get(), set, k.now));
        }
        for (PersistentVolumeClaim wanted : PodClaims.claimsFor(set, pod).values()) {
            Optional<PersistentVolumeClaim> known = k.claim(set.namespace(), wanted.name());
            Optional<PersistentVolumeClaim> truth = cluster.stores().claims().get(new ObjectKey(set.namespace(), wanted.name()));
            boolean exists = known.isPresent() || truth.isPresent();
            if (!exists) {
                violation(Rule.STORAGE, "creates " + pod.name() + " before its claim " + wanted.name());
            } else if (known.isPresent() && known.get().isTerminating()) {
                violation(Rule.STORAGE, "creates " + pod.name() + " while its claim " + wanted.name() + " is being deleted");
            } else if (known.isPresent() && ownedByAnotherPod(known.get(), pod.name())) {
                violation(Rule.STORAGE, "creates " + pod.name() + " while its claim " + wanted.name()
                        + " still belongs to an earlier " + pod.name() + " (the garbage collector is about to delete it)");
            } else if (known.isPresent() && ownedByAnotherSet(known.get(), set)) {
                violation(Rule.STORAGE, "creates " + pod.name() + " while its claim " + wanted.name()
                        + " still belongs to an earlier " + set.name() + " (the garbage collector is about to delete it)");
            } else if (truth.isPresent() && (ownedByAnotherPod(truth.get(), pod.name()) || ownedByAnotherSet(truth.get(), set))) {
                // what the controller saw was fine, but not what the API server holds: a pod must never start on a
                // claim the garbage collector is about to delete, however far behind the claim cache is
                violation(Rule.STORAGE, "creates " + pod.name() + " on its claim " + wanted.name() + ", which the API server has as owned by "
                        + truth.get().metadata().ownerReferences().stream().map(r -> r.kind() + "/" + r.name()).toList()
                        + " (its claim cache shows " + known.map(c -> c.metadata().ownerReferences().stream()
                                .map(r -> r.kind() + "/" + r.name()).toList().toString()).orElse("no claim")
                        + "): the garbage collector will delete it");
            }
        }
        if (set.spec().isMonotonic()) {
            for (int lower = set.spec().startOrdinal(); lower < ordinal; lower++) {
                String name = PodIdentity.podName(set, lower);
                Optional<Pod> predecessor = k.pod(set.namespace(), name).filter(p -> PodIdentity.isControlledBy(p, set));
                String problem = healthProblem(predecessor, set, k.now);
                if (problem != null) {
                    violation(Rule.ORDERED_CREATION, "creates " + pod.name() + " while " + name + " " + problem);
                }
            }
        }
    }

    /** Judges a pod deletion; returns the pod as the controller knows it (null if it does not). */
    Pod beforePodDelete(String namespace, String name, String uid) {
        Knowledge k = knowledge();
        Optional<Pod> known = k.pod(namespace, name);
        if (known.isEmpty() || !known.get().metadata().uid().equals(uid)) {
            violation(Rule.POD_DELETION, "deletes " + name + " (uid " + uid + "), a pod it does not see");
            return null;
        }
        Pod pod = known.get();
        if (pod.isTerminating()) {
            return pod;
        }
        Optional<StatefulSet> owner = k.controllerOf(pod);
        if (owner.isEmpty()) {
            violation(Rule.POD_DELETION, "deletes " + name + ", which no set it knows controls");
            return pod;
        }
        judgeDeletion(k, owner.get(), pod);
        return pod;
    }

    private void judgeDeletion(Knowledge k, StatefulSet set, Pod pod) {
        String name = pod.name();
        deletedThisSync.put(name, pod);
        if (set.metadata().isTerminating()) {
            violation(Rule.POD_DELETION, "deletes " + name + " while " + set.name() + " is being deleted");
            return;
        }
        int ordinal = PodIdentity.ordinal(pod);
        if (!PodIdentity.inOrdinalRange(set, ordinal)) {
            checkScaleDown(k, set, pod);
            return;
        }
        checkClaimsSurvive(k, set, pod);
        if (Availability.hasTerminalPhase(pod)) {
            return;
        }
        UpdateStrategy strategy = set.spec().updateStrategy();
        String update = k.updateRevision(set);
        if (!strategy.isRollingUpdate()) {
            violation(Rule.POD_DELETION, "deletes " + describe(pod, set, k.now) + " under " + strategy.type());
            return;
        }
        if (PodIdentity.revisionOf(pod).equals(update)) {
            violation(Rule.POD_DELETION, "deletes " + describe(pod, set, k.now) + ", which is already at the update revision " + update);
            return;
        }
        int index = ordinal - set.spec().startOrdinal();
        int partition = strategy.partition();
        if (index < partition) {
            violation(Rule.PARTITION, "rolling update deletes " + name + " (index " + index + ") below the partition " + partition);
        }
        if (set.spec().isMonotonic()) {
            checkOrderedUpdate(k, set, pod);
        }
        if (Availability.isRunningAndReady(pod)) {
            checkBudget(k, set, pod, update, partition);
        }
    }

    /** Scale-down as upstream {@code processCondemned} does it: under OrderedReady only the highest pod, only when everything else is healthy. */
    private void checkScaleDown(Knowledge k, StatefulSet set, Pod victim) {
        if (!set.spec().isMonotonic()) {
            return;
        }
        int ordinal = PodIdentity.ordinal(victim);
        boolean lowerCondemnedUnavailable = false;
        for (Pod other : k.podsOf(set)) {
            if (other.name().equals(victim.name())) {
                continue;
            }
            int o = PodIdentity.ordinal(other);
            boolean condemned = !PodIdentity.inOrdinalRange(set, o);
            // one at a time: what the scale-down deleted before is higher, so it must be gone (a lower pod
            // someone else deleted does not hold the scale-down back, it just counts as unavailable)
            if (condemned && o > ordinal) {
                violation(Rule.ORDERED_SCALE_DOWN, "deletes " + victim.name() + " while the higher condemned " + describe(other, set, k.now) + " exists");
            } else if (condemned && Availability.isUnavailable(other, set.spec().minReadySeconds(), k.now)) {
                lowerCondemnedUnavailable = true;
            }
        }
        for (int o = set.spec().startOrdinal(); o < set.spec().startOrdinal() + set.spec().replicasOrDefault(); o++) {
            String name = PodIdentity.podName(set, o);
            String problem = healthProblem(k.pod(set.namespace(), name).filter(p -> PodIdentity.isControlledBy(p, set)), set, k.now);
            if (problem != null) {
                violation(Rule.ORDERED_SCALE_DOWN, "scales down " + victim.name() + " while the replica " + name + " " + problem);
            }
        }
        // an unhealthy condemned pod may go only as the first unavailable pod
        if (Availability.isUnavailable(victim, set.spec().minReadySeconds(), k.now) && lowerCondemnedUnavailable) {
            violation(Rule.ORDERED_SCALE_DOWN, "deletes the unhealthy " + victim.name() + " while a lower condemned pod is unavailable too");
        }
    }

    /** Under OrderedReady the update goes only when phase A and the scale-down have nothing left to do. */
    private void checkOrderedUpdate(Knowledge k, StatefulSet set, Pod victim) {
        for (Pod other : k.podsOf(set)) {
            if (!PodIdentity.inOrdinalRange(set, other) && !deletedThisSync.containsKey(other.name())) {
                violation(Rule.ORDERED_UPDATE, "rolling update deletes " + victim.name() + " while the condemned " + other.name() + " is not gone");
            }
        }
        for (int o = set.spec().startOrdinal(); o < set.spec().startOrdinal() + set.spec().replicasOrDefault(); o++) {
            String name = PodIdentity.podName(set, o);
            if (deletedThisSync.containsKey(name)) {
                continue;
            }
            String problem = healthProblem(k.pod(set.namespace(), name).filter(p -> PodIdentity.isControlledBy(p, set)), set, k.now);
            if (problem != null) {
                violation(Rule.ORDERED_UPDATE, "rolling update deletes " + victim.name() + " while " + name + " " + problem);
            }
        }
    }

    /**
     * maxUnavailable, precisely: deleting the Running and Ready {@code victim} must leave at most
     * maxUnavailable replicas unavailable, where "unavailable" is missing, terminating or not
     * available (minReadySeconds included), and outdated pods at or above the partition that are not
     * Running and Ready are not counted: they are broken already and the update replaces them for
     * free (README, "Behaviour").
     */
    private void checkBudget(Knowledge k, StatefulSet set, Pod victim, String update, int partition) {
        UpdateStrategy.RollingUpdate rolling = set.spec().updateStrategy().rollingUpdate();
        int replicas = set.spec().replicasOrDefault();
        int budget = MaxUnavailable.resolve(rolling == null ? null : rolling.maxUnavailable(), replicas);
        int minReady = set.spec().minReadySeconds();
        List<String> unavailable = new ArrayList<>();
        for (int i = 0; i < replicas; i++) {
            String name = PodIdentity.podName(set, set.spec().startOrdinal() + i);
            if (name.equals(victim.name())) {
                continue;
            }
            Optional<Pod> pod = k.pod(set.namespace(), name).filter(p -> PodIdentity.isControlledBy(p, set));
            if (pod.isEmpty() && deletedThisSync.containsKey(name)) {
                // deleted a moment ago by this sync (a Pending or failed pod goes at once): judge it as it was
                pod = Optional.of(deletedThisSync.get(name));
            }
            if (pod.isEmpty()) {
                unavailable.add(name + " (missing)");
                continue;
            }
            Pod p = pod.get();
            boolean brokenOutdated = i >= partition && !PodIdentity.revisionOf(p).equals(update) && !Availability.isRunningAndReady(p);
            if (!brokenOutdated && Availability.isUnavailable(p, minReady, k.now)) {
                unavailable.add(describe(p, set, k.now));
            }
        }
        if (unavailable.size() + 1 > budget) {
            violation(Rule.MAX_UNAVAILABLE, "rolling update deletes the Running and Ready " + victim.name() + " while " + unavailable
                    + " are unavailable (maxUnavailable " + budget + ")");
        }
    }

    /** Deleting an in-range pod must not take a claim the policy keeps with it (the GC follows pod owner references). */
    private void checkClaimsSurvive(Knowledge k, StatefulSet set, Pod pod) {
        for (PersistentVolumeClaim wanted : PodClaims.claimsFor(set, pod).values()) {
            Optional<PersistentVolumeClaim> claim = k.claim(set.namespace(), wanted.name());
            boolean ownedByThisPod = claim.isPresent() && claim.get().metadata().ownerReferences().stream()
                    .anyMatch(r -> "Pod".equals(r.kind()) && r.uid().equals(pod.metadata().uid()));
            if (ownedByThisPod) {
                violation(Rule.STORAGE, "deletes the in-range " + pod.name() + " while its claim " + wanted.name()
                        + " still carries the pod as owner: the garbage collector would delete the claim with it");
            }
        }
    }

    void beforeClaimWrite(PersistentVolumeClaim claim, String verb) {
        Knowledge k = knowledge();
        for (OwnerReference ref : claim.metadata().ownerReferences()) {
            if ("StatefulSet".equals(ref.kind())) {
                Optional<StatefulSet> set = k.setByUid(ref.uid());
                if (set.isEmpty()) {
                    continue;
                }
                int ordinal = claimOrdinal(set.get(), claim);
                RetentionPolicy policy = set.get().spec().retentionPolicyOrDefault();
                boolean condemned = !PodIdentity.inOrdinalRange(set.get(), ordinal);
                if (!policy.deleteWhenDeleted() || (policy.deleteWhenScaled() && condemned)) {
                    violation(Rule.STORAGE, verb + " of claim " + claim.name() + " gives it the set as owner under whenDeleted "
                            + policy.whenDeleted() + ", whenScaled " + policy.whenScaled() + (condemned ? " (condemned ordinal)" : ""));
                }
            } else if ("Pod".equals(ref.kind())) {
                Optional<Pod> pod = k.pod(claim.metadata().namespace(), ref.name()).filter(p -> p.metadata().uid().equals(ref.uid()));
                Optional<StatefulSet> set = pod.flatMap(k::controllerOf);
                if (set.isEmpty()) {
                    continue;
                }
                RetentionPolicy policy = set.get().spec().retentionPolicyOrDefault();
                if (!policy.deleteWhenScaled() || PodIdentity.inOrdinalRange(set.get(), pod.get())) {
                    violation(Rule.STORAGE, verb + " of claim " + claim.name() + " gives it pod " + ref.name() + " as owner under whenScaled "
                            + policy.whenScaled() + (PodIdentity.inOrdinalRange(set.get(), pod.get()) ? " while the pod is in range" : ""));
                }
            }
        }
    }

    void beforeRevisionDelete(String namespace, String name) {
        Knowledge k = knowledge();
        Optional<ControllerRevision> revision = Optional.ofNullable(k.revisions.get(new ObjectKey(namespace, name)));
        Optional<StatefulSet> set = revision.flatMap(r -> r.metadata().controllerRef()).flatMap(ref -> k.setByUid(ref.uid()));
        if (set.isEmpty()) {
            return;
        }
        for (Pod pod : k.podsOf(set.get())) {
            if (PodIdentity.revisionOf(pod).equals(name)) {
                violation(Rule.REVISION_IN_USE, "deletes revision " + name + " while " + pod.name() + " uses it");
            }
        }
        if (k.updateRevision(set.get()).equals(name)) {
            violation(Rule.REVISION_IN_USE, "deletes revision " + name + ", the revision of the set's template");
        }
    }

    // ------------------------------------------------------------------ state rules

    @Override
    public void changed(Change<?> change) {
        if (change.kind() == Kind.STATEFULSETS && change.after() != null) {
            statusChanged((StatefulSet) change.before(), (StatefulSet) change.after());
        }
        if (change.kind() == Kind.CLAIMS && change.isRemoved()) {
            claimRemoved((PersistentVolumeClaim) change.before());
        }
    }

    /**
     * No claim of a live pod is ever deleted: a pod that is not terminating, of a set that exists
     * and is not being deleted, keeps its claims. (The in-memory cluster has no pvc-protection
     * finalizer, so a claim the garbage collector deletes from under its pod goes at once; the
     * outside actor of the simulation deletes only claims no live pod uses, as that finalizer
     * would make it wait.)
     */
    private void claimRemoved(PersistentVolumeClaim claim) {
        String namespace = claim.metadata().namespace();
        for (StatefulSet set : cluster.stores().statefulSets().list(namespace)) {
            if (set.metadata().isTerminating()) {
                continue;
            }
            for (Pod pod : cluster.stores().pods().list(namespace)) {
                if (PodIdentity.isControlledBy(pod, set) && !pod.isTerminating()
                        && PodClaims.claimsFor(set, pod).values().stream().anyMatch(c -> c.name().equals(claim.name()))) {
                    lostClaims.add(claim.name());
                    violation(Rule.STORAGE, "claim " + claim.name() + " of the live " + pod.name() + " was deleted (it had owners "
                            + claim.metadata().ownerReferences().stream().map(r -> r.kind() + "/" + r.name()).toList() + ")");
                }
            }
        }
    }

    private void statusChanged(StatefulSet before, StatefulSet after) {
        StatefulSetStatus s = after.status();
        if (before != null && s.equals(before.status())) {
            return;
        }
        if (s.replicas() < 0 || s.readyReplicas() < 0 || s.availableReplicas() < 0 || s.currentReplicas() < 0 || s.updatedReplicas() < 0
                || s.readyReplicas() > s.replicas() || s.availableReplicas() > s.readyReplicas()
                || s.currentReplicas() > s.replicas() || s.updatedReplicas() > s.replicas()) {
            violation(Rule.STATUS, "inconsistent status counters: " + counters(s));
        }
        if (s.observedGeneration() > after.metadata().generation()) {
            violation(Rule.STATUS, "observedGeneration " + s.observedGeneration() + " is ahead of generation " + after.metadata().generation());
        }
        if (before != null && s.observedGeneration() < before.status().observedGeneration()) {
            violation(Rule.STATUS, "observedGeneration went back from " + before.status().observedGeneration() + " to " + s.observedGeneration());
        }
    }

    /** After every step: live pods of each set have distinct, well-formed identities. */
    void checkState() {
        for (StatefulSet set : cluster.stores().statefulSets().list("")) {
            Map<Integer, String> byOrdinal = new HashMap<>();
            for (Pod pod : cluster.stores().pods().list(set.namespace())) {
                if (!PodIdentity.isControlledBy(pod, set) || pod.isTerminating()) {
                    continue;
                }
                if (!PodIdentity.identityMatches(set, pod)) {
                    violation(Rule.ONE_POD_PER_ORDINAL, pod.name() + " does not carry the identity of " + set.name());
                }
                String other = byOrdinal.put(PodIdentity.ordinal(pod), pod.name());
                if (other != null) {
                    violation(Rule.ONE_POD_PER_ORDINAL, pod.name() + " and " + other + " are both live with ordinal " + PodIdentity.ordinal(pod));
                }
            }
        }
    }

    // ------------------------------------------------------------------ helpers

    static String counters(StatefulSetStatus s) {
        return "observedGeneration " + s.observedGeneration() + ", replicas " + s.replicas() + ", ready " + s.readyReplicas()
                + ", available " + s.availableReplicas() + ", current " + s.currentReplicas() + ", updated " + s.updatedReplicas()
                + ", currentRevision " + s.currentRevision() + ", updateRevision " + s.updateRevision();
    }

    /** Null when the pod is Running, Ready and available; else what is wrong with it. */
    private static String healthProblem(Optional<Pod> pod, StatefulSet set, Instant now) {
        if (pod.isEmpty()) {
            return "is missing";
        }
        Pod p = pod.get();
        if (p.isTerminating()) {
            return "is terminating";
        }
        if (!Availability.isRunningAndReady(p)) {
            return "is not Running and Ready (" + p.status().phase() + ")";
        }
        if (!Availability.isAvailable(p, set.spec().minReadySeconds(), now)) {
            return "is not yet available (minReadySeconds " + set.spec().minReadySeconds() + ")";
        }
        return null;
    }

    private static String describe(Pod pod, StatefulSet set, Instant now) {
        StringBuilder out = new StringBuilder(pod.name()).append(" (").append(pod.status().phase());
        if (Availability.isRunningAndReady(pod)) {
            out.append(Availability.isAvailable(pod, set.spec().minReadySeconds(), now) ? ", available" : ", Ready");
        }
        if (pod.isTerminating()) {
            out.append(", terminating");
        }
        return out.append(", revision ").append(PodIdentity.revisionOf(pod)).append(')').toString();
    }

    private static boolean ownedByAnotherPod(PersistentVolumeClaim claim, String podName) {
        return claim.metadata().ownerReferences().stream().anyMatch(r -> "Pod".equals(r.kind()) && r.name().equals(podName));
    }

    private static boolean ownedByAnotherSet(PersistentVolumeClaim claim, StatefulSet set) {
        return claim.metadata().ownerReferences().stream()
                .anyMatch(r -> "StatefulSet".equals(r.kind()) && r.name().equals(set.name()) && !r.uid().equals(set.metadata().uid()));
    }

    /** The ordinal of a claim named {@code <template>-<set>-<ordinal>}; -1 if it is not one of the set's. */
    private static int claimOrdinal(StatefulSet set, PersistentVolumeClaim claim) {
        for (PersistentVolumeClaim template : set.spec().volumeClaimTemplates()) {
            String prefix = template.name() + "-" + set.name() + "-";
            if (claim.name().startsWith(prefix)) {
                try {
                    return Integer.parseInt(claim.name().substring(prefix.length()));
                } catch (NumberFormatException e) {
                    return -1;
                }
            }
        }
        return -1;
    }

    private Knowledge knowledge() {
        return new Knowledge(cache.knowledge(Kind.STATEFULSETS), cache.knowledge(Kind.PODS), cache.knowledge(Kind.CLAIMS),
                cache.knowledge(Kind.REVISIONS), cluster.clock().instant());
    }

    /** What the controller knows at one instant. */
    private record Knowledge(TreeMap<ObjectKey, StatefulSet> sets, TreeMap<ObjectKey, Pod> pods,
                             TreeMap<ObjectKey, PersistentVolumeClaim> claims, TreeMap<ObjectKey, ControllerRevision> revisions,
                             Instant now) {

        Optional<StatefulSet> setByUid(String uid) {
            return sets.values().stream().filter(s -> s.metadata().uid().equals(uid)).findFirst();
        }

        Optional<StatefulSet> controllerOf(Pod pod) {
            return pod.metadata().controllerRef().flatMap(ref -> setByUid(ref.uid()));
        }

        Optional<Pod> pod(String namespace, String name) {
            return Optional.ofNullable(pods.get(new ObjectKey(namespace, name)));
        }

        Optional<PersistentVolumeClaim> claim(String namespace, String name) {
            return Optional.ofNullable(claims.get(new ObjectKey(namespace, name)));
        }

        List<Pod> podsOf(StatefulSet set) {
            return pods.values().stream().filter(p -> PodIdentity.isControlledBy(p, set)).toList();
        }

        /** The revision the set's template resolves to (upstream {@code getStatefulSetRevisions}), over the revisions the controller knows. */
        String updateRevision(StatefulSet set) {
            List<ControllerRevision> all = revisions.values().stream()
                    .filter(r -> r.metadata().namespace().equals(set.namespace())).toList();
            return RevisionResolver.resolve(set, Ownership.ownedRevisions(set, all), all).update().name();
        }
    }
}
