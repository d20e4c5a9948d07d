package dev.stateful.grpc.server;

import dev.stateful.domain.model.ObjectKey;
import dev.stateful.domain.model.StatefulSet;
import dev.stateful.domain.validation.StatefulSetValidator;
import dev.stateful.domain.validation.Violation;
import dev.stateful.grpc.status.Failures;
import dev.stateful.ports.ApiException;
import java.util.List;
import java.util.function.UnaryOperator;
import java.util.stream.Collectors;

/**
 * A user's change of a StatefulSet: read, change, validate as an update (the API server's
 * {@code ValidateStatefulSetUpdate}), write with the read's resourceVersion; a conflict starts over
 * on a fresh read, nothing is started past the caller's deadline.
 */
final class SpecEdit {

    static final int MAX_CONFLICT_RETRIES = 5;

    private SpecEdit() {
    }

    /** @param change may throw a {@link Failures} status (e.g. FAILED_PRECONDITION) after looking at the set */
    static StatefulSet apply(SetBackend backend, ObjectKey key, UnaryOperator<StatefulSet> change) {
        for (int attempt = 1; ; attempt++) {
            StatefulSet current = read(backend, key);
            StatefulSet changed = change.apply(current);
            List<Violation> violations = StatefulSetValidator.validateUpdate(current, changed);
            if (!violations.isEmpty()) {
                throw Failures.invalid("StatefulSet.apps \"" + key.name() + "\" is invalid: "
                        + violations.stream().map(Violation::toString).collect(Collectors.joining("; ")), violations);
            }
            Deadlines.beforeWrite();
            try {
                return backend.updateSpec(changed);
            } catch (ApiException.Conflict conflict) {
                if (attempt >= MAX_CONFLICT_RETRIES) {
                    throw conflict;
                }
            }
        }
    }

    static StatefulSet read(SetBackend backend, ObjectKey key) {
        return backend.statefulSet(key)
                .orElseThrow(() -> Failures.notFound("statefulsets.apps \"" + key.name() + "\" not found in namespace " + key.namespace()));
    }
}
