package dev.stateful.grpc.convert;

import dev.stateful.domain.model.PersistentVolumeClaim;
import dev.stateful.domain.revision.RevisionWrite;
import dev.stateful.domain.sync.Operation;
import dev.stateful.domain.sync.Ownership;
import dev.stateful.domain.sync.Phase;
import dev.stateful.domain.sync.Plan;
import dev.stateful.domain.sync.Wait;
import dev.stateful.grpc.v1.ActionType;
import dev.stateful.grpc.v1.DeleteCause;
import dev.stateful.grpc.v1.PlanResponse;
import dev.stateful.grpc.v1.PlanStage;
import dev.stateful.grpc.v1.PlannedAction;
import dev.stateful.grpc.v1.PodWait;
import java.util.List;

/** A domain {@link Plan} as a {@link PlanResponse}: the actions in execution order, status and waits. */
public final class PlanMessages {

    private PlanMessages() {
    }

    public static PlanResponse of(Plan plan) {
        PlanResponse.Builder out = PlanResponse.newBuilder()
                .setRef(Summaries.ref(plan.key()))
                .setValid(plan.isValid())
                .addAllViolations(Violations.of(plan.violations()));
        if (!plan.isValid()) {
            return out.build();
        }
        plan.ownership().forEach(change -> out.addActions(ownership(change)));
        revisionWrite(plan.revisions().write(), out);
        for (Phase phase : plan.phases()) {
            for (Phase.Unit unit : phase.units()) {
                for (Operation op : unit.operations()) {
                    out.addActions(operation(op, stage(phase.name()), phase.burst()));
                }
            }
        }
        plan.revisionsToDelete().forEach(r -> out.addActions(PlannedAction.newBuilder()
                .setType(ActionType.ACTION_TYPE_DELETE_REVISION).setStage(PlanStage.PLAN_STAGE_HISTORY)
                .setRevision(r.name()).setRevisionNumber(r.revision())
                .setDescription("delete ControllerRevision " + r.name() + " (history limit)")));
        out.setStatus(Summaries.status(plan.status()));
        out.addAllWaits(waits(plan.waits()));
        plan.requeueAfter().ifPresent(d -> out.setRequeueAfter(Timestamps.of(d)));
        return out.build();
    }

    public static List<PodWait> waits(List<Wait> waits) {
        return waits.stream().map(w -> PodWait.newBuilder().setPod(w.pod()).setReason(w.reason()).build()).toList();
    }

    private static PlannedAction ownership(Ownership.Change change) {
        PlannedAction.Builder out = PlannedAction.newBuilder().setStage(PlanStage.PLAN_STAGE_OWNERSHIP).setDescription(change.describe());
        if (change instanceof Ownership.Change.AdoptPod a) {
            out.setType(ActionType.ACTION_TYPE_ADOPT_POD).setPod(a.pod().name());
        } else if (change instanceof Ownership.Change.ReleasePod r) {
            out.setType(ActionType.ACTION_TYPE_RELEASE_POD).setPod(r.pod().name());
        } else if (change instanceof Ownership.Change.AdoptRevision r) {
            out.setType(ActionType.ACTION_TYPE_ADOPT_REVISION).setRevision(r.revision().name()).setRevisionNumber(r.revision().revision());
        } else if (change instanceof Ownership.Change.ReleaseClaim c) {
            out.setType(ActionType.ACTION_TYPE_RELEASE_CLAIM).addUpdateClaims(c.claim().name());
        }
        return out.build();
    }

    private static void revisionWrite(RevisionWrite write, PlanResponse.Builder out) {
        if (write instanceof RevisionWrite.Create c) {
            out.addActions(PlannedAction.newBuilder().setType(ActionType.ACTION_TYPE_CREATE_REVISION).setStage(PlanStage.PLAN_STAGE_REVISION)
                    .setRevision(c.revision().name()).setRevisionNumber(c.revision().revision())
                    .setDescription("create ControllerRevision " + c.revision().name() + " (revision " + c.revision().revision() + ")")
                    .setObject(KubeObjects.of(c.revision())));
        } else if (write instanceof RevisionWrite.Renumber r) {
            out.addActions(PlannedAction.newBuilder().setType(ActionType.ACTION_TYPE_RENUMBER_REVISION).setStage(PlanStage.PLAN_STAGE_REVISION)
                    .setRevision(r.existing().name()).setRevisionNumber(r.newRevision())
                    .setDescription("renumber ControllerRevision " + r.existing().name() + " to revision " + r.newRevision() + " (rollback)"));
        }
    }

    private static PlannedAction operation(Operation op, PlanStage stage, boolean burst) {
        PlannedAction.Builder out = PlannedAction.newBuilder().setStage(stage).setBurst(burst).setPod(op.podName()).setDescription(op.describe());
        if (op instanceof Operation.CreatePod c) {
            out.setType(ActionType.ACTION_TYPE_CREATE_POD).addAllCreateClaims(names(c.createClaims()))
                    .addAllUpdateClaims(names(c.updateClaims())).setObject(KubeObjects.of(c.pod()));
        } else if (op instanceof Operation.UpdatePod u) {
            out.setType(ActionType.ACTION_TYPE_UPDATE_POD).addAllCreateClaims(names(u.createClaims()))
                    .addAllUpdateClaims(names(u.updateClaims())).setObject(KubeObjects.of(u.pod()));
        } else if (op instanceof Operation.EnsureClaims e) {
            out.setType(ActionType.ACTION_TYPE_ENSURE_CLAIMS).addAllCreateClaims(names(e.createClaims()))
                    .addAllUpdateClaims(names(e.updateClaims()));
        } else if (op instanceof Operation.ResizeClaim r) {
            // stateful.v1 has no resize action: an update of the named claim, the description saying to what size
            out.setType(ActionType.ACTION_TYPE_ENSURE_CLAIMS).addUpdateClaims(r.claim().name());
        } else if (op instanceof Operation.DeletePod d) {
            out.setType(ActionType.ACTION_TYPE_DELETE_POD).setDeleteCause(cause(d.cause()));
        } else if (op instanceof Operation.Blocked b) {
            out.setType(ActionType.ACTION_TYPE_BLOCKED).addAllCreateClaims(names(b.createClaims())).setMessage(b.message());
        } else if (op instanceof Operation.Warn w) {
            out.setType(ActionType.ACTION_TYPE_WARN).setReason(w.reason()).setMessage(w.message());
        }
        return out.build();
    }

    private static PlanStage stage(Phase.Name name) {
        return switch (name) {
            case REPLICAS -> PlanStage.PLAN_STAGE_REPLICAS;
            case CONDEMNED_CLAIMS -> PlanStage.PLAN_STAGE_CONDEMNED_CLAIMS;
            case CONDEMNED -> PlanStage.PLAN_STAGE_CONDEMNED;
            // our kind's claim resizes are the rolling update's too; stateful.v1 has no stage of their own
            case ROLLING_UPDATE, CLAIM_RESIZE -> PlanStage.PLAN_STAGE_ROLLING_UPDATE;
        };
    }

    private static DeleteCause cause(Operation.DeletePod.Cause cause) {
        return switch (cause) {
            case TERMINAL_PHASE -> DeleteCause.DELETE_CAUSE_TERMINAL_PHASE;
            case CONDEMNED -> DeleteCause.DELETE_CAUSE_CONDEMNED;
            case ROLLING_UPDATE -> DeleteCause.DELETE_CAUSE_ROLLING_UPDATE;
        };
    }

    private static List<String> names(List<PersistentVolumeClaim> claims) {
        return claims.stream().map(PersistentVolumeClaim::name).toList();
    }
}
