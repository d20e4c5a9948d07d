package dev.stateful.codec;

import dev.stateful.domain.json.Json;
import dev.stateful.domain.validation.Violation;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Reads typed fields out of a JSON object, collecting problems with their field paths. */
final class FieldReader {

    private final List<Violation> problems;
    private final boolean strict;

    FieldReader(boolean strict) {
        this.problems = new ArrayList<>();
        this.strict = strict;
    }

    List<Violation> problems() {
        return problems;
    }

    /** In strict mode, reports every key not in {@code known}, like kubectl's strict field validation. */
    void known(Json.Obj obj, String path, Set<String> known) {
        if (!strict) {
            return;
        }
        for (String key : obj.fields().keySet()) {
            if (!known.contains(key)) {
                problems.add(new Violation(join(path, key), Violation.Type.UNKNOWN_FIELD, ""));
            }
        }
    }

    Json.Obj object(Json.Obj obj, String key, String path) {
        Json value = obj.fields().get(key);
        if (value == null || value == Json.Null.INSTANCE) {
            return null;
        }
        if (value instanceof Json.Obj o) {
            return o;
        }
        mismatch(join(path, key), "an object", value);
        return null;
    }

    List<Json> array(Json.Obj obj, String key, String path) {
        Json value = obj.fields().get(key);
        if (value == null || value == Json.Null.INSTANCE) {
            return List.of();
        }
        if (value instanceof Json.Arr a) {
            return a.items();
        }
        mismatch(join(path, key), "an array", value);
        return List.of();
    }

    String string(Json.Obj obj, String key, String path) {
        Json value = obj.fields().get(key);
        if (value == null || value == Json.Null.INSTANCE) {
            return null;
        }
        if (value instanceof Json.Str s) {
            return s.value();
        }
        mismatch(join(path, key), "a string", value);
        return null;
    }

    Integer int32(Json.Obj obj, String key, String path) {
        Long value = int64(obj, key, path);
        if (value == null) {
            return null;
        }
        if (value < Integer.MIN_VALUE || value > Integer.MAX_VALUE) {
            problems.add(new Violation(join(path, key), Violation.Type.INVALID, value + ": must fit in a 32-bit integer"));
            return null;
        }
        return value.intValue();
    }

    Long int64(Json.Obj obj, String key, String path) {
        Json value = obj.fields().get(key);
        if (value == null || value == Json.Null.INSTANCE) {
            return null;
        }
        if (value instanceof Json.Num n) {
            var exact = n.asLong();
            if (exact.isPresent()) {
                return exact.get();
            }
        }
        mismatch(join(path, key), "an integer", value);
        return null;
    }

    Boolean bool(Json.Obj obj, String key, String path) {
        Json value = obj.fields().get(key);
        if (value == null || value == Json.Null.INSTANCE) {
            return null;
        }
        if (value instanceof Json.Bool b) {
            return b.value();
        }
        mismatch(join(path, key), "a boolean", value);
        return null;
    }

    Map<String, String> stringMap(Json.Obj obj, String key, String path) {
        Json.Obj map = object(obj, key, path);
        if (map == null) {
            return Map.of();
        }
        Map<String, String> out = new LinkedHashMap<>();
        map.fields().forEach((k, v) -> {
            if (v instanceof Json.Str s) {
                out.put(k, s.value());
            } else {
                mismatch(join(join(path, key), k), "a string", v);
            }
        });
        return out;
    }

    List<String> stringList(Json.Obj obj, String key, String path) {
        List<String> out = new ArrayList<>();
        List<Json> items = array(obj, key, path);
        for (int i = 0; i < items.size(); i++) {
            if (items.get(i) instanceof Json.Str s) {
                out.add(s.value());
            } else {
                mismatch(join(path, key) + "[" + i + "]", "a string", items.get(i));
            }
        }
        return out;
    }

    Instant time(Json.Obj obj, String key, String path) {
        String text = string(obj, key, path);
        if (text == null || text.isEmpty()) {
            return null;
        }
        try {
            return Rfc3339.parse(text);
        } catch (DateTimeParseException e) {
            problems.add(new Violation(join(path, key), Violation.Type.INVALID, "\"" + text + "\": not an RFC 3339 time"));
            return null;
        }
    }

    void mismatch(String path, String expected, Json actual) {
        problems.add(new Violation(path, Violation.Type.TYPE_MISMATCH, "expected " + expected + ", got " + describe(actual)));
    }

    static String join(String path, String key) {
        return path.isEmpty() ? key : path + "." + key;
    }

    private static String describe(Json value) {
        if (value instanceof Json.Obj) {
            return "an object";
        }
        if (value instanceof Json.Arr) {
            return "an array";
        }
        if (value instanceof Json.Str s) {
            return "string \"" + s.value() + "\"";
        }
        if (value instanceof Json.Num n) {
            return "number " + n.value().toString();
        }
        if (value instanceof Json.Bool b) {
            return "boolean " + b.value();
        }
        return "null";
    }
}
