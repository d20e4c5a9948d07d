package dev.stateful.codec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.stateful.domain.json.Json;
import dev.stateful.domain.json.JsonException;
import java.util.List;
import org.junit.jupiter.api.Test;

class JsonParserObjectTest {

    @Test
    void parsing_and_writing_a_small_object_round_trips() {
        String text = "{\"name\":\"www\",\"persistentVolumeClaim\":{\"claimName\":\"www-web-0\"}}";

        assertThat(JsonParser.parseObject(text).toString()).isEqualTo(text);
    }

    @Test
    void the_member_at_a_skipped_path_is_passed_over_and_everything_else_read() {
        String text = "{\"metadata\":{\"name\":\"web-0\",\"managedFields\":[{\"manager\":\"m\",\"fieldsV1\":{\"f:spec\":{}}}],"
                + "\"resourceVersion\":\"7\"},\"managedFields\":1,\"spec\":{}}";

        assertThat(JsonParser.parseObject(text, List.of("metadata", "managedFields")))
                .isEqualTo(JsonParser.parseObject("{\"metadata\":{\"name\":\"web-0\",\"resourceVersion\":\"7\"},\"managedFields\":1,\"spec\":{}}"));
    }

    @Test
    void skipping_refuses_what_parsing_refuses() {
        assertThatThrownBy(() -> JsonParser.parseObject("[1]", List.of("metadata"))).isInstanceOf(JsonException.class)
                .hasMessageContaining("expected a JSON object");
        assertThatThrownBy(() -> JsonParser.parseObject("{} {}", List.of("metadata"))).isInstanceOf(JsonException.class)
                .hasMessageContaining("trailing");
    }

    @Test
    void an_unclosed_object_or_array_is_said_in_words_without_the_parsers_internals() {
        assertThatThrownBy(() -> JsonParser.parseObject("{\"a\":1")).isInstanceOf(JsonException.class)
                .hasMessageContaining("unexpected end of input: an object is not closed").hasMessageNotContaining("REDACTED")
                .hasMessageNotContaining("offset -1");
        assertThatThrownBy(() -> JsonParser.parseObject("{\"a\":[1,2")).isInstanceOf(JsonException.class)
                .hasMessageContaining("unexpected end of input: an array is not closed").hasMessageNotContaining("StreamReadFeature");
    }

    /** Cached trees share one copy of each key, however the parser got it. */
    @Test
    void keys_are_interned_whether_read_from_text_from_a_tree_or_with_a_surrogate_replaced() {
        String novel = "k-" + System.nanoTime();
        String text = "{\"" + novel + "\":{\"" + novel + "-inner\":[{\"" + novel + "-item\":1}]},\"\\ud800" + novel + "\":2}";

        Json.Obj fromText = JsonParser.parseObject(text);
        Json.Obj fromTree = JsonParser.readObject(tools.jackson.databind.json.JsonMapper.builder().build().readTree(text));

        for (Json.Obj tree : List.of(fromText, fromTree)) {
            assertThat(keys(tree)).hasSize(4).allSatisfy(key -> assertThat(key).isSameAs(key.intern()));
            assertThat(keys(tree)).contains("\ufffd" + novel);
        }
    }

    private static List<String> keys(Json json) {
        List<String> keys = new java.util.ArrayList<>();
        if (json instanceof Json.Obj o) {
            o.fields().forEach((k, v) -> {
                keys.add(k);
                keys.addAll(keys(v));
            });
        } else if (json instanceof Json.Arr a) {
            a.items().forEach(item -> keys.addAll(keys(item)));
        }
        return keys;
    }
}
