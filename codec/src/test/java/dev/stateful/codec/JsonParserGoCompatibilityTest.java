package dev.stateful.codec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.stateful.domain.json.Json;
import dev.stateful.domain.json.JsonException;
import dev.stateful.domain.json.JsonWriter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * JsonParser must read what Go's decoder reads, so that JsonWriter gives back the bytes Go 1.22+
 * {@code json.Marshal} produces: revision hashes are computed over these bytes.
 */
class JsonParserGoCompatibilityTest {

    @Test
    void outputIsCompact() {
        Json json = JsonParser.parse(" { \"z\" : [ 1 , { \"y\" : null , \"x\" : true } ] , \"a\" : { } , \"e\" : [ ] } ");
        assertThat(JsonWriter.write(json)).isEqualTo("{\"a\":{},\"e\":[],\"z\":[1,{\"x\":true,\"y\":null}]}");
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource({
        "30, 30",
        "30.0, 30",
        "3e1, 30",
        "0.5, 0.5",
        "-2.5, -2.5",
        "100, 100",
        "1e6, 1000000",
        "12345678.9, 12345678.9",
        "0.1, 0.1",
        "0.3333333333333333, 0.3333333333333333",
        "1e20, 100000000000000000000",
        "1e21, 1e+21",
        "1e23, 1e+23",
        "-1.5e300, -1.5e+300",
        "1.7976931348623157e308, 1.7976931348623157e+308",
        "0.000001, 0.000001",
        "1e-7, 1e-7",
        "1.5e-7, 1.5e-7",
        "1.2345e-10, 1.2345e-10",
        "5e-324, 5e-324",
        "5.684341886080802E-14, 5.684341886080802e-14",
        // JDK 17 Double.toString gives 2.82879384806159008E17 here; Go's shortest is 2.82879384806159e17
        "2.82879384806159E17, 282879384806159000",
        // integers beyond 2^53 go through float64 like Go's interface{} decoding
        "123456789012345678, 123456789012345680",
        "9007199254740993, 9007199254740992",
        "0, 0",
        "0.0, 0"
    })
    void numbersAreFormattedAsGoFormatsFloat64(String input, String expected) {
        assertThat(JsonWriter.write(JsonParser.parse(input))).isEqualTo(expected);
    }

    @Test
    void numbersBeyondFloat64AreRejected() {
        assertThatThrownBy(() -> JsonWriter.write(JsonParser.parse("1e400"))).isInstanceOf(JsonException.class);
    }

    // ---------------------------------------------------------------- parser

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"01", "-01", "00", "-", "1.", ".5", "1e", "+1", "\u0661", "1\u0661", "\"\\u+041\"", "\"\\u00g1\"",
        "\"\\u\uff10041\"", "\"a\nb\"", "[1,]", "{\"a\":1,}", "nul", "1 2"})
    void parserRejectsWhatGoRejects(String text) {
        assertThatThrownBy(() -> JsonParser.parse(text)).isInstanceOf(JsonException.class);
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"0", "-0", "0.5", "10", "-10.25e+3", "1E-2"})
    void parserAcceptsRfc8259Numbers(String text) {
        assertThat(JsonParser.parse(text)).isInstanceOf(Json.Num.class);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "escaped pair           | \"\\ud83d\\ude00\"  | \ud83d\ude00",
        "lone high              | \"\\ud83d\"         | \ufffd",
        "lone low               | \"\\ude00x\"        | \ufffdx",
        "high then non-surrogate| \"\\ud83d\\u0041\"  | \ufffdA",
        "high then high         | \"\\ud83d\\ud83d\\ude00\" | \ufffd\ud83d\ude00",
        "raw lone surrogate     | \"a\ud800b\"        | a\ufffdb",
        "raw pair               | \"\ud83d\ude00\"    | \ud83d\ude00",
        "upper-case hex         | \"\\u00E9\\u00e9\"  | éé"
    })
    void unicodeEscapesDecodeLikeGo(String what, String text, String expected) {
        assertThat(JsonParser.parse(text)).isEqualTo(Json.of(expected));
    }

    @Test
    void parseThenWriteRoundTripsGoOutput() {
        String go = "{\"a\":[1,2.5,\"\\u003c\\u0026\\u003e\",true,false,null],\"b\":{\"c\":\"\\u2028\\n\"},\"d\":1e+21}";
        assertThat(JsonWriter.write(JsonParser.parse(go))).isEqualTo(go);
    }
}
