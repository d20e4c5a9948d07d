package dev.stateful.grpc.server;

import dev.stateful.domain.model.StatefulSet;

/**
 * A user's update of a StatefulSet (kubectl edit): the controller's ports never write specs, so the
 * app supplies this (the in-memory cluster's user client, or a real API client).
 */
@FunctionalInterface
public interface SpecWriter {

    /** Stores the set; its resourceVersion is the precondition (ApiException.Conflict when stale). */
    StatefulSet update(StatefulSet set);
}
