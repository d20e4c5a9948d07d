package dev.stateful.domain.validation;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stateful.domain.json.Json;
import java.math.BigDecimal;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** {@code Quantity.String} of a resource quantity after {@code SetDefaults_ResourceList}'s rounding up to thousandths. */
class QuantitiesTest {

    @ParameterizedTest(name = "{0} prints as {1}")
    @CsvSource({
            "1, 1", "1000m, 1", "1.5, 1500m", "0.5, 500m", "1000, 1k", "1500, 1500", "2k, 2k", "0.0001, 1m", "-0.0001, -1m",
            "1Gi, 1Gi", "1024Mi, 1Gi", "1025Mi, 1025Mi", "1.5Gi, 1536Mi", "512, 512", "0.5Ki, 512", "1.5Ki, 1536",
            "1e3, 1e3", "1.5e3, 1500", "1E6, 1e6", "0Gi, 0", "-1Gi, -1Gi", "100M, 100M", "1000M, 1G", "+2, 2", "1., 1"})
    void theCanonicalFormKeepsTheSuffixFamilyAndRoundsUpToThousandths(String written, String printed) {
        assertThat(Quantities.parse(Json.of(written)).orElseThrow().canonical()).isEqualTo(printed);
    }

    @ParameterizedTest(name = "'{0}'")
    @ValueSource(strings = {"", "Gi", "1Gb", "1e", "one", "1.2.3", "--1", "1 Gi"})
    void aValueThatIsNoQuantityIsLeftToDecoding(String written) {
        assertThat(Quantities.parse(Json.of(written))).isEmpty();
    }

    /**
     * ParseQuantity rounds up to nano, the defaulting to milli: a vanishing value is the smallest one,
     * at once. (ApiServerValidationIT has no such case: kube-apiserver 1.36.3 spent over two minutes
     * on a pod template with these two requests before the client gave up.)
     */
    @ParameterizedTest(name = "{0} prints as {1}")
    @CsvSource({"1e-999999999, 1e-3", "-1e-999999999, -1e-3", "1e-1000000000, 1e-3", "1e999999999, 1e999999999", "0e-999999999, 0"})
    void anExtremeExponentWithinThirtyTwoBitsIsAQuantityWorkedOutWithoutItsPowerOfTen(String written, String printed) {
        assertThat(Quantities.parse(Json.of(written)).orElseThrow().canonical()).isEqualTo(printed);
    }

    @ParameterizedTest(name = "'{0}'")
    @ValueSource(strings = {"1e2147483648", "1e-9999999999", "1e-2147483648"})
    void anExponentPastThirtyTwoBitsIsNoQuantity(String written) {
        assertThat(Quantities.parse(Json.of(written))).isEmpty();
    }

    @Test
    void aJsonNumberIsReadAsItsDecimalValue() {
        assertThat(Quantities.parse(new Json.Num(new BigDecimal("1000"))).orElseThrow().canonical()).isEqualTo("1k");
        assertThat(Quantities.parse(new Json.Num(new BigDecimal("0.25"))).orElseThrow().canonical()).isEqualTo("250m");
    }
}
