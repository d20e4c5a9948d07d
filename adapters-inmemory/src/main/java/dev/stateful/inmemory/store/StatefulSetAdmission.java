package dev.stateful.inmemory.store;

import dev.stateful.domain.defaults.Defaults;
import dev.stateful.domain.model.StatefulSet;
import dev.stateful.domain.validation.StatefulSetValidator;
import dev.stateful.domain.validation.Violation;
import dev.stateful.ports.ApiException;
import java.util.List;
import java.util.function.UnaryOperator;

/**
 * The API server's admission of StatefulSet creates and spec updates: defaulting, then validation
 * (throwing {@link dev.stateful.ports.ApiException.Invalid}). Update validation needs the stored
 * object (immutable fields), hence the second argument.
 */
@FunctionalInterface
public interface StatefulSetAdmission {

    /** Accepts everything unchanged. */
    StatefulSetAdmission NONE = (incoming, existing) -> incoming;

    /**
     * @param existing the stored set on update, null on create
     * @return the set to store
     */
    StatefulSet admit(StatefulSet incoming, StatefulSet existing);

    /** Admission that only defaults, the same way on create and update. */
    static StatefulSetAdmission of(UnaryOperator<StatefulSet> defaulting) {
        return (incoming, existing) -> defaulting.apply(incoming);
    }

    /**
     * What a real API server does: apps/v1 defaulting, then create or update validation; an invalid
     * set is rejected with {@link ApiException.Invalid} naming every field (its causes too).
     */
    static StatefulSetAdmission apiServer() {
        return (incoming, existing) -> {
            StatefulSet defaulted = Defaults.statefulSet(incoming);
            List<Violation> violations = existing == null
                    ? StatefulSetValidator.validate(defaulted)
                    : StatefulSetValidator.validateUpdate(existing, defaulted);
            if (!violations.isEmpty()) {
                throw ApiErrors.invalid(Kind.STATEFULSETS, defaulted.name(), violations);
            }
            return defaulted;
        };
    }
}
