package dev.stateful.domain.defaults;

import dev.stateful.domain.json.Json;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
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

    /** {@link #ifEmpty} for a default that costs something to work out: computed only when it is needed. */
    static Json.Obj ifEmptyComputed(Json.Obj obj, String key, Supplier<?> value) {
        Json current = obj.fields().get(key);
        boolean empty = isAbsent(current) || current.asString().map(String::isEmpty).orElse(false);
        return empty ? obj.with(key, value.get()) : obj;
    }

    /** For int fields: absent, null or 0. */
    static Json.Obj ifZero(Json.Obj obj, String key, Object value) {
        Json current = obj.fields().get(key);
        boolean zero = isAbsent(current) || (current instanceof Json.Num n && n.value().signum() == 0);
        return zero ? obj.with(key, value) : obj;
    }

    /** Applies {@code change} to an existing nested object (Go only defaults non-nil pointers). */
    static Json.Obj inObject(Json.Obj obj, String key, UnaryOperator<Json.Obj> change) {
        return obj.fields().get(key) instanceof Json.Obj inner ? replaced(obj, key, inner, change.apply(inner)) : obj;
    }

    /** Like {@link #inObject} but starts from {} when absent: for struct (non-pointer) fields. */
    static Json.Obj inStruct(Json.Obj obj, String key, UnaryOperator<Json.Obj> change) {
        Json current = obj.fields().get(key);
        if (isAbsent(current)) {
            return obj.with(key, change.apply(Json.EMPTY_OBJECT));
        }
        return current instanceof Json.Obj inner ? replaced(obj, key, inner, change.apply(inner)) : obj;
    }

    /** Applies {@code change} to every object of an array field; other items stay as they are. */
    static Json.Obj eachOf(Json.Obj obj, String key, UnaryOperator<Json.Obj> change) {
        Json current = obj.fields().get(key);
        if (!(current instanceof Json.Arr array)) {
            return obj;
        }
        List<Json> items = null;
        List<Json> old = array.items();
        for (int i = 0; i < old.size(); i++) {
            Json item = old.get(i);
            Json changed = item instanceof Json.Obj o ? change.apply(o) : item;
            if (items == null && changed != item) {
                items = new ArrayList<>(old.subList(0, i));
            }
            if (items != null) {
                items.add(changed);
            }
        }
        return items == null ? obj : obj.with(key, new Json.Arr(items));
    }

    /**
     * {@code obj} with {@code key}'s object {@code inner} replaced by {@code changed}: {@code obj} itself
     * when nothing changed, so defaulting an object that has its defaults copies nothing (the planner
     * defaults every set it is given, and a request brings a new one each time).
     */
    private static Json.Obj replaced(Json.Obj obj, String key, Json.Obj inner, Json.Obj changed) {
        return changed == inner ? obj : obj.with(key, changed);
    }

    static boolean isAbsent(Json value) {
        return value == null || value == Json.Null.INSTANCE;
    }
}
