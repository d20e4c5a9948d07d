package dev.stateful.inmemory.store.strategy;

import dev.stateful.domain.model.StatefulSet;
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
}
