package dev.stateful.codec;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class JsonParserObjectTest {

    @Test
    void parsing_and_writing_a_small_object_round_trips() {
        String text = "{\"name\":\"www\",\"persistentVolumeClaim\":{\"claimName\":\"www-web-0\"}}";

        assertThat(JsonParser.parseObject(text).toString()).isEqualTo(text);
    }
}
