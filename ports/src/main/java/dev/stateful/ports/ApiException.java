package dev.stateful.ports;

/**
 * The errors every port may raise, mirroring the API server's status reasons. Adapters translate
 * their transport errors into exactly these; the reconciler decides what each means (an
 * AlreadyExists on pod creation is not an error event, a Conflict is retried with fresh data...).
 */
public abstract sealed class ApiException extends RuntimeException
        permits ApiException.NotFound, ApiException.AlreadyExists, ApiException.Conflict, ApiException.Invalid,
        ApiException.Forbidden, ApiException.Unavailable {

    protected ApiException(String message, Throwable cause) {
        super(message, cause);
    }

    /** HTTP 404: the object does not exist (or no longer does). */
    public static final class NotFound extends ApiException {
        public NotFound(String message) {
            super(message, null);
        }
    }

    /** HTTP 409 on create: an object with that name exists. */
    public static final class AlreadyExists extends ApiException {
        public AlreadyExists(String message) {
            super(message, null);
        }
    }

    /** HTTP 409 on update: the resourceVersion is stale. Re-read and retry. */
    public static final class Conflict extends ApiException {
        public Conflict(String message) {
            super(message, null);
        }
    }

    /** HTTP 422/400: the object was rejected. Retrying the same write cannot succeed. */
    public static final class Invalid extends ApiException {
        public Invalid(String message) {
            super(message, null);
        }
    }

    /** HTTP 401/403: not allowed. */
    public static final class Forbidden extends ApiException {
        public Forbidden(String message) {
            super(message, null);
        }
    }

    /**
     * HTTP 5xx, 429, timeouts and connection failures: transient. The write may or may not have
     * taken effect; the next sync observes which.
     */
    public static final class Unavailable extends ApiException {
        public Unavailable(String message, Throwable cause) {
            super(message, cause);
        }

        public Unavailable(String message) {
            super(message, null);
        }
    }
}
