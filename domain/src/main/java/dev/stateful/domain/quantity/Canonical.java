package dev.stateful.domain.quantity;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.List;
import java.util.Map;

/**
 * {@code CanonicalizeBytes}: a quantity printed with the largest suffix of its format that keeps it whole
 * ({@code 1500m} for 1.5, {@code 1Gi} for 1024Mi, {@code 1k} for 1000, {@code 1e3} for 1E3).
 */
final class Canonical {

    private static final BigDecimal KI = BigDecimal.valueOf(1024);
    private static final List<String> BINARY_SUFFIXES = List.of("", "Ki", "Mi", "Gi", "Ti", "Pi", "Ei");
    private static final Map<Integer, String> DECIMAL_SUFFIXES = Map.of(-9, "n", -6, "u", -3, "m", 0, "", 3, "k", 6, "M",
            9, "G", 12, "T", 15, "P", 18, "E");

    private Canonical() {
    }

    static String of(BigDecimal value, Format format) {
        if (value.signum() == 0) {
            return "0";
        }
        // BinarySI only for a whole number of at least 1024: below, or with a fraction, it prints as DecimalSI
        if (format == Format.BINARY_SI && value.abs().compareTo(KI) >= 0 && isInteger(value)) {
            BigInteger mantissa = value.toBigIntegerExact();
            int exponent = 0;
            while (exponent < BINARY_SUFFIXES.size() - 1 && mantissa.mod(BigInteger.valueOf(1024)).signum() == 0) {
                mantissa = mantissa.divide(BigInteger.valueOf(1024));
                exponent++;
            }
            return mantissa + BINARY_SUFFIXES.get(exponent);
        }
        // AsCanonicalBytes: the mantissa without trailing zeros, its base-10 exponent lowered to a multiple of 3
        BigDecimal stripped = value.stripTrailingZeros();
        BigInteger mantissa = stripped.unscaledValue();
        int exponent = -stripped.scale();
        while (exponent % 3 != 0) {
            mantissa = mantissa.multiply(BigInteger.TEN);
            exponent--;
        }
        if (format == Format.DECIMAL_EXPONENT) {
            return exponent == 0 ? mantissa.toString() : mantissa + "e" + exponent;
        }
        // beyond E (10^18) Go's constructBytes finds no suffix and prints the mantissa alone
        return mantissa + DECIMAL_SUFFIXES.getOrDefault(exponent, "");
    }

    private static boolean isInteger(BigDecimal value) {
        return value.scale() <= 0 || value.stripTrailingZeros().scale() <= 0;
    }
}
