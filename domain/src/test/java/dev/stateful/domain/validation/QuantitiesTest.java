package dev.stateful.domain.validation;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stateful.domain.json.Json;
import java.math.BigDecimal;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** A quantity as {@code Quantity.UnmarshalJSON} decodes it and {@code SetDefaults_ResourceList} rounds it (ParseQuantity itself: QuantityTest). */
class QuantitiesTest {

    @ParameterizedTest(name = "{0} prints as {1}")
    @CsvSource({"1.5, 1500m", "0.0001, 1m", "-0.0001, -1m", "1n, 1m", "1000m, 1", "+2, +2", "1Gi, 1Gi"})
    void aResourceListQuantityIsRoundedUpToThousandths(String written, String printed) {
        assertThat(Quantities.parse(Json.of(written)).orElseThrow().canonical()).isEqualTo(printed);
    }

    @ParameterizedTest(name = "{0} prints as {1}")
    @CsvSource({"1u, 1u", "0.0001, 100u", "1m, 1m"})
    void aQuantityOutsideAResourceListIsNotRounded(String written, String printed) {
        assertThat(Quantities.decode(Json.of(written)).orElseThrow().canonical()).isEqualTo(printed);
    }

    /** TestJSONWhitespace: UnmarshalJSON trims with strings.TrimSpace, which ParseQuantity itself would refuse. */
    @ParameterizedTest(name = "''{0}''")
    @ValueSource(strings = {" 1", "1 ", " -1", "\u00a01\u3000", "\t1\n"})
    void whitespaceAroundAStringQuantityIsTrimmed(String written) {
        assertThat(Quantities.parse(Json.of(written)).orElseThrow().value().abs()).isEqualByComparingTo("1");
    }

    @ParameterizedTest(name = "''{0}''")
    @ValueSource(strings = {"", "1 Gi", "\u00001", "1Gb", "1e"})
    void aValueThatIsNoQuantityIsLeftToDecoding(String written) {
        assertThat(Quantities.parse(Json.of(written))).isEmpty();
    }

    @Test
    void aJsonNumberIsReadAsItsDecimalValue() {
        assertThat(Quantities.parse(new Json.Num(new BigDecimal("1e3"))).orElseThrow().canonical()).isEqualTo("1k");
        assertThat(Quantities.parse(new Json.Num(new BigDecimal("0.25"))).orElseThrow().canonical()).isEqualTo("250m");
        assertThat(Quantities.parse(new Json.Num(new BigDecimal("-2"))).orElseThrow().canonical()).isEqualTo("-2");
    }

    @Test
    void aJsonNumberIsReadAsEncodingJsonPrintsItsFloat64() {
        // below 1e-6 Go prints an exponent ("1e-7"), which keeps ParseQuantity's DecimalExponent through the rounding
        assertThat(Quantities.parse(new Json.Num(new BigDecimal("0.0000001"))).orElseThrow().canonical()).isEqualTo("1e-3");
        assertThat(Quantities.parse(new Json.Num(new BigDecimal("2.5e21"))).orElseThrow().canonical()).isEqualTo("2500e18");
    }

    @Test
    void aJsonNumberPastFloat64IsNoQuantity() {
        // no client can send it; spelled out plainly it would be a billion digits
        assertThat(Quantities.parse(new Json.Num(new BigDecimal("1e999999999")))).isEmpty();
    }
}
