package dev.stateful.bench;

import dev.stateful.domain.model.ControllerRevision;
import dev.stateful.domain.model.ObjectKey;
import dev.stateful.domain.model.PersistentVolumeClaim;
import dev.stateful.domain.model.Pod;
import dev.stateful.domain.model.StatefulSet;
import dev.stateful.domain.revision.RevisionWrite;
import dev.stateful.domain.sync.Operation;
import dev.stateful.domain.sync.Phase;
import dev.stateful.domain.sync.Plan;
import dev.stateful.domain.sync.Snapshot;
import dev.stateful.domain.sync.StatefulSetPlanner;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * What the controller creates for a new set, exactly: the revision, claims and pods of its first
 * plan. The baselines write these (built before their clocks start), so both sides write the same
 * objects.
 */
public record FirstPlan(ObjectKey key, ControllerRevision revision, List<PersistentVolumeClaim> claims, List<Pod> pods) {

    public static FirstPlan of(StatefulSet set, Instant now) {
        Plan plan = StatefulSetPlanner.plan(new Snapshot(set, List.of(), Map.of(), List.of(), now));
        ControllerRevision revision = ((RevisionWrite.Create) plan.revisions().write()).revision();
        List<PersistentVolumeClaim> claims = new ArrayList<>();
        List<Pod> pods = new ArrayList<>();
        for (Phase phase : plan.phases()) {
            for (Phase.Unit unit : phase.units()) {
                for (Operation op : unit.operations()) {
                    if (op instanceof Operation.CreatePod create) {
                        if (create.createClaims().size() != 1) {
                            throw new IllegalStateException("expected one claim per pod, got " + create.createClaims());
                        }
                        claims.add(create.createClaims().get(0));
                        pods.add(create.pod());
                    }
                }
            }
        }
        if (pods.size() != set.spec().replicasOrDefault()) {
            throw new IllegalStateException("the first plan of " + set.key() + " creates " + pods.size() + " pods");
        }
        return new FirstPlan(set.key(), revision, claims, pods);
    }
}
