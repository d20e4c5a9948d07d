package dev.stateful.ports;

import java.util.List;

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

    /**
     * HTTP 422/400: the object was rejected. Retrying the same write cannot succeed. A refusal of
     * fields names each in {@link #causes()}, as the API server's Status does in
     * {@code details.causes} ({@code apierrors.NewInvalid}), so that a caller can point at them.
     */
    public static final class Invalid extends ApiException {
        private final List<Cause> causes;

        public Invalid(String message) {
            this(message, List.of());
        }

        public Invalid(String message, List<Cause> causes) {
            super(message, null);
            this.causes = List.copyOf(causes);
        }

        /** Each refused field with what is wrong with it; empty when the refusal names none. */
        public List<Cause> causes() {
            return causes;
        }

        /**
         * One {@code metav1.StatusCause} of the refusal.
         *
         * @param field the field path ({@code spec.replicas}), empty when the cause is the whole object
         * @param message what is wrong, without the field: {@code field.Error}'s {@code ErrorBody()}
         */
        public record Cause(String field, String message) implements java.io.Serializable {

            /** As the field is told in the refusal's message: {@code spec.replicas: Invalid value: -1: ...}. */
            @Override
            public String toString() {
                return field.isEmpty() ? message : field + ": " + message;
            }
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
