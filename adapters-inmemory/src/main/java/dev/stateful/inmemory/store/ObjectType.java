package dev.stateful.inmemory.store;

import dev.stateful.domain.model.ObjectMeta;
import dev.stateful.domain.validation.Names;
import java.util.List;

/**
 * What the API server does differently per kind (its registry "strategy"): which parts of an
 * object a plain update and a {@code /status} update may change, defaulting on create, generation
 * tracking and graceful deletion. Metadata bookkeeping common to all kinds lives in {@link ObjectStore}.
 */
public interface ObjectType<T> {

    Kind kind();

    ObjectMeta meta(T object);

    T withMeta(T object, ObjectMeta meta);

    /** The name rule of the kind's {@code ValidateObjectMeta}: most kinds' is {@code NameIsDNSSubdomain}. */
    default List<String> nameErrors(String name) {
        return Names.dns1123Subdomain(name);
    }

    /** Defaulting and status reset of a new object. */
    default T prepareForCreate(T incoming) {
        return incoming;
    }

    /** The object a plain update stores: by default the incoming one; kinds with a status keep the stored status. */
    default T prepareForUpdate(T incoming, T stored) {
        return incoming;
    }

    /** The object a {@code /status} update stores: the stored object with the incoming status. */
    default T prepareForStatusUpdate(T incoming, T stored) {
        throw ApiErrors.notFound(kind(), meta(stored).name() + "/status");
    }

    /** {@code metadata.generation} after the write; {@code stored} is null on create. Zero for untracked kinds. */
    default long generation(T prepared, T stored) {
        return 0;
    }

    /** Seconds the object lingers in Terminating before it may go (pods only). */
    default long gracePeriodSeconds(T stored, Long requested) {
        return 0;
    }
}
