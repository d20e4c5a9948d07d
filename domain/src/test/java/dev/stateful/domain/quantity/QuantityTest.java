package dev.stateful.domain.quantity;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** {@code resource.ParseQuantity}, {@code Quantity.String}, {@code Quantity.Cmp} and {@code Quantity.RoundUp}, most rows ported from quantity_test.go. */
class QuantityTest {

    /** TestQuantityParse's table, each row also with an explicit '-' (negated) and '+' (the same), as upstream tries them. */
    @ParameterizedTest(name = "{0} is {1}, {2}")
    @CsvSource({
            "0, 0, DECIMAL_SI", "0n, 0, DECIMAL_SI", "0m, 0, DECIMAL_SI", "0Ki, 0, BINARY_SI", "0T, 0, DECIMAL_SI", "1, 1, DECIMAL_SI",
            // binary suffixes
            "1Ki, 1024, BINARY_SI", "8Ki, 8192, BINARY_SI", "7Mi, 7340032, BINARY_SI", "6Gi, 6442450944, BINARY_SI",
            "5Ti, 5497558138880, BINARY_SI", "4Pi, 4503599627370496, BINARY_SI", "3Ei, 3458764513820540928, BINARY_SI",
            // decimal suffixes: 'E' alone is exa
            "5n, 5e-9, DECIMAL_SI", "4u, 4e-6, DECIMAL_SI", "3m, 0.003, DECIMAL_SI", "50k, 50000, DECIMAL_SI", "7M, 7e6, DECIMAL_SI",
            "6G, 6e9, DECIMAL_SI", "300T, 3e14, DECIMAL_SI", "2P, 2e15, DECIMAL_SI", "1E, 1e18, DECIMAL_SI",
            // decimal exponents, either letter, a signed exponent
            "1E-3, 0.001, DECIMAL_EXPONENT", "1e3, 1000, DECIMAL_EXPONENT", "1E18, 1e18, DECIMAL_EXPONENT", "1e13, 1e13, DECIMAL_EXPONENT",
            "1.3E+6, 1300000, DECIMAL_EXPONENT", "0.5e-2, 0.005, DECIMAL_EXPONENT",
            // things that look like floating point
            "100.035k, 100035, DECIMAL_SI", "0.0005k, 0.5, DECIMAL_SI", "0.00500, 0.005, DECIMAL_SI", "10.035M, 10035000, DECIMAL_SI",
            "6.987654321G, 6987654321, DECIMAL_SI", "1.01E, 1.01e18, DECIMAL_SI",
            // things that saturate or round: up to nano, away from zero; BinarySI capped at 2^63-1
            "3.001n, 4e-9, DECIMAL_SI", "1.1E-9, 2e-9, DECIMAL_EXPONENT", "0.0000000001, 1e-9, DECIMAL_SI", "0.9n, 1e-9, DECIMAL_SI",
            "0.00000012345, 124e-9, DECIMAL_SI", "9Ei, 9223372036854775807, BINARY_SI", "9223372036854775807Ki, 9223372036854775807, BINARY_SI",
            "12E, 12e18, DECIMAL_SI",
            // fractional binary; below 1 it is DecimalSI
            "100.035Ki, 102435.84, BINARY_SI", "0.5Mi, 524288, BINARY_SI", "0.05Gi, 53687091.2, BINARY_SI", "0.000000000001Ki, 2e-9, DECIMAL_SI",
            // things written by trolls
            ".001, 0.001, DECIMAL_SI", ".0001k, 0.1, DECIMAL_SI", "1., 1, DECIMAL_SI", "1.G, 1e9, DECIMAL_SI"})
    void aQuantityIsItsNumberTimesItsSuffixInTheSuffixFormat(String text, BigDecimal value, Format format) {
        assertParses(text, value, format);
        assertParses("-" + text, value.negate(), format);
        assertParses("+" + text, value, format);
    }

    /** TestParseQuantityString's "." and "-.": parseQuantityString reads no digits as zero, and so does a lone sign or suffix. */
    @ParameterizedTest(name = "''{0}'' is zero")
    @ValueSource(strings = {".", "-.", "+", "-", "-0", "00", ".m", "k", "Gi", "e3", "E", ".Ki"})
    void aNumberWithoutDigitsIsZero(String text) {
        assertThat(Quantity.parse(text).orElseThrow().signum()).isZero();
        assertThat(Quantity.parse(text).orElseThrow().canonical()).isEqualTo("0");
    }

    /** TestQuantityParse's invalid list, the empty string, and what the scanner or suffixer refuses. */
    @ParameterizedTest(name = "''{0}''")
    @ValueSource(strings = {"", "1.1.M", "1+1.0M", "0.1mi", "0.1am", "aoeu", ".5i", "1i", "-3.01i", "-3.01e-", " 1", "1 ",
            "1e", "1K", "1Gb", "one", "1.2.3", "--1", "1 Gi", "1e3.5", "1e+-3", "1eE3",
            // no digits on the inf.Dec path (an exponent finer than nano; Pi and Ei): inf.Dec's SetString reads none
            ".e-10", ".Pi", "-.Ei"})
    void textOutsideTheGrammarIsNoQuantity(String text) {
        assertThat(Quantity.parse(text)).isEmpty();
    }

    /** README, deliberate differences (QUANTITY_EXPONENTS_BOUNDED): upstream would keep the exponent's low 32 bits. */
    @ParameterizedTest(name = "''{0}''")
    @ValueSource(strings = {"1e2147483648", "1e-9999999999", "1e9999999999", "1e-2147483648", "1.5e-2147483647"})
    void anExponentPastThirtyTwoBitsIsNoQuantity(String text) {
        assertThat(Quantity.parse(text)).isEmpty();
    }

    @ParameterizedTest(name = "{0} is {1}")
    @CsvSource({"1e-999999999, 1e-9", "-1e-999999999, -1e-9", "1e-1000000000, 1e-9", "0e-999999999, 0", "1e999999999, 1e999999999"})
    void anExtremeExponentWithinThirtyTwoBitsIsWorkedOutWithoutItsPowerOfTen(String text, BigDecimal value) {
        assertThat(Quantity.parse(text).orElseThrow().value()).isEqualByComparingTo(value);
    }

    /** TestQuantityParseEmit, each row also negated, and TestQuantityString's alternate spellings. */
    @ParameterizedTest(name = "{0} prints as {1}")
    @CsvSource({"1Ki, 1Ki", "1024Mi, 1Gi", "1000M, 1G", ".001Ki, 1024m", ".000001Ki, 1024u", ".000000001Ki, 1024n", ".000000000001Ki, 2n",
            "307200Ki, 300Mi", "1025024Mi, 1001Gi", "1024Gi, 1Ti", "5000m, 5", "0.5, 500m", "0.001T, 1G", "1000u, 1m", "1.08, 1080m",
            "1080000000n, 1080m", ".001e12, 1e9", "0.001e0, 1e-3", "1000e-12, 1e-9", "1.5Gi, 1536Mi", "1.5, 1500m", "1500, 1500",
            "0.5Ki, 512", "1.5Ki, 1536", "1.5e3, 1500", "10e2999, 1e3000", "1000E, 1"})
    void theCanonicalFormIsTheLargestSuffixOfTheFormatThatKeepsTheNumberWhole(String text, String printed) {
        assertThat(Quantity.parse(text).orElseThrow().canonical()).isEqualTo(printed);
        assertThat(Quantity.parse("-" + text).orElseThrow().canonical()).isEqualTo("-" + printed);
    }

    /** TestQuantityString's canonical strings, which ParseQuantity keeps ("did not copy canonical string on parse"). */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"1Gi", "300Mi", "6Ki", "5", "500m", "1G", "1m", "80m", "1080m", "300M", "1T", "1234567M", "3k", "1025", "0",
            "1e9", "1e-3", "1e-9", "80e-3", "300e6", "1e12", "3e3", "1n", "80n", "1080n", "1u", "1080u"})
    void aCanonicalQuantityPrintsAsWritten(String text) {
        assertThat(Quantity.parse(text).orElseThrow().canonical()).isEqualTo(text);
    }

    /**
     * ParseQuantity's int64 path keeps the text when its digits need no other suffix (not ending in 000, no leading
     * 0 after the zeros it strips; a binary count no multiple of 8), whatever its sign, zeros, point or exponent letter.
     */
    @ParameterizedTest(name = "{0} prints as {1}")
    @CsvSource({"+2, +2", "02, 02", "-02, -02", "1E3, 1E3", "1e+3, 1e+3", "1., 1.", "1.500, 1.500", "+1025Mi, +1025Mi", "1.Ki, 1.Ki",
            "01Gi, 01Gi", "+1024Mi, 1Gi", "+2000, 2k", "+0.5, 500m", "0.500, 500m", "+1Pi, 1Pi", "+1.5e3, 1500"})
    void aSpellingInCanonicalFormIsKeptAsWritten(String text, String printed) {
        assertThat(Quantity.parse(text).orElseThrow().canonical()).isEqualTo(printed);
    }

    /** TestQuantityCmp, and the storage sizes claim resizing compares. */
    @ParameterizedTest(name = "{0} against {1}: {2}")
    @CsvSource({"0, 0, 0", "100m, 50m, 1", "50m, 100m, -1", "10000T, 100Gi, 1", "1Gi, 15e8, -1", "1Gi, 1024Mi, 0", "1G, 1Gi, -1", "-1Gi, 0, -1"})
    void quantitiesCompareByValueWhateverTheirFormat(String x, String y, int expected) {
        assertThat(Integer.signum(Quantity.parse(x).orElseThrow().compareTo(Quantity.parse(y).orElseThrow()))).isEqualTo(expected);
    }

    /** TestQuantityRoundUp: away from zero, to a number of decimal places (upstream's scale, negated). */
    @ParameterizedTest(name = "{0} to {1} places is {2}")
    @CsvSource({"9.01, 3, 9.01", "9.01, 2, 9.01", "9.01, 1, 9.1", "9.01, 0, 10", "9.01, -1, 10", "9.01, -2, 100",
            "-9.01, 3, -9.01", "-9.01, 1, -9.1", "-9.01, 0, -10", "-9.01, -2, -100", "0.0001, 3, 0.001", "-0.0001, 3, -0.001"})
    void roundingUpGoesAwayFromZero(String text, int places, BigDecimal expected) {
        assertThat(Quantity.parse(text).orElseThrow().roundUp(places).value()).isEqualByComparingTo(expected);
    }

    /** Quantity.RoundUp clears the kept text only when the value changes. */
    @ParameterizedTest(name = "{0} to thousandths prints as {1}")
    @CsvSource({"+2, +2", "1E6, 1E6", "1.000001, 1001m", "1n, 1m", "-1n, -1m", "1.500, 1.500", "1.5Gi, 1536Mi", "0.0001Ki, 103m"})
    void roundingUpForgetsTheSpellingOnlyOfAValueItChanges(String text, String printed) {
        assertThat(Quantity.parse(text).orElseThrow().roundUp(3).canonical()).isEqualTo(printed);
    }

    private static void assertParses(String text, BigDecimal value, Format format) {
        Quantity quantity = Quantity.parse(text).orElseThrow(() -> new AssertionError(text + " did not parse"));
        assertThat(quantity.value()).as(text).isEqualByComparingTo(value);
        assertThat(quantity.format()).as(text).isEqualTo(format);
    }

    /** {@code Quantity.Add}: the receiver's format unless it is zero, the sum's own canonical form (the spellings forgotten). */
    @ParameterizedTest(name = "{0} + {1} prints as {2}")
    @CsvSource({"500m, 600m, 1100m", "4Mi, 2Mi, 6Mi", "1Ki, 1024, 2Ki", "1024, 1Ki, 2048", "1Gi, 500M, 1573741824", "0, 1Ki, 1Ki", "+2, 0, 2", "1e3, 1, 1001"})
    void aSumKeepsTheFormatOfItsFirstNonZeroTerm(String first, String second, String printed) {
        assertThat(Quantity.parse(first).orElseThrow().plus(Quantity.parse(second).orElseThrow()).canonical()).isEqualTo(printed);
    }
}
