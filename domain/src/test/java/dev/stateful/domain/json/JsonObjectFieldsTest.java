package dev.stateful.domain.json;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The fields of a JSON object, whatever their size: ordered, immutable, compared as maps. */
class JsonObjectFieldsTest {

    static Map<String, Json> fields(int n) {
        Map<String, Json> out = new LinkedHashMap<>();
        for (int i = n; i > 0; i--) {
            out.put("k" + i, Json.of(i));
        }
        return out;
    }

    @Test
    void fields_keep_their_insertion_order_small_or_large() {
        for (int n : new int[] {0, 1, 2, 8, 9, 30}) {
            Json.Obj obj = new Json.Obj(fields(n));

            assertThat(new ArrayList<>(obj.fields().keySet())).isEqualTo(new ArrayList<>(fields(n).keySet()));
            List<String> visited = new ArrayList<>();
            obj.fields().forEach((k, v) -> visited.add(k));
            assertThat(visited).isEqualTo(new ArrayList<>(fields(n).keySet()));
        }
    }

    @Test
    void lookups_find_every_field_and_only_those() {
        for (int n : new int[] {1, 8, 9}) {
            Json.Obj obj = new Json.Obj(fields(n));

            for (int i = 1; i <= n; i++) {
                assertThat(obj.fields().get("k" + i)).isEqualTo(Json.of(i));
                assertThat(obj.fields().containsKey("k" + i)).isTrue();
            }
            assertThat(obj.fields().get("absent")).isNull();
            assertThat(obj.fields().containsKey("absent")).isFalse();
            assertThat(obj.fields()).hasSize(n);
        }
    }

    @Test
    void objects_with_the_same_fields_are_equal_in_any_order_and_hash_alike() {
        Map<String, Json> reversed = new HashMap<>(fields(3));
        Json.Obj a = new Json.Obj(fields(3));
        Json.Obj b = new Json.Obj(reversed);

        assertThat(a).isEqualTo(b).hasSameHashCodeAs(b);
        assertThat(a.fields()).isEqualTo(fields(3)).hasSameHashCodeAs(fields(3));
        assertThat(a).isNotEqualTo(a.with("k4", 4));
    }

    @Test
    void a_java_null_field_becomes_json_null() {
        Map<String, Json> withNull = new LinkedHashMap<>();
        withNull.put("a", null);

        assertThat(new Json.Obj(withNull).fields().get("a")).isEqualTo(Json.Null.INSTANCE);
        assertThat(new Json.Arr(java.util.Arrays.asList(Json.of(1), null)).items()).containsExactly(Json.of(1), Json.Null.INSTANCE);
    }

    @Test
    void fields_and_items_cannot_be_changed_nor_change_with_their_source() {
        Map<String, Json> source = fields(2);
        Json.Obj obj = new Json.Obj(source);
        List<Json> items = new ArrayList<>(List.of(Json.of(1)));
        Json.Arr arr = new Json.Arr(items);

        source.put("k9", Json.of(9));
        items.add(Json.of(2));

        assertThat(obj.fields()).hasSize(2);
        assertThat(arr.items()).hasSize(1);
        assertThatThrownBy(() -> obj.fields().put("x", Json.of(1))).isInstanceOf(UnsupportedOperationException.class);
        assertThatThrownBy(() -> obj.fields().entrySet().iterator().remove()).isInstanceOf(RuntimeException.class);
        assertThatThrownBy(() -> arr.items().add(Json.of(3))).isInstanceOf(UnsupportedOperationException.class);
        assertThatThrownBy(() -> arr.items().set(0, Json.of(3))).isInstanceOf(UnsupportedOperationException.class);
    }
}
