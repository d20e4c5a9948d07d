package dev.stateful.inmemory.faults;

import dev.stateful.ports.ApiException;
import java.time.Duration;

/**
 * The API errors a fault can inject, each as the port hands it to the reconciler (the mapping of
 * the fabric8 adapter's {@code ApiErrors.translate}: 5xx and 429 are transient, 410 and 422 are
 * refusals that sending again cannot fix).
 */
public enum ApiError {
    /** HTTP 404. */
    NOT_FOUND,
    /** HTTP 409 on a create. */
    ALREADY_EXISTS,
    /** HTTP 409 on an update: a stale resourceVersion. */
    CONFLICT,
    /** HTTP 422 Unprocessable Entity (a webhook or the API server's validation refused it). */
    INVALID,
    /** HTTP 403. */
    FORBIDDEN,
    /** HTTP 503. */
    UNAVAILABLE,
    /** HTTP 500 Internal Server Error (for example etcd timed out). */
    SERVER_ERROR,
    /** HTTP 429 Too Many Requests with {@code Retry-After}: the client waits {@link #RETRY_AFTER}, then gives up. */
    TOO_MANY_REQUESTS,
    /** HTTP 410 Gone (an expired resourceVersion). */
    GONE;

    /** The {@code Retry-After} of an injected 429: the cluster clock advances by it before the call fails. */
    public static final Duration RETRY_AFTER = Duration.ofSeconds(1);

    public ApiException toException(String message) {
        return switch (this) {
            case NOT_FOUND -> new ApiException.NotFound(message + " (HTTP 404)");
            case ALREADY_EXISTS -> new ApiException.AlreadyExists(message + " (HTTP 409)");
            case CONFLICT -> new ApiException.Conflict(message + " (HTTP 409)");
            case INVALID -> new ApiException.Invalid(message + " (HTTP 422)");
            case FORBIDDEN -> new ApiException.Forbidden(message + " (HTTP 403)");
            case UNAVAILABLE -> new ApiException.Unavailable(message + " (HTTP 503)");
            case SERVER_ERROR -> new ApiException.Unavailable(message + " (HTTP 500)");
            case TOO_MANY_REQUESTS -> new ApiException.Unavailable(message + " (HTTP 429, Retry-After: " + RETRY_AFTER.toSeconds() + ")");
            case GONE -> new ApiException.Invalid(message + " (HTTP 410)");
        };
    }

    /** How long the client waited before it saw the error. */
    Duration waited() {
        return this == TOO_MANY_REQUESTS ? RETRY_AFTER : Duration.ZERO;
    }
}
