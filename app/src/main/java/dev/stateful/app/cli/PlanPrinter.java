package dev.stateful.app.cli;

import dev.stateful.domain.json.Json;
import dev.stateful.domain.model.StatefulSetStatus;
import dev.stateful.domain.revision.RevisionWrite;
import dev.stateful.domain.sync.Operation;
import dev.stateful.domain.sync.Ownership;
import dev.stateful.domain.sync.Plan;
import dev.stateful.domain.sync.Wait;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;

/** Renders a plan: for people (the actions in order, the status once they are done, why it waits), or as data for {@code -o json|yaml}. */
final class PlanPrinter {

    private PlanPrinter() {
    }

    static void print(Plan plan, PrintWriter out) {
        out.println("StatefulSet " + plan.key());
        if (!plan.isValid()) {
            out.println("  invalid, the controller does nothing:");
            plan.violations().forEach(v -> out.println("    " + v));
            return;
        }
        out.println("Actions:");
        List<String> actions = actions(plan);
        for (int i = 0; i < actions.size(); i++) {
            out.println(String.format("  %2d. %s", i + 1, actions.get(i)));
        }
        if (actions.isEmpty()) {
            out.println("  none");
        }
        // what the set shows once the writes above succeeded: a rolling delete lowers currentReplicas, completion promotes the revision
        StatefulSetStatus s = plan.statusWhenExecuted();
        out.println("Status:");
        out.println(String.format("  replicas=%d ready=%d available=%d current=%d updated=%d", s.replicas(), s.readyReplicas(),
                s.availableReplicas(), s.currentReplicas(), s.updatedReplicas()));
        out.println("  currentRevision=" + s.currentRevision() + " updateRevision=" + s.updateRevision()
                + " observedGeneration=" + s.observedGeneration());
        if (!plan.waits().isEmpty()) {
            out.println("Waiting:");
            for (Wait wait : plan.waits()) {
                out.println("  " + wait.reason());
            }
        }
        // minReadySeconds, a progress deadline, a growing claim or a claim of a gone owner: the waits above say which
        plan.requeueAfter().ifPresent(d -> out.println("Look again in " + secondsUp(d) + "s"));
    }

    /** Whole seconds, rounded up: a requeue a fraction of a second away is not "0s". */
    static long secondsUp(java.time.Duration d) {
        return d.toSeconds() + (d.toNanosPart() > 0 ? 1 : 0);
    }

    /** The same plan as data: the actions in order, the status, the waits (pod and reason) and the requeue delay. */
    static Json toJson(Plan plan) {
        Json.Obj json = Json.object("statefulSet", Json.object("namespace", plan.key().namespace(), "name", plan.key().name()),
                "valid", plan.isValid(),
                "violations", plan.violations().stream().map(Object::toString).toList());
        if (!plan.isValid()) {
            return json;
        }
        StatefulSetStatus s = plan.statusWhenExecuted();
        return json.with("actions", actions(plan))
                .with("status", Json.object("replicas", s.replicas(), "readyReplicas", s.readyReplicas(),
                        "availableReplicas", s.availableReplicas(), "currentReplicas", s.currentReplicas(),
                        "updatedReplicas", s.updatedReplicas(), "currentRevision", s.currentRevision(),
                        "updateRevision", s.updateRevision(), "observedGeneration", s.observedGeneration()))
                .with("waiting", plan.waits().stream().map(w -> Json.object("pod", w.pod(), "reason", w.reason())).toList())
                .with("requeueAfterSeconds", plan.requeueAfter().map(d -> (Object) secondsUp(d)).orElse(null));
    }

    /** Every write of the plan in execution order: ownership, the revision, pods and claims, history truncation. */
    static List<String> actions(Plan plan) {
        List<String> actions = new ArrayList<>();
        for (Ownership.Change change : plan.ownership()) {
            actions.add(change.describe());
        }
        RevisionWrite write = plan.revisions().write();
        if (write instanceof RevisionWrite.Create c) {
            actions.add(String.format("create ControllerRevision %s (revision %d)", c.revision().name(), c.revision().revision()));
        } else if (write instanceof RevisionWrite.Renumber r) {
            actions.add(String.format("renumber ControllerRevision %s to revision %d (rollback)", r.existing().name(), r.newRevision()));
        }
        for (Operation op : plan.operations()) {
            actions.add(op.describe());
        }
        for (var revision : plan.revisionsToDelete()) {
            actions.add("delete ControllerRevision " + revision.name() + " (history limit)");
        }
        return actions;
    }
}
