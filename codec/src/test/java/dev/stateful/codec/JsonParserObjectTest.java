package dev.stateful.codec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

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
}
