package dev.stateful.grpc.server;

import dev.stateful.domain.model.ObjectKey;
import java.util.List;

/** What applying a manifest did: objects created or replaced, and the documents refused. */
public record ManifestOutcome(List<Applied> applied, List<Problem> problems) {

    public ManifestOutcome {
        applied = List.copyOf(applied);
        problems = List.copyOf(problems);
    }

    /** One object created ({@code created}) or replaced. */
    public record Applied(String kind, ObjectKey key, boolean created) {
    }

    /** A document that was not applied; {@code document} is 1-based. */
    public record Problem(int document, String kind, String name, List<Finding> findings) {
        public Problem {
            findings = List.copyOf(findings);
        }
    }

    /** One reason, at a 1-based line and column of the manifest. */
    public record Finding(String field, String message, int line, int column) {
    }
}
