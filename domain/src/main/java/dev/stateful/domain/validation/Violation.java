package dev.stateful.domain.validation;

/**
 * One problem with an object, named by its field path like the API server's {@code field.Error}
 * (e.g. {@code spec.selector: Required value}).
 */
public record Violation(String field, Type type, String detail) {

    /** The error types of k8s.io/apimachinery/pkg/util/validation/field. */
    public enum Type {
        REQUIRED("Required value"),
        INVALID("Invalid value"),
        NOT_SUPPORTED("Unsupported value"),
        FORBIDDEN("Forbidden"),
        TOO_LONG("Too long"),
        DUPLICATE("Duplicate value"),
        NOT_FOUND("Not found"),
        TOO_MANY("Too many"),
        UNKNOWN_FIELD("unknown field"),
        TYPE_MISMATCH("Invalid type");

        private final String text;

        Type(String text) {
            this.text = text;
        }

        public String text() {
            return text;
        }
    }

    @Override
    public String toString() {
        if (type == Type.UNKNOWN_FIELD) {
            return "unknown field \"" + field + "\"" + (detail.isEmpty() ? "" : " (" + detail + ")");
        }
        return field + ": " + body();
    }

    /** What is wrong, without the field path: field.Error's {@code ErrorBody()}, the message of a Status cause. */
    public String body() {
        return type.text() + (detail.isEmpty() ? "" : ": " + detail);
    }
}
