package dev.stateful.domain.json;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.UnaryOperator;

/**
 * An immutable JSON tree. Kubernetes objects travel through the domain in this form where the
 * controller must not lose fields it does not interpret (pod templates, claim specs), because the
 * revision hash is computed over the exact serialised template.
 */
public sealed interface Json permits Json.Obj, Json.Arr, Json.Str, Json.Num, Json.Bool, Json.Null {

    Obj EMPTY_OBJECT = new Obj(Map.of());

    static Str of(String value) {
        return new Str(value);
    }

    static Num of(long value) {
        return new Num(BigDecimal.valueOf(value));
    }

    static Bool of(boolean value) {
        return value ? Bool.TRUE : Bool.FALSE;
    }

    static Obj object(Object... keyValues) {
        if (keyValues.length % 2 != 0) {
            throw new IllegalArgumentException("object() takes key/value pairs");
        }
        Map<String, Json> fields = new LinkedHashMap<>();
        for (int i = 0; i < keyValues.length; i += 2) {
            fields.put((String) keyValues[i], from(keyValues[i + 1]));
        }
        return new Obj(fields);
    }

    static Arr array(Object... items) {
        List<Json> list = new ArrayList<>();
        for (Object item : items) {
            list.add(from(item));
        }
        return new Arr(list);
    }

    /** Converts plain Java values (maps, lists, strings, numbers, booleans, null) into JSON. */
    static Json from(Object value) {
        if (value == null) {
            return Null.INSTANCE;
        }
        if (value instanceof Json json) {
            return json;
        }
        if (value instanceof String s) {
            return new Str(s);
        }
        if (value instanceof Boolean b) {
            return of(b);
        }
        if (value instanceof BigDecimal d) {
            return new Num(d);
        }
        if (value instanceof Double || value instanceof Float) {
            return new Num(BigDecimal.valueOf(((Number) value).doubleValue()));
        }
        if (value instanceof Number n) {
            return new Num(new BigDecimal(n.toString()));
        }
        if (value instanceof Map<?, ?> map) {
            Map<String, Json> fields = new LinkedHashMap<>();
            map.forEach((k, v) -> fields.put(String.valueOf(k), from(v)));
            return new Obj(fields);
        }
        if (value instanceof Iterable<?> iterable) {
            List<Json> list = new ArrayList<>();
            iterable.forEach(v -> list.add(from(v)));
            return new Arr(list);
        }
        if (value instanceof java.util.Date || value instanceof java.time.temporal.TemporalAccessor) {
            return new Str(value.toString());
        }
        throw new IllegalArgumentException("not representable as JSON: " + value.getClass().getName());
    }

    /** Plain Java view: Map, List, String, BigDecimal, Boolean or null. */
    Object toPlain();

    default Optional<Obj> asObject() {
        return this instanceof Obj o ? Optional.of(o) : Optional.empty();
    }

    default Optional<Arr> asArray() {
        return this instanceof Arr a ? Optional.of(a) : Optional.empty();
    }

    default Optional<String> asString() {
        return this instanceof Str s ? Optional.of(s.value()) : Optional.empty();
    }

    record Obj(Map<String, Json> fields) implements Json {
        public Obj {
            // Insertion order kept; small objects (most of a tree) in a compact form.
            fields = CompactFields.copyOf(fields);
        }

        public Optional<Json> get(String key) {
            return Optional.ofNullable(fields.get(key));
        }

        public boolean has(String key) {
            Json value = fields.get(key);
            return value != null && value != Null.INSTANCE;
        }

        public Optional<Obj> object(String key) {
            return get(key).flatMap(Json::asObject);
        }

        public Obj objectOrEmpty(String key) {
            return object(key).orElse(EMPTY_OBJECT);
        }

        public List<Json> array(String key) {
            return get(key).flatMap(Json::asArray).map(Arr::items).orElse(List.of());
        }

        public Optional<String> string(String key) {
            return get(key).flatMap(Json::asString);
        }

        public Optional<Long> integer(String key) {
            return get(key).flatMap(v -> v instanceof Num n ? n.asLong() : Optional.empty());
        }

        public Optional<Boolean> bool(String key) {
            return get(key).flatMap(v -> v instanceof Bool b ? Optional.of(b.value()) : Optional.empty());
        }

        /** Returns a copy with {@code key} set; a Java null removes the key. */
        public Obj with(String key, Object value) {
            Map<String, Json> copy = new LinkedHashMap<>(fields);
            if (value == null) {
                copy.remove(key);
            } else {
                copy.put(key, from(value));
            }
            return new Obj(copy);
        }

        public Obj without(String key) {
            return with(key, null);
        }

        public Obj update(String key, UnaryOperator<Obj> change) {
            return with(key, change.apply(objectOrEmpty(key)));
        }

        /** String-valued map field (labels, annotations, matchLabels); non-string values are skipped. */
        public Map<String, String> stringMap(String key) {
            Map<String, String> out = new LinkedHashMap<>();
            objectOrEmpty(key).fields().forEach((k, v) -> v.asString().ifPresent(s -> out.put(k, s)));
            return Collections.unmodifiableMap(out);
        }

        /** String list field (matchLabelKeys, values, nameservers); an item of another type (which decoding refuses) counts as "". */
        public List<String> strings(String key) {
            return array(key).stream().map(item -> item.asString().orElse("")).toList();
        }

        @Override
        public Object toPlain() {
            Map<String, Object> out = new LinkedHashMap<>();
            fields.forEach((k, v) -> out.put(k, v.toPlain()));
            return out;
        }

        @Override
        public String toString() {
            return JsonWriter.write(this);
        }
    }

    record Arr(List<Json> items) implements Json {
        public Arr {
            Json[] copy = new Json[items.size()];
            int i = 0;
            for (Json v : items) {
                copy[i++] = v == null ? Null.INSTANCE : v;
            }
            items = Collections.unmodifiableList(java.util.Arrays.asList(copy));
        }

        @Override
        public Object toPlain() {
            List<Object> out = new ArrayList<>();
            items.forEach(v -> out.add(v.toPlain()));
            return out;
        }

        @Override
        public String toString() {
            return JsonWriter.write(this);
        }
    }

    record Str(String value) implements Json {
        public Str {
            java.util.Objects.requireNonNull(value);
        }

        @Override
        public Object toPlain() {
            return value;
        }
    }

    /** A number; equality is numeric (1 equals 1.0), as JSON decoders into float64 see it. */
    record Num(BigDecimal value) implements Json {
        public Num {
            java.util.Objects.requireNonNull(value);
            value = value.signum() == 0 ? BigDecimal.ZERO : value.stripTrailingZeros();
        }

        public Optional<Long> asLong() {
            try {
                return Optional.of(value.longValueExact());
            } catch (ArithmeticException e) {
                return Optional.empty();
            }
        }

        @Override
        public Object toPlain() {
            return value;
        }
    }

    record Bool(boolean value) implements Json {
        public static final Bool TRUE = new Bool(true);
        public static final Bool FALSE = new Bool(false);

        @Override
        public Object toPlain() {
            return value;
        }
    }

    enum Null implements Json {
        INSTANCE;

        @Override
        public Object toPlain() {
            return null;
        }
    }
}
