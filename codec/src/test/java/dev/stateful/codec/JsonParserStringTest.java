package dev.stateful.codec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.stateful.domain.json.Json;
import dev.stateful.domain.json.JsonException;
import dev.stateful.domain.json.JsonWriter;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Strings: the common case is taken whole, everything else decoded character by character. */
class JsonParserStringTest {

    static String parseString(String json) {
        return ((Json.Str) JsonParser.parse(json)).value();
    }

    @Test
    void aStringWithoutEscapesIsTakenAsItIs() {
        assertThat(parseString("\"nginx:1.25\"")).isEqualTo("nginx:1.25");
        assertThat(parseString("\"\"")).isEmpty();
    }

    @Test
    void anEscapeAnywhereInTheStringIsDecoded() {
        assertThat(parseString("\"abc\\ndef\"")).isEqualTo("abc\ndef");
        assertThat(parseString("\"\\u0041bc\"")).isEqualTo("Abc");
        assertThat(parseString("\"abc\\\"\"")).isEqualTo("abc\"");
    }

    @Test
    void aRawControlCharacterOrAMissingQuoteIsAnError() {
        assertThatThrownBy(() -> JsonParser.parse("\"ab\u0001c\"")).isInstanceOf(JsonException.class).hasMessageContaining("control character");
        assertThatThrownBy(() -> JsonParser.parse("\"abc")).isInstanceOf(JsonException.class).hasMessageContaining("unterminated");
        assertThatThrownBy(() -> JsonParser.parse("\"abc\\")).isInstanceOf(JsonException.class).hasMessageContaining("unterminated");
    }

    @Test
    void anyStringTheWriterProducesParsesBackToItself() {
        Random random = new Random(20261129L);
        char[] alphabet = {'a', 'Z', '0', ' ', '"', '\\', '/', '\n', '\t', '\u0001', '\u007f', '\u00e9', '<', '&', '\u2028', '\ud83d', '\ude00'};
        for (int i = 0; i < 5_000; i++) {
            StringBuilder s = new StringBuilder();
            int length = random.nextInt(12);
            for (int j = 0; j < length; j++) {
                s.append(alphabet[random.nextInt(alphabet.length)]);
            }
            String value = s.toString();
            String written = JsonWriter.write(Json.of(value));
            // lone surrogates are written as U+FFFD, as Go writes invalid UTF-8
            String expected = value.codePoints().mapToObj(cp -> Character.isSurrogate((char) cp) && Character.charCount(cp) == 1
                    ? "\ufffd" : new String(Character.toChars(cp))).reduce("", String::concat);
            assertThat(parseString(written)).as("%s written as %s", value, written).isEqualTo(expected);
        }
    }
}
