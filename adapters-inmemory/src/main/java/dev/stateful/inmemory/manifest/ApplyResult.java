package dev.stateful.inmemory.manifest;

import dev.stateful.domain.model.ObjectKey;
import dev.stateful.inmemory.store.Kind;
import java.util.List;
import java.util.stream.Collectors;

/** What applying a manifest did: the objects created or updated, and the documents refused. */
public record ApplyResult(List<Applied> applied, List<ManifestProblem> problems) {

    /** One applied object. */
    public record Applied(Kind kind, ObjectKey key, boolean created) {
    }

    public ApplyResult {
        applied = List.copyOf(applied);
        problems = List.copyOf(problems);
    }

    public boolean hasProblems() {
        return !problems.isEmpty();
    }

    /** Every problem, one per line, for a user. */
    public String describeProblems() {
        return problems.stream().map(ManifestProblem::toString).collect(Collectors.joining("\n"));
    }
}
