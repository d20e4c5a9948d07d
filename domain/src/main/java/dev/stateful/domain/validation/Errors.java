package dev.stateful.domain.validation;

import dev.stateful.domain.json.Json;
import dev.stateful.domain.json.JsonWriter;
import dev.stateful.domain.model.LabelSelector;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Builds {@link Violation}s the way {@code field.Invalid}, {@code field.NotSupported}, ... build
 * {@code field.Error}s. The offending value, when upstream reports one, leads the detail (quoted for
 * strings), matching how the codec already words its problems: {@code "Never": supported values: "Always"}.
 */
final class Errors {

    static final String NEGATIVE = "must be greater than or equal to 0";
    static final String IMMUTABLE = "field is immutable";

    private Errors() {
    }

    static Violation required(String field, String detail) {
        return new Violation(field, Violation.Type.REQUIRED, detail);
    }

    /**
     * {@code field.Required} of each of these fields of {@code source} left empty (absent, "" or an empty list), in order:
     * the {@code len(x) == 0} checks a volume source's validation writes one after another.
     */
    static List<Violation> requiredEach(Json.Obj source, String path, String... fields) {
        List<Violation> out = new ArrayList<>();
        for (String field : fields) {
            Json value = source.get(field).orElse(Json.Null.INSTANCE);
            boolean empty = value.asString().map(String::isEmpty).orElse(value.asArray().map(a -> a.items().isEmpty()).orElse(true));
            if (empty) {
                out.add(required(path + "." + field, ""));
            }
        }
        return out;
    }

    static Violation invalid(String field, Object value, String detail) {
        String shown = render(value);
        return new Violation(field, Violation.Type.INVALID, detail.isEmpty() ? shown : shown + ": " + detail);
    }

    /** {@code field.Invalid} of {@code value} once for each message a name or format check returned (none when it returned none). */
    static List<Violation> invalidEach(String field, Object value, List<String> messages) {
        return messages.stream().map(msg -> invalid(field, value, msg)).toList();
    }

    static Violation notSupported(String field, Object value, String... supported) {
        String values = Stream.of(supported).map(Errors::quote).collect(Collectors.joining(", "));
        return new Violation(field, Violation.Type.NOT_SUPPORTED, render(value) + ": supported values: " + values);
    }

    /** {@code field.NotSupported} of a value not among {@code supported}; none for an empty value, which API defaulting fills. */
    static List<Violation> unlessSupported(String field, String value, List<String> supported) {
        return value.isEmpty() || supported.contains(value)
                ? List.of()
                : List.of(notSupported(field, value, supported.toArray(String[]::new)));
    }

    static Violation forbidden(String field, String detail) {
        return new Violation(field, Violation.Type.FORBIDDEN, detail);
    }

    static Violation duplicate(String field, Object value) {
        return new Violation(field, Violation.Type.DUPLICATE, render(value));
    }

    static Violation notFound(String field, Object value) {
        return new Violation(field, Violation.Type.NOT_FOUND, render(value));
    }

    static Violation tooLong(String field, String detail) {
        return new Violation(field, Violation.Type.TOO_LONG, detail);
    }

    /** {@code field.TooMany}: a list of {@code actual} items where {@code max} (at least 0) are allowed. */
    static Violation tooMany(String field, int actual, int max) {
        return new Violation(field, Violation.Type.TOO_MANY, actual + ": must have at most " + max + (max == 1 ? " item" : " items"));
    }

    /** Strings quoted like Go's %q, maps and JSON as sorted JSON, everything else as its text. */
    static String render(Object value) {
        if (value == null) {
            return "null";
        }
        if (value instanceof String s) {
            return quote(s);
        }
        if (value instanceof Json json) {
            return JsonWriter.write(json);
        }
        if (value instanceof Map<?, ?> map) {
            return JsonWriter.write(Json.from(new TreeMap<>(map)));
        }
        if (value instanceof LabelSelector selector) {
            return "{" + selector + "}";
        }
        return value.toString();
    }

    static String quote(String s) {
        return '"' + s.replace("\\", "\\\\").replace("\"", "\\\"") + '"';
    }
}
