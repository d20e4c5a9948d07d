package dev.stateful.grpc.status;

import dev.stateful.ports.ApiException;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;

/**
 * The port error contract in both directions: {@link ApiException} to a gRPC status on the
 * serving side, a gRPC status back to the same {@link ApiException} on the calling side.
 */
public final class ApiStatus {

    private ApiStatus() {
    }

    /** NotFound, AlreadyExists, Conflict, Invalid, Forbidden, Unavailable to their status codes. */
    public static Status toStatus(ApiException e) {
        Status status;
        if (e instanceof ApiException.NotFound) {
            status = Status.NOT_FOUND;
        } else if (e instanceof ApiException.AlreadyExists) {
            status = Status.ALREADY_EXISTS;
        } else if (e instanceof ApiException.Conflict) {
            status = Status.ABORTED;
        } else if (e instanceof ApiException.Invalid) {
            status = Status.INVALID_ARGUMENT;
        } else if (e instanceof ApiException.Forbidden) {
            status = Status.PERMISSION_DENIED;
        } else {
            status = Status.UNAVAILABLE;
        }
        return status.withDescription(e.getMessage());
    }

    /**
     * A failed call as the port exception the engine understands. Codes without a port
     * counterpart (INTERNAL, UNKNOWN, CANCELLED, RESOURCE_EXHAUSTED ...) are transient: Unavailable.
     */
    public static ApiException toApiException(StatusRuntimeException e, String operation) {
        Status status = e.getStatus();
        String message = operation + ": " + (status.getDescription() == null ? status.getCode().name() : status.getDescription());
        return switch (status.getCode()) {
            case NOT_FOUND -> new ApiException.NotFound(message);
            case ALREADY_EXISTS -> new ApiException.AlreadyExists(message);
            case ABORTED, FAILED_PRECONDITION -> new ApiException.Conflict(message);
            case INVALID_ARGUMENT, OUT_OF_RANGE -> new ApiException.Invalid(message);
            case PERMISSION_DENIED, UNAUTHENTICATED -> new ApiException.Forbidden(message);
            default -> new ApiException.Unavailable(message + " (" + status.getCode() + ")", e);
        };
    }
}
