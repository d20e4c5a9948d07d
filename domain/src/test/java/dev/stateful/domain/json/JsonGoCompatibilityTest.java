package dev.stateful.domain.json;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * JsonWriter must produce the bytes Go 1.22+ {@code json.Marshal} produces for the same
 * {@code map[string]interface{}}: revision hashes are computed over these bytes
 * (what the parser must read is checked beside it, in the codec's JsonParserGoCompatibilityTest). Expected outputs were taken from Go's documented rules and cross-checked
 * with a shortest-round-trip formatter.
 */
class JsonGoCompatibilityTest {

    // ---------------------------------------------------------------- strings

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', value = {
        "html special characters   | <a href=\"x\">&</a>  | \"\\u003ca href=\\\"x\\\"\\u003e\\u0026\\u003c/a\\u003e\"",
        "line and paragraph sep.   | a\u2028b\u2029c     | \"a\\u2028b\\u2029c\"",
        "short escapes             | \"\\/               | \"\\\"\\\\/\"",
        "non-ASCII stays raw       | é😀ü                | \"é😀ü\"",
        "DEL is not escaped        | \u007f              | \"\u007f\""
    })
    void stringsAreEscapedLikeGo(String what, String value, String expected) {
        assertThat(JsonWriter.write(Json.of(value))).isEqualTo(expected);
    }

    @Test
    void controlCharactersUseGo122Escapes() {
        assertThat(JsonWriter.write(Json.of("\n\r\t"))).isEqualTo("\"\\n\\r\\t\"");
        // Go 1.22 (Kubernetes 1.30+) writes \b and \f; older Go wrote \u0008 and \u000c
        assertThat(JsonWriter.write(Json.of("\b\f"))).isEqualTo("\"\\b\\f\"");
        assertThat(JsonWriter.write(Json.of("\u0000\u0001\u000b\u001f"))).isEqualTo("\"\\u0000\\u0001\\u000b\\u001f\"");
    }

    @Test
    void loneSurrogatesAreWrittenAsEscapedReplacementCharacters() {
        // a lone surrogate is the Java analogue of invalid UTF-8, which Go writes as \ufffd
        assertThat(JsonWriter.write(Json.of("a\ud800b\udc00"))).isEqualTo("\"a\\ufffdb\\ufffd\"");
    }

    @Test
    void objectKeysAreSortedByUtf8BytesAndEscaped() {
        Json.Obj obj = Json.object("b", 1, "a", 2, "\uff61", 3, "\ud83d\ude00", 4, "<", 5, "B", 6);
        // UTF-16 order would put the emoji (D83D) before U+FF61; UTF-8 puts EF.. before F0..
        assertThat(JsonWriter.write(obj)).isEqualTo("{\"\\u003c\":5,\"B\":6,\"a\":2,\"b\":1,\"\uff61\":3,\"\ud83d\ude00\":4}");
    }

    // ---------------------------------------------------------------- numbers

    @Test
    void randomDoublesAreWrittenWithTheShortestDigitsThatReadBack() {
        long base = new Random().nextLong();
        for (int run = 0; run < 1_500; run++) {
            long seed = base + run;
            double d = Double.longBitsToDouble(new Random(seed).nextLong());
            if (Double.isNaN(d) || Double.isInfinite(d) || d == 0) {
                continue;
            }
            String written = JsonWriter.number(new BigDecimal(d));
            String context = "seed " + seed + ", value " + d + ", written " + written;
            assertThat(Double.parseDouble(written)).as(context).isEqualTo(d);
            int digits = new BigDecimal(written).stripTrailingZeros().precision();
            if (digits > 1) {
                BigDecimal exact = new BigDecimal(d);
                for (RoundingMode mode : new RoundingMode[] {RoundingMode.FLOOR, RoundingMode.CEILING}) {
                    assertThat(exact.round(new MathContext(digits - 1, mode)).doubleValue()).as(context).isNotEqualTo(d);
                }
            }
            double abs = Math.abs(d);
            assertThat(written.contains("e")).as(context).isEqualTo(abs < 1e-6 || abs >= 1e21);
        }
    }

}
