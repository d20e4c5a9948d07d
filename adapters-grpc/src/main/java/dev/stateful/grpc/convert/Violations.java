package dev.stateful.grpc.convert;

import com.google.rpc.BadRequest;
import dev.stateful.domain.validation.Violation;
import dev.stateful.grpc.v1.FieldViolation;
import dev.stateful.grpc.v1.ViolationType;
import java.util.List;

/** Domain violations as {@code stateful.v1.FieldViolation} and as {@code google.rpc.BadRequest}. */
public final class Violations {

    private Violations() {
    }

    public static FieldViolation of(Violation v) {
        return FieldViolation.newBuilder()
                .setField(v.field())
                .setType(type(v.type()))
                .setDetail(v.detail())
                .setDescription(v.toString())
                .build();
    }

    public static List<FieldViolation> of(List<Violation> violations) {
        return violations.stream().map(Violations::of).toList();
    }

    public static BadRequest badRequest(List<Violation> violations) {
        BadRequest.Builder out = BadRequest.newBuilder();
        for (Violation v : violations) {
            out.addFieldViolations(BadRequest.FieldViolation.newBuilder().setField(v.field()).setDescription(v.toString()));
        }
        return out.build();
    }

    static ViolationType type(Violation.Type type) {
        return switch (type) {
            case REQUIRED -> ViolationType.VIOLATION_TYPE_REQUIRED;
            case INVALID -> ViolationType.VIOLATION_TYPE_INVALID;
            case NOT_SUPPORTED -> ViolationType.VIOLATION_TYPE_NOT_SUPPORTED;
            case FORBIDDEN -> ViolationType.VIOLATION_TYPE_FORBIDDEN;
            case TOO_LONG -> ViolationType.VIOLATION_TYPE_TOO_LONG;
            case DUPLICATE -> ViolationType.VIOLATION_TYPE_DUPLICATE;
            case NOT_FOUND -> ViolationType.VIOLATION_TYPE_NOT_FOUND;
            case TOO_MANY -> ViolationType.VIOLATION_TYPE_TOO_MANY;
            case UNKNOWN_FIELD -> ViolationType.VIOLATION_TYPE_UNKNOWN_FIELD;
            case TYPE_MISMATCH -> ViolationType.VIOLATION_TYPE_TYPE_MISMATCH;
        };
    }
}
