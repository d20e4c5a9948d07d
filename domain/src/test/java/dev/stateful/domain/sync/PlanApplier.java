package dev.stateful.domain.sync;

import dev.stateful.domain.identity.PodIdentity;
import dev.stateful.domain.model.ControllerRevision;
import dev.stateful.domain.model.OwnerReference;
import dev.stateful.domain.model.PersistentVolumeClaim;
import dev.stateful.domain.model.Pod;
import dev.stateful.domain.model.StatefulSet;
import dev.stateful.domain.revision.RevisionWrite;
import dev.stateful.domain.storage.ClaimErrors;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * Performs a plan against a snapshot the way the executor ({@code StatefulSetReconciler}) performs it
 * against a healthy API server, and returns what the caches show afterwards:
 * <ol>
 *   <li>adoptions and releases;</li>
 *   <li>the revision write (create, or renumber on rollback);</li>
 *   <li>the phases in order, units in order (a Parallel phase in slow-start batches); a
 *       {@link Operation.Blocked} (or creating a pod whose name is taken) fails the sync: the rest of
 *       the phase — after the current batch in a burst phase — and every later phase are skipped;</li>
 *   <li>the status the plan decided for the rolling-update deletions that happened
 *       ({@link dev.stateful.domain.status.PlannedStatus#toWrite}), even when the sync failed;</li>
 *   <li>history truncation.</li>
 * </ol>
 * Created pods appear with a uid and phase Pending; created claims with a uid. A deleted pod either
 * disappears at once, and the garbage collector removes the claims only it owned, or (graceful) stays
 * listed with a deletionTimestamp.
 */
final class PlanApplier {

    enum Deletion { IMMEDIATE, GRACEFUL }

    /**
     * @param snapshot what the caches show after the plan ran ({@code now} unchanged)
     * @param executed the operations performed, in order
     * @param error the error that ended the sync early, if any
     */
    record Result(Snapshot snapshot, List<Operation> executed, Optional<String> error) {
    }

    private PlanApplier() {
    }

    static Result apply(Snapshot before, Plan plan, Supplier<String> uids, Deletion deletion) {
        if (!plan.isValid()) {
            return new Result(before, List.of(), Optional.empty());
        }
        Run run = new Run(before, uids, deletion);
        run.ownership(plan);
        run.revision(plan);
        run.phases(plan);
        run.status(plan);
        run.truncate(plan);
        return new Result(run.snapshot(), List.copyOf(run.executed), Optional.ofNullable(run.error));
    }

    private static final class Run {
        private StatefulSet set;
        private final Map<String, Pod> pods = new LinkedHashMap<>();
        private final Map<String, PersistentVolumeClaim> claims;
        private final List<ControllerRevision> revisions;
        private final Snapshot before;
        private final Supplier<String> uids;
        private final Deletion deletion;
        private final List<Operation> executed = new ArrayList<>();
        private int rollingDeletes;
        private String error;

        Run(Snapshot before, Supplier<String> uids, Deletion deletion) {
            this.before = before;
            this.set = before.set();
            before.pods().forEach(p -> pods.put(p.name(), p));
            this.claims = new LinkedHashMap<>(before.claims());
            this.revisions = new ArrayList<>(before.revisions());
            this.uids = uids;
            this.deletion = deletion;
        }

        Snapshot snapshot() {
            return new Snapshot(set, new ArrayList<>(pods.values()), claims, revisions, before.now());
        }

        void ownership(Plan plan) {
            OwnerReference ref = PodIdentity.controllerRef(set);
            for (Ownership.Change change : plan.ownership()) {
                if (change instanceof Ownership.Change.AdoptPod adopt) {
                    Pod pod = pods.get(adopt.pod().name());
                    List<OwnerReference> refs = new ArrayList<>(pod.metadata().ownerReferences());
                    refs.add(ref);
                    pods.put(pod.name(), pod.withMetadata(pod.metadata().withOwnerReferences(refs)));
                } else if (change instanceof Ownership.Change.ReleasePod release) {
                    Pod pod = pods.get(release.pod().name());
                    List<OwnerReference> refs = pod.metadata().ownerReferences().stream()
                            .filter(r -> !r.uid().equals(set.metadata().uid())).toList();
                    pods.put(pod.name(), pod.withMetadata(pod.metadata().withOwnerReferences(refs)));
                } else if (change instanceof Ownership.Change.ReleaseClaim release) {
                    claims.computeIfPresent(release.claim().name(), (name, stored) -> release.claim());
                } else if (change instanceof Ownership.Change.AdoptRevision adopt) {
                    ControllerRevision r = adopt.revision();
                    replaceRevision(r.withMetadata(r.metadata().withOwnerReferences(List.of(ref))));
                }
            }
        }

        void revision(Plan plan) {
            RevisionWrite write = plan.revisions().write();
            if (write instanceof RevisionWrite.Create create) {
                ControllerRevision created = create.revision();
                if (revisions.stream().anyMatch(r -> r.name().equals(created.name()))) {
                    throw new AssertionError("the plan creates revision " + created.name() + " which already exists");
                }
                revisions.add(created.withMetadata(created.metadata().withCreationTimestamp(before.now())));
            } else if (write instanceof RevisionWrite.Renumber renumber) {
                replaceRevision(renumber.renumbered());
            }
        }

        private void replaceRevision(ControllerRevision revision) {
            for (int i = 0; i < revisions.size(); i++) {
                if (revisions.get(i).name().equals(revision.name())) {
                    revisions.set(i, revision);
                    return;
                }
            }
            throw new AssertionError("revision " + revision.name() + " does not exist");
        }

        void phases(Plan plan) {
            for (Phase phase : plan.phases()) {
                if (phase.burst()) {
                    for (List<Phase.Unit> batch : phase.batches()) {
                        for (Phase.Unit unit : batch) {
                            unit(unit);
                        }
                        if (error != null) {
                            return;
                        }
                    }
                } else {
                    for (Phase.Unit unit : phase.units()) {
                        if (!unit(unit)) {
                            return;
                        }
                    }
                }
            }
        }

        /** Runs one unit's operations in order; false (and {@link #error} set) when one fails. */
        private boolean unit(Phase.Unit unit) {
            for (Operation op : unit.operations()) {
                executed.add(op);
                String failure = perform(op);
                if (failure != null) {
                    if (error == null) {
                        error = failure;
                    }
                    return false;
                }
            }
            return true;
        }

        private String perform(Operation op) {
            if (op instanceof Operation.CreatePod c) {
                createClaims(c.createClaims());
                if (pods.containsKey(c.pod().name())) {
                    return "pods \"" + c.pod().name() + "\" already exists";
                }
                pods.put(c.pod().name(), Observed.created(c, uids.get(), before.now()));
                return updateClaims(c.updateClaims());
            }
            if (op instanceof Operation.UpdatePod u) {
                createClaims(u.createClaims());
                String claimError = updateClaims(u.updateClaims());
                if (claimError != null) {
                    return claimError;
                }
                if (u.podChanged()) {
                    Pod stored = pods.get(u.pod().name());
                    if (stored == null) {
                        return "pods \"" + u.pod().name() + "\" not found";
                    }
                    pods.put(stored.name(), u.pod().withMetadata(u.pod().metadata().withUid(stored.metadata().uid()))
                            .withStatus(stored.status()));
                }
                return null;
            }
            if (op instanceof Operation.EnsureClaims e) {
                createClaims(e.createClaims());
                return updateClaims(e.updateClaims());
            }
            if (op instanceof Operation.DeletePod d) {
                Pod stored = pods.get(d.podName());
                if (stored != null) {
                    if (deletion == Deletion.IMMEDIATE) {
                        removePod(pods, claims, stored.name());
                    } else if (!stored.isTerminating()) {
                        pods.put(stored.name(), Observed.terminating(stored, before.now()));
                    }
                }
                if (d.cause() == Operation.DeletePod.Cause.ROLLING_UPDATE) {
                    rollingDeletes++;
                }
                return null;
            }
            if (op instanceof Operation.Blocked b) {
                createClaims(b.createClaims());
                return b.message();
            }
            if (op instanceof Operation.Warn) {
                return null;
            }
            throw new AssertionError("unknown operation " + op);
        }

        private void createClaims(List<PersistentVolumeClaim> toCreate) {
            for (PersistentVolumeClaim claim : toCreate) {
                // AlreadyExists is fine: an earlier sync created it
                claims.putIfAbsent(claim.name(), claim.withMetadata(claim.metadata().withUid(uids.get())
                        .withCreationTimestamp(before.now())));
            }
        }

        /** The first claim that is gone fails the sync, as the executor's {@code UpdatePodClaimForRetentionPolicy}; null when all were updated. */
        private String updateClaims(List<PersistentVolumeClaim> toUpdate) {
            for (PersistentVolumeClaim claim : toUpdate) {
                if (claims.computeIfPresent(claim.name(), (name, stored) -> claim) == null) {
                    return ClaimErrors.ownerUpdateFailed(claim.name(), "not found");
                }
            }
            return null;
        }

        void status(Plan plan) {
            plan.statusToWrite().toWrite(set.status(), rollingDeletes).ifPresent(next -> set = set.withStatus(next));
        }

        void truncate(Plan plan) {
            for (ControllerRevision doomed : plan.revisionsToDelete()) {
                revisions.removeIf(r -> r.name().equals(doomed.name()));
            }
        }
    }

    /**
     * Removes a pod from the store and lets the garbage collector delete the claims whose every owner
     * reference points at that pod (scale-down with whenScaled=Delete).
     */
    static void removePod(Map<String, Pod> pods, Map<String, PersistentVolumeClaim> claims, String name) {
        Pod gone = pods.remove(name);
        if (gone == null || gone.metadata().uid() == null) {
            return;
        }
        String uid = gone.metadata().uid();
        claims.values().removeIf(c -> !c.metadata().ownerReferences().isEmpty()
                && c.metadata().ownerReferences().stream().allMatch(r -> r.uid().equals(uid)));
    }
}
