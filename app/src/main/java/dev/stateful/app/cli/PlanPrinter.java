package dev.stateful.app.cli;

import dev.stateful.domain.model.StatefulSetStatus;
import dev.stateful.domain.revision.RevisionWrite;
import dev.stateful.domain.sync.Operation;
import dev.stateful.domain.sync.Ownership;
import dev.stateful.domain.sync.Phase;
import dev.stateful.domain.sync.Plan;
import dev.stateful.domain.sync.Wait;
import java.io.PrintWriter;

/** Renders a plan for people: the actions in order, the status to write, and why it waits. */
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
        int n = 0;
        out.println("Actions:");
        for (Ownership.Change change : plan.ownership()) {
            out.println(String.format("  %2d. %s", ++n, change.describe()));
        }
        RevisionWrite write = plan.revisions().write();
        if (write instanceof RevisionWrite.Create c) {
            out.println(String.format("  %2d. create ControllerRevision %s (revision %d)", ++n, c.revision().name(), c.revision().revision()));
        } else if (write instanceof RevisionWrite.Renumber r) {
            out.println(String.format("  %2d. renumber ControllerRevision %s to revision %d (rollback)", ++n, r.existing().name(), r.newRevision()));
        }
        for (Phase phase : plan.phases()) {
            for (Phase.Unit unit : phase.units()) {
                for (Operation op : unit.operations()) {
                    out.println(String.format("  %2d. %s", ++n, op.describe()));
                }
            }
        }
        for (var revision : plan.revisionsToDelete()) {
            out.println(String.format("  %2d. delete ControllerRevision %s (history limit)", ++n, revision.name()));
        }
        if (n == 0) {
            out.println("  none");
        }
        StatefulSetStatus s = plan.status();
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
        plan.requeueAfter().ifPresent(d -> out.println("Look again in " + d.toSeconds() + "s (minReadySeconds)"));
    }
}
