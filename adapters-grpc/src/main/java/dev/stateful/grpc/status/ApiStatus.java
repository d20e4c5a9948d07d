package dev.stateful.grpc.status;

import com.google.protobuf.Any;
import com.google.protobuf.InvalidProtocolBufferException;
import com.google.rpc.BadRequest;
import dev.stateful.ports.ApiException;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.protobuf.StatusProto;
import java.util.ArrayList;
import java.util.List;

/**
 * The port error contract in both directions: {@link ApiException} to a gRPC status on the
 * serving side, a gRPC status back to the same {@link ApiException} on the calling side (an
 * Invalid's causes travel as {@code google.rpc.BadRequest} field violations, see {@link Failures#toStatus}).
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
     * An {@link ApiException.Invalid}'s causes as the field violations of a {@code google.rpc.BadRequest}: the
     * field, and the cause's message (what is wrong with it) as the description.
     */
    public static BadRequest badRequest(List<ApiException.Invalid.Cause> causes) {
        BadRequest.Builder out = BadRequest.newBuilder();
        causes.forEach(c -> out.addFieldViolations(BadRequest.FieldViolation.newBuilder().setField(c.field()).setDescription(c.message())));
        return out.build();
    }

    /** The field violations of the status's {@code google.rpc.BadRequest} that name a field, as an Invalid's causes. */
    private static List<ApiException.Invalid.Cause> causes(StatusRuntimeException e) {
        com.google.rpc.Status status = StatusProto.fromThrowable(e);
        if (status == null) {
            return List.of();
        }
        List<ApiException.Invalid.Cause> causes = new ArrayList<>();
        for (Any detail : status.getDetailsList()) {
            if (!detail.is(BadRequest.class)) {
                continue;
            }
            try {
                for (BadRequest.FieldViolation v : detail.unpack(BadRequest.class).getFieldViolationsList()) {
                    if (!v.getField().isEmpty()) {
                        causes.add(new ApiException.Invalid.Cause(v.getField(), v.getDescription()));
                    }
                }
            } catch (InvalidProtocolBufferException malformed) {
                // a detail that does not decode names no field: the status's message still says what was refused
            }
        }
        return causes;
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
            case INVALID_ARGUMENT, OUT_OF_RANGE -> new ApiException.Invalid(message, causes(e));
            case PERMISSION_DENIED, UNAUTHENTICATED -> new ApiException.Forbidden(message);
            default -> new ApiException.Unavailable(message + " (" + status.getCode() + ")", e);
        };
    }
}
