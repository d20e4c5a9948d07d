package dev.stateful.domain.validation;

import dev.stateful.domain.json.Json;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A container's resource quantity as the API server holds it when it validates an apps/v1 object:
 * parsed as {@code resource.ParseQuantity} does, rounded up (away from zero) to thousandths by
 * {@code SetDefaults_ResourceList}, and printed in {@code Quantity.String}'s canonical form, which
 * is what its error messages show ({@code "1500m"} for 1.5, {@code "1Gi"} for 1024Mi, {@code "1k"} for 1000).
 */
final class Quantities {

    /** The suffix family the value was written in, which its canonical form keeps (resource.Format). */
    enum Format { DECIMAL_SI, BINARY_SI, DECIMAL_EXPONENT }

    record Quantity(BigDecimal value, Format format) {

        int signum() {
            return value.signum();
        }

        int compareTo(Quantity other) {
            return value.compareTo(other.value);
        }

        /** {@code Quantity.String} ({@code CanonicalizeBytes}). */
        String canonical() {
            if (value.signum() == 0) {
                return "0";
            }
            if (format == Format.BINARY_SI && value.abs().compareTo(KI) >= 0 && isInteger(value)) {
                BigInteger mantissa = value.toBigIntegerExact();
                int exponent = 0;
                while (exponent < BINARY_SUFFIXES.size() - 1 && mantissa.mod(BigInteger.valueOf(1024)).signum() == 0) {
                    mantissa = mantissa.divide(BigInteger.valueOf(1024));
                    exponent++;
                }
                return mantissa + BINARY_SUFFIXES.get(exponent);
            }
            // DecimalSI (also a BinarySI value under 1024 or with a fraction) and DecimalExponent:
            // the mantissa without trailing zeros, its base-10 exponent lowered to a multiple of 3
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
            // beyond E (10^18) Go finds no suffix and prints the mantissa alone
            return mantissa + DECIMAL_SUFFIXES.getOrDefault(exponent, "");
        }
    }

    private static final BigDecimal KI = BigDecimal.valueOf(1024);
    private static final List<String> BINARY_SUFFIXES = List.of("", "Ki", "Mi", "Gi", "Ti", "Pi", "Ei");
    private static final Map<Integer, String> DECIMAL_SUFFIXES = Map.of(-9, "n", -6, "u", -3, "m", 0, "", 3, "k", 6, "M",
            9, "G", 12, "T", 15, "P", 18, "E");
    private static final Map<String, Integer> DECIMAL_EXPONENTS = Map.of("n", -9, "u", -6, "m", -3, "", 0, "k", 3, "M", 6,
            "G", 9, "T", 12, "P", 15, "E", 18);
    private static final Pattern FORM = Pattern.compile("([+-]?)([0-9]*(?:\\.[0-9]*)?)(Ki|Mi|Gi|Ti|Pi|Ei|[numkMGTPE]|[eE][+-]?[0-9]+)?");

    private Quantities() {
    }

    /**
     * The quantity a JSON value decodes to (a string, or a number as its text), rounded up to thousandths;
     * empty when it is none: the API server refuses such an object before validation, as a bad request.
     */
    static Optional<Quantity> parse(Json json) {
        // a JSON number's original spelling is gone: 1e3 reads as 1000, whose canonical form is DecimalSI's "1k"
        String text = json instanceof Json.Num n ? n.value().toPlainString() : json.asString().orElse("").trim();
        Matcher m = FORM.matcher(text);
        if (!m.matches() || !m.group(2).matches(".*[0-9].*")) {
            return Optional.empty();
        }
        BigDecimal number = new BigDecimal(m.group(2).endsWith(".") ? m.group(2) + "0" : m.group(2));
        if (m.group(1).equals("-")) {
            number = number.negate();
        }
        String suffix = m.group(3) == null ? "" : m.group(3);
        Format format;
        if (DECIMAL_EXPONENTS.containsKey(suffix)) {
            format = Format.DECIMAL_SI;
            number = number.scaleByPowerOfTen(DECIMAL_EXPONENTS.get(suffix));
        } else if (suffix.charAt(0) == 'e' || suffix.charAt(0) == 'E') {
            format = Format.DECIMAL_EXPONENT;
            try {
                number = number.scaleByPowerOfTen(Integer.parseInt(suffix.substring(1)));
            } catch (NumberFormatException | ArithmeticException beyondInt32) {
                // an exponent past 32 bits: no quantity (README, deliberate differences: QUANTITY_EXPONENTS_BOUNDED)
                return Optional.empty();
            }
        } else {
            format = Format.BINARY_SI;
            number = number.multiply(BigDecimal.valueOf(2).pow(10 * (1 + "KMGTPE".indexOf(suffix.charAt(0)))));
        }
        return Optional.of(new Quantity(roundUp(roundUp(number, 9), 3), format));
    }

    /**
     * {@code value} rounded up, away from zero, to {@code places} decimal places: ParseQuantity's to
     * nano, then the defaulting's to milli. A value smaller than the last place becomes that place
     * without the division by a power of ten its scale would ask for ({@code 1e-999999999} is 1n).
     */
    private static BigDecimal roundUp(BigDecimal value, int places) {
        if (value.scale() <= places) {
            return value;
        }
        if (value.signum() != 0 && value.precision() - value.scale() <= -places) {
            return BigDecimal.valueOf(value.signum()).scaleByPowerOfTen(-places);
        }
        return value.setScale(places, RoundingMode.UP);
    }

    private static boolean isInteger(BigDecimal value) {
        return value.signum() == 0 || value.scale() <= 0 || value.stripTrailingZeros().scale() <= 0;
    }
}
