package dev.stateful.domain.quantity;

import java.util.Map;
import java.util.Optional;

/**
 * A quantity's suffix as {@code quantitySuffixer.interpret} reads it: a power of {@code base}
 * (10 or 2) and the format it selects. The decimal SI letters come first, so {@code "E"} alone is
 * exa (DecimalSI) while {@code "E3"} is an exponent (DecimalExponent).
 */
record Suffix(int base, int exponent, Format format) {

    private static final Map<String, Suffix> NAMED = Map.ofEntries(
            Map.entry("", new Suffix(10, 0, Format.DECIMAL_SI)), Map.entry("n", new Suffix(10, -9, Format.DECIMAL_SI)),
            Map.entry("u", new Suffix(10, -6, Format.DECIMAL_SI)), Map.entry("m", new Suffix(10, -3, Format.DECIMAL_SI)),
            Map.entry("k", new Suffix(10, 3, Format.DECIMAL_SI)), Map.entry("M", new Suffix(10, 6, Format.DECIMAL_SI)),
            Map.entry("G", new Suffix(10, 9, Format.DECIMAL_SI)), Map.entry("T", new Suffix(10, 12, Format.DECIMAL_SI)),
            Map.entry("P", new Suffix(10, 15, Format.DECIMAL_SI)), Map.entry("E", new Suffix(10, 18, Format.DECIMAL_SI)),
            Map.entry("Ki", new Suffix(2, 10, Format.BINARY_SI)), Map.entry("Mi", new Suffix(2, 20, Format.BINARY_SI)),
            Map.entry("Gi", new Suffix(2, 30, Format.BINARY_SI)), Map.entry("Ti", new Suffix(2, 40, Format.BINARY_SI)),
            Map.entry("Pi", new Suffix(2, 50, Format.BINARY_SI)), Map.entry("Ei", new Suffix(2, 60, Format.BINARY_SI)));

    /** The suffix's meaning, or empty when it has none (upstream's {@code ErrSuffix}). */
    static Optional<Suffix> interpret(String suffix) {
        Suffix named = NAMED.get(suffix);
        if (named != null) {
            return Optional.of(named);
        }
        if (suffix.length() > 1 && (suffix.charAt(0) == 'e' || suffix.charAt(0) == 'E')) {
            try {
                // strconv.ParseInt: an optional sign, then digits (the scanner let no others through)
                return Optional.of(new Suffix(10, Integer.parseInt(suffix.substring(1)), Format.DECIMAL_EXPONENT));
            } catch (NumberFormatException notAnInt32) {
                // upstream reads the exponent as 64 bits and keeps int32(parsed), so past 32 bits it reads some
                // other, absurd exponent; here it is no quantity (README, deliberate differences: QUANTITY_EXPONENTS_BOUNDED)
                return Optional.empty();
            }
        }
        return Optional.empty();
    }
}
