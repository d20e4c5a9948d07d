package dev.stateful.domain.sync;

import dev.stateful.domain.availability.Availability;
import dev.stateful.domain.defaults.Defaults;
import dev.stateful.domain.features.BrokenRolloutRecovery;
import dev.stateful.domain.features.ClaimResize;
import dev.stateful.domain.features.RolloutPause;
import dev.stateful.domain.identity.PodIdentity;
import dev.stateful.domain.identity.ReservedOrdinals;
import dev.stateful.domain.json.Json;
import dev.stateful.domain.model.ControllerRevision;
import dev.stateful.domain.model.Derived;
import dev.stateful.domain.model.PersistentVolumeClaim;
import dev.stateful.domain.model.Pod;
import dev.stateful.domain.model.StatefulSet;
import dev.stateful.domain.model.StatefulSetStatus;
import dev.stateful.domain.model.UpdateStrategy;
import dev.stateful.domain.revision.HistoryTruncation;
import dev.stateful.domain.revision.RevisionData;
import dev.stateful.domain.revision.RevisionHistory;
import dev.stateful.domain.revision.RevisionResolution;
import dev.stateful.domain.revision.RevisionResolver;
import dev.stateful.domain.revision.RevisionWrite;
import dev.stateful.domain.status.PlannedStatus;
import dev.stateful.domain.status.RolloutConditions;
import dev.stateful.domain.status.StatusRules;
import dev.stateful.domain.storage.PodClaims;
import dev.stateful.domain.update.MaxUnavailable;
import dev.stateful.domain.validation.StatefulSetValidator;
import dev.stateful.domain.validation.Violation;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * The sync algorithm (upstream {@code UpdateStatefulSet}): from one snapshot, the
 * plan of one reconcile pass. Pure: the same snapshot always gives the same plan.
 */
public final class StatefulSetPlanner {

    private StatefulSetPlanner() {
    }

    /**
     * At most this many missing in-range pods are looked at (and so created) in one sync; the
     * next sync, once the caches show these, goes on. It bounds a sync's memory and time by the
     * pods that exist plus what it writes, never by {@code spec.replicas} (2147483647 is valid
     * apps/v1). Upstream's {@code updateStatefulSet} makes a slice of {@code replicas} entries and
     * hands every missing ordinal of a Parallel set to one {@code slowStartBatch}; below this many
     * missing pods the two do the same.
     */
    public static final int MAX_MISSING_PODS_PER_SYNC = 1000;

    /** How often a set whose pod waits for a claim of a gone owner to be deleted is looked at again. */
    public static final Duration STALE_CLAIM_RECHECK = Duration.ofSeconds(1);

    /**
     * Each set is validated once, the outcome kept with it ({@link StatefulSet#derived}): a set that
     * stays in the cache from sync to sync is validated on its first. A field an API
     * server would have defaulted is validated as its default: kube-controller-manager reads an
     * absent {@code podManagementPolicy} as OrderedReady ({@code allowsBurst}) and an absent
     * {@code updateStrategy.type} as not OnDelete, so a set stored without defaults is synced, not
     * refused. The plan itself reads the fields as stored, as upstream does. The rules are those for a
     * stored set ({@link StatefulSetValidator#validateStored}): what 1.36 checks only on create, an earlier
     * API server may have stored without, and upstream syncs it.
     */
    private static final Derived.Key<List<Violation>> VALIDATION = new Derived.Key<>("validation");

    public static Plan plan(Snapshot snapshot) {
        StatefulSet set = snapshot.set();
        List<Violation> violations = set.derived().get(VALIDATION, () -> StatefulSetValidator.validateStored(Defaults.statefulSet(set)));
        if (!violations.isEmpty()) {
            return new Plan(set.key(), violations, List.of(), null, List.of(), set.status(),
                    new PlannedStatus.Refused(violations, snapshot.now()),
                    List.of(), List.of(), List.of(new Wait("", "the StatefulSet is invalid: " + violations.get(0))), Optional.empty());
        }
        Ownership.PodClaim claim = Ownership.claimPods(set, snapshot.pods());
        List<ControllerRevision> owned = Ownership.ownedRevisions(set, snapshot.revisions());
        // upstream's sync adopts the orphan revisions first and stops on a failure before ClaimPods
        // touches a pod (adoptOrphanRevisions, then getPodsForStatefulSet)
        List<Ownership.Change> ownership = new ArrayList<>(Ownership.orphanRevisions(set, owned));
        ownership.addAll(claim.changes());
        ownership.addAll(Ownership.claimsToRelease(set, claim.claimed(), snapshot.claims().values()));

        List<ControllerRevision> sorted = RevisionHistory.sorted(owned);
        // every revision of the namespace occupies its name, owned or not: a clash is a collision
        RevisionResolution revisions = RevisionResolver.resolve(set, sorted, snapshot.revisions());
        Pass pass = new Pass(snapshot, claim.claimed(), revisions);
        pass.run();
        List<ControllerRevision> truncate = HistoryTruncation.revisionsToDelete(set, claim.claimed(), sorted,
                revisions.current(), revisions.update());
        // upstream truncates with no revision live but the pods'; the one a failed rollback renumbers
        // is the set's template and is kept (upstream would delete it and create it again next sync)
        RevisionWrite write = revisions.write();
        List<ControllerRevision> truncateIfWriteFails = write instanceof RevisionWrite.None
                ? List.of()
                : HistoryTruncation.revisionsToDelete(set, claim.claimed(), sorted, null,
                        write instanceof RevisionWrite.Renumber r ? r.renumbered() : null);
        PlannedStatus planned = new PlannedStatus.Counted(pass.status, set, snapshot.now(), pass.resizeRefusalOver());
        Optional<Duration> deadline = RolloutConditions.recheckAfter(set, planned.over(pass.status, 0), snapshot.now());
        Optional<Duration> requeue = Stream.of(pass.requeueAfter(), deadline, pass.claimGrowthRecheck(), pass.staleClaimRecheck())
                .flatMap(Optional::stream).min(Comparator.naturalOrder());
        return new Plan(set.key(), List.of(), ownership, revisions, pass.phases, pass.status,
                planned, truncate, truncateIfWriteFails, pass.waits, requeue);
    }

    /** One pass over the replicas; mutable only while the plan is being built. */
    private static final class Pass {
        private final Snapshot snapshot;
        private final StatefulSet set;
        private final StatefulSet currentSet;
        private final StatefulSet updateSet;
        private final RevisionResolution revisions;
        private final List<Pod> claimed;
        private final boolean monotonic;
        private final int minReady;
        private final Instant now;
        private final List<Phase> phases = new ArrayList<>();
        private final List<Wait> waits = new ArrayList<>();
        private StatefulSetStatus status;
        /** {@code spec.replicas}: how many slots the range has; only {@link #replicas} of them are materialised. */
        private int slotCount;
        /**
         * The materialised in-range slots, ascending: every in-range pod that exists and a placeholder for each
         * of the lowest {@link #MAX_MISSING_PODS_PER_SYNC} missing ordinals; {@link #slots} holds each one's
         * slot (its place in the range: ordinal - start, less the reserved ordinals it skips) and
         * {@link #ordinals} its ordinal, which the partition counts from start.
         */
        private Pod[] replicas;
        private int[] slots;
        private int[] ordinals;
        /** Missing in-range ordinals beyond the materialised placeholders: missing, so unavailable, and not looked at. */
        private long unmaterialisedMissing;
        /** Each in-range pod's parsed name, made once in {@link #partition}; null for a placeholder until asked. */
        private PodIdentity.ParsedName[] names;
        /** Each in-range pod's {@link Availability#isUnavailable}, worked out once: 0 unknown, 1 yes, 2 no. */
        private byte[] unavailable;
        private List<Pod> condemned;
        /** The rolling update ran (nothing stopped the plan before it) and ... */
        private boolean rollingUpdateRan;
        /** ... a stored resize refusal still names a claim that needs its resize. */
        private boolean resizeRefusalHolds;
        /** Some claim asks for its template's size but does not show it yet. */
        private boolean claimsGrowing;
        /** A pod waits for a claim of a gone owner to be deleted. */
        private boolean staleClaims;

        Pass(Snapshot snapshot, List<Pod> claimed, RevisionResolution revisions) {
            this.snapshot = snapshot;
            this.set = snapshot.set();
            this.claimed = claimed;
            this.revisions = revisions;
            this.currentSet = RevisionData.applyRevision(set, revisions.current());
            // in a steady state both are one revision: its template is read once
            this.updateSet = revisions.update() == revisions.current() ? currentSet : RevisionData.applyRevision(set, revisions.update());
            this.monotonic = set.spec().isMonotonic();
            this.minReady = set.spec().minReadySeconds();
            this.now = snapshot.now();
        }

        void run() {
            partition();
            List<Pod> observed = new ArrayList<>();
            for (Pod p : replicas) {
                observed.add(p);
            }
            observed.addAll(condemned);
            status = StatusRules.compute(set, observed, revisions.current().name(), revisions.update().name(),
                    revisions.collisionCount(), now);
            status = ClaimResize.counted(set, status, java.util.Arrays.asList(replicas), snapshot.claims());
            if (set.metadata().isTerminating()) {
                waits.add(new Wait("", "the StatefulSet is being deleted; only its status is kept up to date"));
                return;
            }
            if (!replicasPhase() || !condemnedClaimsPhase() || !condemnedPhase()) {
                return;
            }
            if (set.spec().updateStrategy().isOnDelete()) {
                return;
            }
            Optional<String> paused = RolloutPause.holds(set);
            if (paused.isPresent()) {
                waits.add(new Wait("", paused.get()));
                return;
            }
            rollingUpdatePhase();
        }

        /**
         * As {@code updateStatefulSet}: in-range pods into their slots, placeholders for the lowest gaps, the
         * rest condemned. Sized by the pods that exist plus {@link #MAX_MISSING_PODS_PER_SYNC}, never by replicas.
         */
        private void partition() {
            int start = set.spec().startOrdinal();
            slotCount = Math.max(set.spec().replicasOrDefault(), 0);
            ReservedOrdinals reserved = ReservedOrdinals.of(set);
            condemned = new ArrayList<>();
            // each in-range pod as (slot << 32 | its index in claimed), sorted: slot order without boxing
            long[] keyed = new long[claimed.size()];
            PodIdentity.ParsedName[] parsed = new PodIdentity.ParsedName[claimed.size()];
            int inRange = 0;
            for (int k = 0; k < claimed.size(); k++) {
                Pod pod = claimed.get(k);
                PodIdentity.ParsedName name = PodIdentity.parse(pod.name());
                int ordinal = name.ordinal();
                if (ordinal < 0) {
                    continue;
                }
                if (PodIdentity.inOrdinalRange(set, ordinal)) {
                    long slot = (int) reserved.indexOf(start, ordinal);
                    keyed[inRange++] = slot << 32 | k;
                    parsed[k] = name;
                } else {
                    condemned.add(pod);
                }
            }
            java.util.Arrays.sort(keyed, 0, inRange);
            // two pods of one slot ("web-1", "web-01"): the later in claimed order takes it, the other is not looked at
            int presentCount = 0;
            for (int j = 0; j < inRange; j++) {
                if (j + 1 < inRange && keyed[j + 1] >>> 32 == keyed[j] >>> 32) {
                    continue;
                }
                keyed[presentCount++] = keyed[j];
            }
            long missing = (long) slotCount - presentCount;
            int placeholders = (int) Math.min(missing, MAX_MISSING_PODS_PER_SYNC);
            unmaterialisedMissing = missing - placeholders;
            int size = presentCount + placeholders;
            replicas = new Pod[size];
            slots = new int[size];
            ordinals = new int[size];
            names = new PodIdentity.ParsedName[size];
            unavailable = new byte[size];
            int i = 0;
            int made = 0;
            int next = 0;
            // merge the present slots with the lowest missing ones; ends after size steps
            for (int slot = 0; i < size; slot++) {
                int nextPresent = next < presentCount ? (int) (keyed[next] >>> 32) : -1;
                if (nextPresent == slot) {
                    int k = (int) keyed[next++];
                    replicas[i] = claimed.get(k);
                    names[i] = parsed[k];
                    ordinals[i] = names[i].ordinal();
                } else if (made < placeholders) {
                    ordinals[i] = (int) reserved.ordinalAt(start, slot);
                    replicas[i] = newVersionedPod(ordinals[i]);
                    made++;
                } else {
                    // every placeholder is made: jump to the next present slot
                    slot = nextPresent - 1;
                    continue;
                }
                slots[i++] = slot;
            }
            condemned.sort(PodIdentity.DESCENDING_ORDINAL);
        }

        /** {@code newVersionedStatefulSetPod}: which revision a (re)created pod gets. */
        private Pod newVersionedPod(int ordinal) {
            UpdateStrategy strategy = set.spec().updateStrategy();
            int start = set.spec().startOrdinal();
            boolean current = (strategy.isRollingUpdate() && strategy.rollingUpdate() == null
                    && ordinal < (long) start + set.status().currentReplicas())
                    || (strategy.rollingUpdate() != null && ordinal < (long) start + strategy.partition());
            return current
                    ? newPod(currentSet, ordinal, revisions.current().name())
                    : newPod(updateSet, ordinal, revisions.update().name());
        }

        /** {@code newStatefulSetPod}: a pod from the template with identity, storage and revision label. */
        private Pod newPod(StatefulSet from, int ordinal, String revisionName) {
            Json.Obj templateMeta = from.spec().templateMetadata();
            var meta = dev.stateful.domain.model.ObjectMeta.named(from.namespace(), PodIdentity.podName(from, ordinal))
                    .withGenerateName(from.name() + "-")
                    .withLabels(templateMeta.stringMap("labels"))
                    .withAnnotations(templateMeta.stringMap("annotations"))
                    .withFinalizers(templateMeta.array("finalizers").stream().flatMap(j -> j.asString().stream()).toList())
                    .withOwnerReferences(List.of(PodIdentity.controllerRef(from)));
            Pod pod = new Pod(meta, from.spec().templateSpec(), null);
            pod = PodIdentity.initIdentity(from, pod);
            pod = PodClaims.updateStorage(from, pod);
            return PodIdentity.withRevision(pod, revisionName);
        }

        // ------------------------------------------------------------ phase A

        private boolean replicasPhase() {
            List<Phase.Unit> units = new ArrayList<>();
            for (int i = 0; i < replicas.length; i++) {
                Pod pod = replicas[i];
                if (names[i] == null) {
                    names[i] = PodIdentity.parse(pod.name());
                }
                Step step = processReplica(pod, names[i]);
                if (!step.operations.isEmpty()) {
                    units.add(new Phase.Unit(pod.name(), slots[i], step.operations));
                }
                if (step.block && monotonic) {
                    addPhase(Phase.Name.REPLICAS, units, slotCount);
                    return false;
                }
            }
            addPhase(Phase.Name.REPLICAS, units, slotCount);
            return true;
        }

        /** {@code processReplica}, the decision list for one in-range slot. */
        private Step processReplica(Pod pod, PodIdentity.ParsedName parsed) {
            // the name is parsed once per pod and pass; every rule below reads this parse
            int ordinal = parsed.ordinal();
            if (Availability.hasTerminalPhase(pod)) {
                if (pod.isTerminating()) {
                    waits.add(new Wait(pod.name(), pod.name() + " is " + pod.status().phase() + " and terminating; it is recreated once it is gone"));
                    return Step.stop();
                }
                waits.add(new Wait(pod.name(), pod.name() + " is " + pod.status().phase() + "; it is deleted and recreated"));
                // Its claims must not go with it: a scale-down under whenScaled=Delete may have handed them to
                // this pod, and a scale-up brought it back in range before they were given back. Upstream
                // deletes first; the garbage collector then deletes the claims of an in-range ordinal.
                ClaimPlan claims = ClaimPlan.forPod(snapshot, updateSet, pod, ordinal);
                List<Operation> ops = new ArrayList<>();
                if (!claims.update().isEmpty()) {
                    ops.add(new Operation.EnsureClaims(pod.name(), List.of(), claims.update(), false));
                }
                ops.add(new Operation.DeletePod(pod, Operation.DeletePod.Cause.TERMINAL_PHASE));
                return Step.stop(ops);
            }
            if (!pod.isCreated()) {
                return createReplica(pod, ordinal);
            }
            List<Operation> ops = new ArrayList<>();
            // one look at the pod's claims serves both the Pending check and the repair below
            ClaimPlan claims = ClaimPlan.forPod(snapshot, updateSet, pod, ordinal);
            boolean pending = pod.status().isPending();
            if (pending) {
                if (!claims.terminating().isEmpty()) {
                    waits.add(new Wait(pod.name(), pod.name() + " is Pending and its claim " + claims.terminating().get(0) + " is being deleted"));
                    // createMissingPersistentVolumeClaims records no pod event
                    ops.add(new Operation.Blocked(pod.name(), claims.create(), claims.terminatingErrors(), false));
                    return Step.stop(ops);
                }
                ops.addAll(claims.warnings());
                if (!claims.create().isEmpty() || !claims.update().isEmpty()) {
                    ops.add(new Operation.EnsureClaims(pod.name(), claims.create(), claims.update(), true));
                }
            }
            if (monotonic) {
                if (pod.isTerminating()) {
                    waits.add(new Wait(pod.name(), "waiting for " + pod.name() + " to terminate"));
                    return Step.stop(ops);
                }
                if (!Availability.isRunningAndReady(pod)) {
                    if (BrokenRolloutRecovery.replacesAtOnce(set, pod, ordinal - set.spec().startOrdinal(), revisions.update().name(), false)) {
                        waits.add(new Wait(pod.name(), pod.name() + " of an earlier revision is not Running and Ready; it is replaced"
                                + " at once instead of blocking the rollout (kubernetes#67250)"));
                        ops.add(new Operation.DeletePod(pod, Operation.DeletePod.Cause.ROLLING_UPDATE));
                        return Step.stop(ops);
                    }
                    waits.add(new Wait(pod.name(), "waiting for " + pod.name() + " to be Running and Ready"));
                    return Step.stop(ops);
                }
                if (!Availability.isAvailable(pod, minReady, now)) {
                    waits.add(new Wait(pod.name(), "waiting for " + pod.name() + " to be available (Ready for minReadySeconds=" + minReady + ")"));
                    return Step.stop(ops);
                }
            }
            boolean identity = PodIdentity.identityMatches(set, pod, parsed);
            boolean storage = ClaimResize.storageMatches(set, pod, ordinal);
            // a Pending pod's claims were created and given their owners above, with their warnings
            // (createMissingPersistentVolumeClaims): written again here from the same snapshot, an update
            // would carry a resourceVersion the first one has moved on, and conflict every time
            List<PersistentVolumeClaim> owners = pending ? List.of() : claims.update();
            List<Operation> warnings = pending ? List.of() : claims.warnings();
            if (identity && storage && owners.isEmpty()) {
                ops.addAll(warnings);
                return Step.go(ops);
            }
            PodRepair repair = new PodRepair(updateSet);
            Pod repaired = repair.apply(pod, identity, storage);
            List<PersistentVolumeClaim> create = storage || pending ? List.of() : claims.create();
            ops.addAll(warnings);
            ops.add(new Operation.UpdatePod(repaired, !identity || !storage, create, owners, repair));
            return Step.go(ops);
        }

        private Step createReplica(Pod pod, int ordinal) {
            ClaimPlan claims = ClaimPlan.forPod(snapshot, updateSet, pod, ordinal);
            if (claims.stale()) {
                staleClaims = true;
                waits.add(new Wait(pod.name(), "claim of " + pod.name() + " still belongs to an earlier " + pod.name() + " or "
                        + set.name() + "; waiting for the garbage collector to delete it"));
                return Step.stop();
            }
            if (!claims.terminating().isEmpty()) {
                String claimName = claims.terminating().get(0);
                waits.add(new Wait(pod.name(), "claim " + claimName + " is being deleted; " + pod.name() + " is created once it is gone"));
                // CreateStatefulPod records the FailedCreate
                return Step.stop(List.of(new Operation.Blocked(pod.name(), claims.create(), claims.terminatingErrors(), true)));
            }
            List<Operation> ops = new ArrayList<>(claims.warnings());
            ops.add(new Operation.CreatePod(pod, claims.create(), claims.update()));
            if (monotonic) {
                waits.add(new Wait(pod.name(), "creating " + pod.name() + "; the next pod waits for it to be Running and Ready"));
            }
            return Step.stop(ops);
        }

        // ------------------------------------------------------------ phase B

        private boolean condemnedClaimsPhase() {
            List<Phase.Unit> units = new ArrayList<>();
            for (int slot = 0; slot < condemned.size(); slot++) {
                Pod pod = condemned.get(slot);
                ClaimPlan claims = ClaimPlan.forCondemned(snapshot, updateSet, pod);
                List<Operation> ops = new ArrayList<>(claims.warnings());
                if (!claims.update().isEmpty()) {
                    ops.add(new Operation.EnsureClaims(pod.name(), List.of(), claims.update(), false));
                }
                if (!ops.isEmpty()) {
                    units.add(new Phase.Unit(pod.name(), slot, ops));
                }
            }
            addPhase(Phase.Name.CONDEMNED_CLAIMS, units, condemned.size());
            return true;
        }

        // ------------------------------------------------------------ phase C

        /** {@code processCondemned}: scale-down, highest ordinal first; one deletion per pass when ordered. */
        private boolean condemnedPhase() {
            Pod firstUnavailable = firstUnavailable();
            List<Phase.Unit> units = new ArrayList<>();
            for (int slot = 0; slot < condemned.size(); slot++) {
                Pod pod = condemned.get(slot);
                if (pod.isTerminating()) {
                    if (monotonic) {
                        waits.add(new Wait(pod.name(), "waiting for " + pod.name() + " to terminate before scaling down further"));
                        addPhase(Phase.Name.CONDEMNED, units, condemned.size());
                        return false;
                    }
                    continue;
                }
                if (monotonic && pod != firstUnavailable) {
                    if (!Availability.isRunningAndReady(pod)) {
                        waits.add(new Wait(pod.name(), "waiting for " + pod.name() + " to be Running and Ready before it is deleted"
                                + blockerSuffix(firstUnavailable)));
                        addPhase(Phase.Name.CONDEMNED, units, condemned.size());
                        return false;
                    }
                    if (!Availability.isAvailable(pod, minReady, now)) {
                        waits.add(new Wait(pod.name(), "waiting for " + pod.name() + " to be available before it is deleted"
                                + blockerSuffix(firstUnavailable)));
                        addPhase(Phase.Name.CONDEMNED, units, condemned.size());
                        return false;
                    }
                }
                units.add(new Phase.Unit(pod.name(), slot, List.of(new Operation.DeletePod(pod, Operation.DeletePod.Cause.CONDEMNED))));
                if (monotonic) {
                    addPhase(Phase.Name.CONDEMNED, units, condemned.size());
                    return false;
                }
            }
            addPhase(Phase.Name.CONDEMNED, units, condemned.size());
            return true;
        }

        private String blockerSuffix(Pod firstUnavailable) {
            return firstUnavailable == null ? "" : " (" + firstUnavailable.name() + " is the first unavailable pod)";
        }

        /**
         * {@code firstUnhealthyPod} of {@code updateStatefulSet}: the first unavailable pod, replicas ascending
         * then condemned lowest first. The lowest missing slot is always materialised, so no unmaterialised one can come first.
         */
        private Pod firstUnavailable() {
            for (int i = 0; i < replicas.length; i++) {
                if (isUnavailable(i)) {
                    return replicas[i];
                }
            }
            List<Pod> ascending = new ArrayList<>(condemned);
            ascending.sort(PodIdentity.ASCENDING_ORDINAL);
            for (Pod pod : ascending) {
                if (Availability.isUnavailable(pod, minReady, now)) {
                    return pod;
                }
            }
            return null;
        }

        // ------------------------------------------------------------ phase D

        /**
         * RollingUpdate from the highest ordinal down to the partition, with maxUnavailable a hard
         * bound as in upstream's {@code updateStatefulSetAfterInvariantEstablished}: every unavailable
         * replica counts against it, whatever made it unavailable (a pod this rollout replaced that is
         * not available yet, a missing pod, a broken one), so a healthy pod is taken down only while
         * fewer than maxUnavailable replicas are unavailable. Outdated pods that are not Running and
         * Ready are replaced without charging the budget (upstream #137409): they are unavailable
         * already, so replacing them takes nothing down, and a broken revision cannot wedge the rollout.
         */
        private void rollingUpdatePhase() {
            rollingUpdateRan = true;
            UpdateStrategy strategy = set.spec().updateStrategy();
            int partition = strategy.partition();
            int maxUnavailable = MaxUnavailable.resolve(
                    strategy.rollingUpdate() == null ? null : strategy.rollingUpdate().maxUnavailable(), set.spec().replicasOrDefault());
            String update = revisions.update().name();
            long unavailableNow = unmaterialisedMissing;
            for (int i = 0; i < replicas.length; i++) {
                if (isUnavailable(i)) {
                    unavailableNow++;
                }
            }
            ClaimResize.ReplicaClaims[] claimNeeds = claimNeeds(partition, update);
            for (int i = 0; i < claimNeeds.length; i++) {
                // a replica whose claims are growing is being updated: it takes its share of maxUnavailable
                if (claimNeeds[i] != null && claimNeeds[i].pending().isPresent()) {
                    claimsGrowing = true;
                    if (!isUnavailable(i)) {
                        unavailableNow++;
                    }
                }
            }
            if (resizeRefused(claimNeeds)) {
                return;
            }
            long budget = maxUnavailable - unavailableNow;
            List<Phase.Unit> units = new ArrayList<>();
            List<Phase.Unit> resizes = new ArrayList<>();
            boolean waiting = false;
            int start = set.spec().startOrdinal();
            for (int i = replicas.length - 1; i >= 0 && ordinals[i] - start >= partition; i--) {
                Pod pod = replicas[i];
                if (claimNeeds[i] != null) {
                    if (claimNeeds[i].resize().isEmpty()) {
                        claimNeeds[i].pending().ifPresent(p -> waits.add(new Wait(pod.name(), "waiting for the claims of " + pod.name()
                                + " to grow: " + p)));
                    } else if (budget > 0) {
                        resizes.add(resize(pod, slots[i], claimNeeds[i]));
                        budget--;
                    } else if (!waiting) {
                        waits.add(new Wait(pod.name(), "the claims of " + pod.name() + " wait for their resize: " + (maxUnavailable - budget)
                                + " of at most " + maxUnavailable + " pods are unavailable or being updated (maxUnavailable)"));
                        waiting = true;
                    }
                    continue;
                }
                if (!pod.isCreated() || pod.isTerminating() || PodIdentity.revisionOf(pod).equals(update)) {
                    continue;
                }
                if (Availability.hasTerminalPhase(pod)) {
                    // phase A already deletes it (and it costs no budget): do not delete it twice
                    continue;
                }
                if (replaceableForFree(pod, ordinals[i] - start, partition, update)) {
                    units.add(deletion(pod, slots[i]));
                } else if (budget > 0) {
                    units.add(deletion(pod, slots[i]));
                    budget--;
                } else if (!waiting) {
                    // keep scanning: outdated pods further down that are broken anyway are still free
                    long busy = maxUnavailable - budget;
                    waits.add(new Wait(pod.name(), pod.name() + " waits for its update: " + busy + " of at most "
                            + maxUnavailable + " pods are unavailable or being updated (maxUnavailable)"));
                    waiting = true;
                }
            }
            if (partition > 0 && (long) start + partition <= PodIdentity.endOrdinal(set) && units.isEmpty() && resizes.isEmpty()
                    && waits.isEmpty()) {
                waits.add(new Wait("", "rolling update paused at partition " + partition
                        + ": pods below ordinal " + ((long) set.spec().startOrdinal() + partition) + " keep the current revision"));
            }
            addPhase(Phase.Name.ROLLING_UPDATE, units, slotCount);
            addPhase(Phase.Name.CLAIM_RESIZE, resizes, slotCount);
        }

        /**
         * Our kind's storage resize ({@link ClaimResize}): for each created pod of the update revision at or above
         * the partition whose claims are not compatible with the templates yet, what they need; null elsewhere.
         */
        private ClaimResize.ReplicaClaims[] claimNeeds(int partition, String update) {
            ClaimResize.ReplicaClaims[] out = new ClaimResize.ReplicaClaims[replicas.length];
            if (!ClaimResize.applies(set)) {
                return out;
            }
            for (int i = 0; i < replicas.length; i++) {
                Pod pod = replicas[i];
                if ((long) ordinals[i] - set.spec().startOrdinal() >= partition && pod.isCreated() && !pod.isTerminating()
                        && PodIdentity.revisionOf(pod).equals(update)) {
                    ClaimResize.ReplicaClaims needs = ClaimResize.of(set, ordinals[i], snapshot.claims());
                    out[i] = needs.compatible() ? null : needs;
                }
            }
            return out;
        }

        /**
         * A resize the API server refused earlier ({@link ClaimResize#refusedClaim}) stops the rollout while its
         * claim still asks for less than its template: only that resize is tried again (the storage class may
         * allow expansion by now), nothing else is updated.
         */
        private boolean resizeRefused(ClaimResize.ReplicaClaims[] claimNeeds) {
            Optional<String> refused = ClaimResize.refusedClaim(set.status());
            if (refused.isEmpty()) {
                return false;
            }
            for (int i = 0; i < claimNeeds.length; i++) {
                if (claimNeeds[i] == null) {
                    continue;
                }
                for (ClaimResize.Resize r : claimNeeds[i].resize()) {
                    if (r.claim().name().equals(refused.get())) {
                        waits.add(new Wait(replicas[i].name(), "the rollout stops: claim " + refused.get() + " could not be resized to "
                                + r.storage() + " (" + ClaimResize.REASON + "); it is tried again"));
                        addPhase(Phase.Name.CLAIM_RESIZE, List.of(new Phase.Unit(replicas[i].name(), slots[i],
                                List.of(new Operation.ResizeClaim(replicas[i].name(), r.claim(), r.storage())))), slotCount);
                        resizeRefusalHolds = true;
                        return true;
                    }
                }
            }
            return false;
        }

        /**
         * While a claim grows, look again every {@link ClaimResize#GROWTH_RECHECK}: a claim's new
         * {@code status.capacity} enqueues no set (upstream's controller handles no claim updates either).
         */
        Optional<Duration> claimGrowthRecheck() {
            return claimsGrowing ? Optional.of(ClaimResize.GROWTH_RECHECK) : Optional.empty();
        }

        /**
         * While a pod waits for a claim of a gone owner to go, look again every {@link #STALE_CLAIM_RECHECK}:
         * nothing else would bring the set back. The claim's deletion enqueues no set (upstream's controller
         * handles no claim events either, and its stale-claim wait, {@code PodClaimIsStale}, returns no error
         * to retry on), and the gone owner's pods, deleted before it, name an owner that no longer resolves.
         */
        Optional<Duration> staleClaimRecheck() {
            return staleClaims ? Optional.of(STALE_CLAIM_RECHECK) : Optional.empty();
        }

        /** Whether the stored {@value ClaimResize#REASON} condition goes: it names no claim that still needs its resize. */
        boolean resizeRefusalOver() {
            return !resizeRefusalHolds && ClaimResize.refusedClaim(set.status()).isPresent() && rollingUpdateRan;
        }

        private Phase.Unit resize(Pod pod, int slot, ClaimResize.ReplicaClaims needs) {
            List<Operation> ops = new ArrayList<>();
            for (ClaimResize.Resize r : needs.resize()) {
                ops.add(new Operation.ResizeClaim(pod.name(), r.claim(), r.storage()));
            }
            return new Phase.Unit(pod.name(), slot, ops);
        }

        /**
         * An outdated pod that is not Running and Ready is broken already: replacing it cannot make
         * anything less available. A Ready pod still inside minReadySeconds is not broken; it is
         * charged like any unavailable pod, so Parallel + minReadySeconds cannot restart every pod at once.
         */
        private boolean replaceableForFree(Pod pod, int index, int partition, String update) {
            return pod.isCreated() && !pod.isTerminating() && index >= partition
                    && !PodIdentity.revisionOf(pod).equals(update)
                    && !Availability.isRunningAndReady(pod);
        }

        private Phase.Unit deletion(Pod pod, int slot) {
            return new Phase.Unit(pod.name(), slot, List.of(new Operation.DeletePod(pod, Operation.DeletePod.Cause.ROLLING_UPDATE)));
        }

        // ------------------------------------------------------------ helpers

        /** {@link Availability#isUnavailable} of the in-range pod in slot {@code index}, decided once per pass. */
        private boolean isUnavailable(int index) {
            if (unavailable[index] == 0) {
                unavailable[index] = Availability.isUnavailable(replicas[index], minReady, now) ? (byte) 1 : (byte) 2;
            }
            return unavailable[index] == 1;
        }

        private void addPhase(Phase.Name name, List<Phase.Unit> units, int slots) {
            if (!units.isEmpty()) {
                phases.add(new Phase(name, !monotonic && name != Phase.Name.ROLLING_UPDATE, units, slots));
            }
        }

        /**
         * With minReadySeconds, look again when the next Ready pod becomes available, as upstream's
         * {@code syncStatefulSet} does ({@code FindMinNextPodAvailabilityCheck}), but whatever the counts
         * say (availableReplicas can equal replicas while an in-range pod is still waiting, e.g. when a
         * condemned pod is counted); otherwise, as upstream (1.36), after minReadySeconds only while
         * readyReplicas and availableReplicas differ. A set waiting for pods that are not Ready yet is
         * looked at again when their events come.
         */
        Optional<Duration> requeueAfter() {
            if (minReady <= 0 || status == null) {
                return Optional.empty();
            }
            Optional<Instant> next = claimed.stream()
                    .filter(Availability::isRunningAndReady)
                    .filter(p -> !Availability.isAvailable(p, minReady, now))
                    .map(p -> Availability.availableAt(p, minReady))
                    .flatMap(Optional::stream)
                    .min(Comparator.naturalOrder());
            Optional<Duration> untilAvailable = next.map(at -> Duration.between(now, at))
                    .filter(d -> !d.isNegative() && !d.isZero());
            if (untilAvailable.isPresent() || status.readyReplicas() == status.availableReplicas()) {
                return untilAvailable;
            }
            return Optional.of(Duration.ofSeconds(minReady));
        }
    }

    /** What processReplica decided for one slot. */
    private record Step(List<Operation> operations, boolean block) {
        static Step stop(Operation... ops) {
            return new Step(List.of(ops), true);
        }

        static Step stop(List<Operation> ops) {
            return new Step(ops, true);
        }

        static Step go(List<Operation> ops) {
            return new Step(ops, false);
        }
    }

}
