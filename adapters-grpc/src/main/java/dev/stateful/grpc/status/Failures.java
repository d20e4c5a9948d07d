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
        if (t instanceof ApiException e) {
            return ApiStatus.toStatus(e).asRuntimeException();
        }
        if (t instanceof IllegalArgumentException) {
            return Status.INVALID_ARGUMENT.withDescription(t.getMessage()).asRuntimeException();
        }
        LOG.error("unexpected failure in a gRPC call", t);
        return Status.INTERNAL.withDescription("internal error (" + t.getClass().getSimpleName() + "); see the server log").asRuntimeException();
    }
}
