package dev.stateful.grpc.testing;

import com.google.rpc.BadRequest;
import io.grpc.StatusRuntimeException;
import io.grpc.protobuf.StatusProto;
import java.util.List;

/** Reads the {@code google.rpc.BadRequest} details of an INVALID_ARGUMENT failure. */
public final class BadRequests {

    private BadRequests() {
    }

    public static List<BadRequest.FieldViolation> of(StatusRuntimeException e) {
        com.google.rpc.Status status = StatusProto.fromThrowable(e);
        if (status == null) {
            return List.of();
        }
        return status.getDetailsList().stream().filter(d -> d.is(BadRequest.class)).flatMap(d -> {
            try {
                return d.unpack(BadRequest.class).getFieldViolationsList().stream();
            } catch (com.google.protobuf.InvalidProtocolBufferException ex) {
                throw new IllegalStateException(ex);
            }
        }).toList();
    }

    public static List<String> fields(StatusRuntimeException e) {
        return of(e).stream().map(BadRequest.FieldViolation::getField).toList();
    }
}
