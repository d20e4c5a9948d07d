package dev.stateful.inmemory.faults;

import dev.stateful.ports.ApiException;

/** The API errors a fault can inject. */
public enum ApiError {
    NOT_FOUND,
    ALREADY_EXISTS,
    CONFLICT,
    INVALID,
    FORBIDDEN,
    UNAVAILABLE;

    public ApiException toException(String message) {
        return switch (this) {
            case NOT_FOUND -> new ApiException.NotFound(message);
            case ALREADY_EXISTS -> new ApiException.AlreadyExists(message);
            case CONFLICT -> new ApiException.Conflict(message);
            case INVALID -> new ApiException.Invalid(message);
            case FORBIDDEN -> new ApiException.Forbidden(message);
            case UNAVAILABLE -> new ApiException.Unavailable(message);
        };
    }
}
