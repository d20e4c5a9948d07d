package dev.stateful.inmemory.simulation;

import dev.stateful.inmemory.store.Kind;
import dev.stateful.inmemory.store.Verb;
import java.util.List;

/** The API faults a schedule injects into the controller's calls. */
public enum FaultType {
    /** A transient server error (HTTP 503): nothing happened. */
    UNAVAILABLE("fail with 503 Unavailable"),
    /** A stale resourceVersion (HTTP 409): nothing happened. */
    CONFLICT("fail with 409 Conflict"),
    /** Refused (HTTP 403, e.g. a webhook or RBAC hiccup): nothing happened. */
    FORBIDDEN("fail with 403 Forbidden"),
    /** A timeout after the commit: the write took effect but the controller sees an error. */
    APPLIED_BUT_FAILED("take effect but time out (the controller sees an error)"),
    /** The call takes 2 seconds of cluster time. */
    LATENCY("take 2s");

    static final List<Verb> WRITE_VERBS = List.of(Verb.CREATE, Verb.UPDATE, Verb.UPDATE_STATUS, Verb.PATCH, Verb.DELETE);
    static final List<Verb> VERBS = List.of(Verb.GET, Verb.CREATE, Verb.UPDATE, Verb.UPDATE_STATUS, Verb.PATCH, Verb.DELETE);
    static final List<Kind> KINDS = List.of(Kind.PODS, Kind.CLAIMS, Kind.REVISIONS, Kind.STATEFULSETS);

    final String description;

    FaultType(String description) {
        this.description = description;
    }

    /** Conflicts come from preconditions, which creates and reads do not have; a read cannot take effect. */
    boolean appliesTo(Verb verb) {
        switch (this) {
            case CONFLICT:
                return verb == Verb.UPDATE || verb == Verb.UPDATE_STATUS || verb == Verb.PATCH || verb == Verb.DELETE;
            case APPLIED_BUT_FAILED:
                return verb != Verb.GET;
            default:
                return true;
        }
    }
}
