package dev.stateful.inmemory.simulation;

import dev.stateful.inmemory.faults.ApiError;
import dev.stateful.inmemory.store.Kind;
import dev.stateful.inmemory.store.Verb;
import java.util.List;

/** The API faults a schedule injects into the controller's calls. */
public enum FaultType {
    /** A transient server error (HTTP 503): nothing happened. */
    UNAVAILABLE("fail with 503 Unavailable", ApiError.UNAVAILABLE),
    /** A stale resourceVersion (HTTP 409): nothing happened. */
    CONFLICT("fail with 409 Conflict", ApiError.CONFLICT),
    /** Refused (HTTP 403, e.g. a webhook or RBAC hiccup): nothing happened. */
    FORBIDDEN("fail with 403 Forbidden", ApiError.FORBIDDEN),
    /** A timeout after the commit: the write took effect but the controller sees an error. */
    APPLIED_BUT_FAILED("take effect but time out (the controller sees an error)", null),
    /** The call takes 2 seconds of cluster time. */
    LATENCY("take 2s", null),
    /** An internal server error (HTTP 500, e.g. etcd timed out): nothing happened. */
    SERVER_ERROR("fail with 500 Internal Server Error", ApiError.SERVER_ERROR),
    /** Throttled (HTTP 429 with Retry-After: 1): the client waits a second, then fails; nothing happened. */
    TOO_MANY_REQUESTS("fail with 429 Too Many Requests after its Retry-After of 1s", ApiError.TOO_MANY_REQUESTS),
    /** The object is not found (HTTP 404) although it may exist: nothing happened. */
    NOT_FOUND("fail with 404 Not Found", ApiError.NOT_FOUND),
    /** A create answered HTTP 409 AlreadyExists although nothing of that name may exist: nothing happened. */
    ALREADY_EXISTS("fail with 409 AlreadyExists", ApiError.ALREADY_EXISTS),
    /** Refused as invalid (HTTP 422, e.g. an admission webhook): nothing happened. */
    INVALID("fail with 422 Unprocessable Entity", ApiError.INVALID),
    /** HTTP 410 Gone (an expired resourceVersion): nothing happened. */
    GONE("fail with 410 Gone", ApiError.GONE);

    static final List<Verb> WRITE_VERBS = List.of(Verb.CREATE, Verb.UPDATE, Verb.UPDATE_STATUS, Verb.PATCH, Verb.DELETE);
    static final List<Verb> VERBS = List.of(Verb.GET, Verb.CREATE, Verb.UPDATE, Verb.UPDATE_STATUS, Verb.PATCH, Verb.DELETE);
    static final List<Kind> KINDS = List.of(Kind.PODS, Kind.CLAIMS, Kind.REVISIONS, Kind.STATEFULSETS);

    final String description;
    /** The error the call fails with before reaching the store; null for the faults that are not one. */
    final ApiError error;

    FaultType(String description, ApiError error) {
        this.description = description;
        this.error = error;
    }

    /**
     * Conflicts come from preconditions, which creates and reads do not have; a read cannot take
     * effect or be refused as invalid; only a create can find its name taken, and a create answers
     * 404 only when its namespace is gone, which the simulation's never is.
     */
    boolean appliesTo(Verb verb) {
        switch (this) {
            case CONFLICT:
                return verb == Verb.UPDATE || verb == Verb.UPDATE_STATUS || verb == Verb.PATCH || verb == Verb.DELETE;
            case APPLIED_BUT_FAILED:
            case INVALID:
                return verb != Verb.GET;
            case ALREADY_EXISTS:
                return verb == Verb.CREATE;
            case NOT_FOUND:
                return verb != Verb.CREATE;
            default:
                return true;
        }
    }
}
