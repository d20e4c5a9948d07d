package dev.stateful.grpc.status;

import com.google.protobuf.Any;
import com.google.rpc.BadRequest;
import com.google.rpc.Code;
import dev.stateful.domain.validation.Violation;
import dev.stateful.grpc.convert.ObjectDecodeException;
import dev.stateful.grpc.convert.Violations;
import dev.stateful.ports.ApiException;
import io.grpc.Status;
import io.grpc.StatusException;
import io.grpc.StatusRuntimeException;
import io.grpc.protobuf.StatusProto;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** The status a service call fails with, and what every unexpected exception becomes. */
public final class Failures {

    private static final Logger LOG = LoggerFactory.getLogger(Failures.class);

    private Failures() {
    }

    /** INVALID_ARGUMENT with one {@code google.rpc.BadRequest} field violation per problem. */
    public static StatusRuntimeException invalid(String message, List<Violation> violations) {
        return invalid(message, Violations.badRequest(violations));
    }

    public static StatusRuntimeException invalid(String message, BadRequest details) {
        com.google.rpc.Status status = com.google.rpc.Status.newBuilder()
                .setCode(Code.INVALID_ARGUMENT_VALUE)
                .setMessage(message)
                .addDetails(Any.pack(details))
                .build();
        return StatusProto.toStatusRuntimeException(status);
    }

    private static final java.util.Set<String> GENERIC_NAMES = java.util.Set.of("timestamp", "duration");

    /** A request field's name and its problem, as the request's checks word them ({@code now: seconds ... is out of range}). */
    private static final java.util.regex.Pattern FIELD_FIRST = java.util.regex.Pattern.compile("([a-z_][a-z0-9_.\\[\\]]*): (.+)",
            java.util.regex.Pattern.DOTALL);

    /**
     * INVALID_ARGUMENT with one field violation: the field a message starts with ({@code field: problem}), or none; as
     * the service's contract says, every INVALID_ARGUMENT carries a {@code google.rpc.BadRequest}.
     */
    public static StatusRuntimeException invalid(String message) {
        java.util.regex.Matcher field = FIELD_FIRST.matcher(message);
        // "timestamp" and "duration" are what a conversion calls a value it was not told the path of: no request field
        BadRequest.FieldViolation violation = field.matches() && !GENERIC_NAMES.contains(field.group(1))
                ? BadRequest.FieldViolation.newBuilder().setField(field.group(1)).setDescription(field.group(2)).build()
                : BadRequest.FieldViolation.newBuilder().setDescription(message).build();
        return invalid(message, BadRequest.newBuilder().addFieldViolations(violation).build());
    }

    public static StatusRuntimeException notFound(String message) {
        return Status.NOT_FOUND.withDescription(message).asRuntimeException();
    }

    public static StatusRuntimeException failedPrecondition(String message) {
        return Status.FAILED_PRECONDITION.withDescription(message).asRuntimeException();
    }

    public static StatusRuntimeException unavailable(String message) {
        return Status.UNAVAILABLE.withDescription(message).asRuntimeException();
    }

    /** Any failure of a handler as the status the caller sees; unexpected ones are logged, not leaked. */
    public static StatusRuntimeException toStatus(Throwable t) {
        if (t instanceof StatusRuntimeException e) {
            return e;
        }
        if (t instanceof StatusException e) {
            return e.getStatus().asRuntimeException(e.getTrailers());
        }
        if (t instanceof ObjectDecodeException e) {
            return invalid(e.getMessage(), e.violations());
        }
        if (t instanceof ApiException.Invalid e) {
            // INVALID_ARGUMENT carries its BadRequest here too: the refused fields, or the message alone
            return e.causes().isEmpty() ? invalid(e.getMessage()) : invalid(e.getMessage(), ApiStatus.badRequest(e.causes()));
        }
        if (t instanceof ApiException e) {
            return ApiStatus.toStatus(e).asRuntimeException();
        }
        if (t instanceof IllegalArgumentException) {
            return invalid(t.getMessage() == null ? "invalid argument" : t.getMessage());
        }
        LOG.error("unexpected failure in a gRPC call", t);
        return Status.INTERNAL.withDescription("internal error (" + t.getClass().getSimpleName() + "); see the server log").asRuntimeException();
    }
}
