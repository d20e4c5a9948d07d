package dev.stateful.grpc.server;

import com.google.rpc.BadRequest;
import dev.stateful.domain.model.ControllerRevision;
import dev.stateful.domain.model.ObjectKey;
import dev.stateful.domain.model.StatefulSet;
import dev.stateful.domain.model.UpdateStrategy;
import dev.stateful.domain.revision.RevisionData;
import dev.stateful.domain.validation.Violation;
import dev.stateful.grpc.convert.Summaries;
import dev.stateful.grpc.status.Failures;
import dev.stateful.grpc.v1.AppliedObject;
import dev.stateful.grpc.v1.ApplyRequest;
import dev.stateful.grpc.v1.ApplyResponse;
import dev.stateful.grpc.v1.RollbackRequest;
import dev.stateful.grpc.v1.RollbackResponse;
import dev.stateful.grpc.v1.ScaleRequest;
import dev.stateful.grpc.v1.ScaleResponse;
import dev.stateful.grpc.v1.SetPartitionRequest;
import dev.stateful.grpc.v1.SetPartitionResponse;
import java.util.List;
import java.util.function.UnaryOperator;
import java.util.stream.Collectors;

/**
 * Scale, SetPartition, Rollback and Apply: a user's writes. Spec changes are read-modify-write
 * with the API server's update validation, retried on a conflict, never started past the deadline.
 */
final class SetCommands {

    static final int MAX_CONFLICT_RETRIES = SpecEdit.MAX_CONFLICT_RETRIES;

    private final SetBackend backend;

    SetCommands(SetBackend backend) {
        this.backend = backend;
    }

    ScaleResponse scale(ScaleRequest request) {
        StatefulSet updated = edit(Keys.of(request.getRef()), set -> set.withSpec(set.spec().withReplicas(request.getReplicas())));
        return ScaleResponse.newBuilder().setStatefulSet(Summaries.statefulSet(updated)).build();
    }

    SetPartitionResponse setPartition(SetPartitionRequest request) {
        StatefulSet updated = edit(Keys.of(request.getRef()), set -> {
            UpdateStrategy strategy = set.spec().updateStrategy();
            if (strategy.isOnDelete()) {
                throw Failures.failedPrecondition("StatefulSet " + set.key() + " uses the OnDelete update strategy; a partition applies to RollingUpdate only");
            }
            UpdateStrategy.RollingUpdate rolling = strategy.rollingUpdate();
            UpdateStrategy partitioned = UpdateStrategy.rollingUpdate(request.getPartition(), rolling == null ? null : rolling.maxUnavailable());
            return set.withSpec(set.spec().withUpdateStrategy(partitioned));
        });
        return SetPartitionResponse.newBuilder().setStatefulSet(Summaries.statefulSet(updated)).build();
    }

    /** kubectl rollout undo: the target's template replaces the set's; the controller renumbers the revision. */
    RollbackResponse rollback(RollbackRequest request) {
        ObjectKey key = Keys.of(request.getRef());
        SetView view = SetView.read(backend, key);
        ControllerRevision target = RollbackTarget.find(view.revisions(), request.getToRevision());
        RollbackResponse.Builder out = RollbackResponse.newBuilder().setTarget(Summaries.revision(target, view.set(), view.podsAt(target)));
        if (RevisionData.restoresTemplateOf(view.set(), target)) {
            return out.setStatefulSet(Summaries.statefulSet(view.set())).setSkipped(true)
                    .setMessage("skipped rollback (current template already matches revision " + target.revision() + ")").build();
        }
        StatefulSet updated = edit(key, set -> RevisionData.applyRevision(set, target));
        return out.setStatefulSet(Summaries.statefulSet(updated)).setMessage(KubectlNames.named(updated) + " rolled back").build();
    }

    ApplyResponse apply(ApplyRequest request) {
        if (request.getManifest().isBlank()) {
            throw Failures.invalid("manifest is required", List.of(new Violation("manifest", Violation.Type.REQUIRED, "YAML text")));
        }
        Deadlines.beforeWrite();
        ManifestOutcome outcome;
        try {
            outcome = backend.apply(request.getManifest(), Keys.namespace(request.getNamespace()));
        } catch (UnsupportedOperationException e) {
            throw Failures.failedPrecondition(e.getMessage());
        }
        if (!outcome.problems().isEmpty()) {
            throw Failures.invalid("nothing applied: " + describe(outcome.problems()), badRequest(outcome.problems()));
        }
        ApplyResponse.Builder out = ApplyResponse.newBuilder();
        outcome.applied().forEach(a -> out.addApplied(AppliedObject.newBuilder()
                .setKind(a.kind()).setRef(Summaries.ref(a.key())).setCreated(a.created())));
        return out.build();
    }

    private StatefulSet edit(ObjectKey key, UnaryOperator<StatefulSet> change) {
        return SpecEdit.apply(backend, key, change);
    }

    private static BadRequest badRequest(List<ManifestOutcome.Problem> problems) {
        BadRequest.Builder out = BadRequest.newBuilder();
        for (ManifestOutcome.Problem p : problems) {
            for (ManifestOutcome.Finding f : p.findings()) {
                String field = "documents[" + p.document() + "]" + (f.field().isEmpty() ? "" : "." + f.field());
                out.addFieldViolations(BadRequest.FieldViolation.newBuilder().setField(field)
                        .setDescription("line " + f.line() + ", column " + f.column() + ": " + f.message()));
            }
        }
        return out.build();
    }

    private static String describe(List<ManifestOutcome.Problem> problems) {
        return problems.stream()
                .flatMap(p -> p.findings().stream().map(f -> "document " + p.document() + ", line " + f.line() + ": " + f.message()))
                .collect(Collectors.joining("; "));
    }
}
