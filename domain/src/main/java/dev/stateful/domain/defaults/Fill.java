package dev.stateful.domain.defaults;

import dev.stateful.domain.json.Json;
import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;

/**
 * Go's "is it unset?" tests, over JSON. A Go field decoded from JSON cannot tell absent from
 * {@code null}, and a non-pointer field cannot tell either from its zero value, so upstream defaulting
 * fills: pointers when absent/null, strings when also "", numbers when also 0. A value of the wrong
 * JSON type is left alone (the codec reports it).
 */
final class Fill {

    private Fill() {
    }

    /** For pointer fields ({@code *int32}, {@code *PodSecurityContext}, ...). */
    static Json.Obj ifAbsent(Json.Obj obj, String key, Object value) {
        return isAbsent(obj.fields().get(key)) ? obj.with(key, value) : obj;
    }

    /** For string fields: absent, null or "". */
    static Json.Obj ifEmpty(Json.Obj obj, String key, Object value) {
        Json current = obj.fields().get(key);
        boolean empty = isAbsent(current) || current.asString().map(String::isEmpty).orElse(false);
        return empty ? obj.with(key, value) : obj;
    }

    /** For int fields: absent, null or 0. */
    static Json.Obj ifZero(Json.Obj obj, String key, Object value) {
        Json current = obj.fields().get(key);
        boolean zero = isAbsent(current) || (current instanceof Json.Num n && n.value().signum() == 0);
        return zero ? obj.with(key, value) : obj;
    }

    /** Applies {@code change} to an existing nested object (Go only defaults non-nil pointers). */
    static Json.Obj inObject(Json.Obj obj, String key, UnaryOperator<Json.Obj> change) {
        return obj.object(key).map(inner -> obj.with(key, change.apply(inner))).orElse(obj);
    }

    /** Like {@link #inObject} but starts from {} when absent: for struct (non-pointer) fields. */
    static Json.Obj inStruct(Json.Obj obj, String key, UnaryOperator<Json.Obj> change) {
        Json current = obj.fields().get(key);
        if (isAbsent(current)) {
            return obj.with(key, change.apply(Json.EMPTY_OBJECT));
        }
        return current instanceof Json.Obj inner ? obj.with(key, change.apply(inner)) : obj;
    }

    /** Applies {@code change} to every object of an array field; other items stay as they are. */
    static Json.Obj eachOf(Json.Obj obj, String key, UnaryOperator<Json.Obj> change) {
        Json current = obj.fields().get(key);
        if (!(current instanceof Json.Arr array)) {
            return obj;
        }
        List<Json> items = new ArrayList<>();
        for (Json item : array.items()) {
            items.add(item instanceof Json.Obj o ? change.apply(o) : item);
        }
        return obj.with(key, new Json.Arr(items));
    }

    static boolean isAbsent(Json value) {
        return value == null || value == Json.Null.INSTANCE;
    }
}
