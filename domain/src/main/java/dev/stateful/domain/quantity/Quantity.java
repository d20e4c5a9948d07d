package dev.stateful.domain.quantity;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.util.Objects;
import java.util.Optional;

/**
 * A Kubernetes {@code resource.Quantity} ({@code 1Gi}, {@code 500m}, {@code 1.5e9}): its exact value, the
 * format it keeps, and the text {@code Quantity.String} prints for it when that is the text it was
 * parsed from ({@code written}: ParseQuantity keeps a spelling already in canonical form, sign and
 * all, so {@code "+2"} prints as {@code +2} and {@code "1E3"} as {@code 1E3}).
 */
public record Quantity(BigDecimal value, Format format, Optional<String> written) implements Comparable<Quantity> {

    /** Nano, the finest place a parsed quantity keeps (ParseQuantity rounds finer values up to it). */
    private static final int NANO_PLACES = 9;
    /** The most significant digits of a decimal number ParseQuantity's int64 fast path takes ({@code maxInt64Factors}). */
    private static final int MAX_INT64_FACTORS = 18;
    /** {@code maxAllowed}: a BinarySI quantity's magnitude is capped at the largest int64. */
    private static final BigDecimal MAX_ALLOWED = BigDecimal.valueOf(Long.MAX_VALUE);

    public Quantity {
        Objects.requireNonNull(value);
        Objects.requireNonNull(format);
        Objects.requireNonNull(written);
    }

    /**
     * {@code ParseQuantity}: the quantity {@code text} spells, or empty where upstream returns an error
     * (and where its exponent does not fit 32 bits: README, deliberate differences, QUANTITY_EXPONENTS_BOUNDED).
     * No whitespace is trimmed ({@code UnmarshalJSON} does that before). A value finer than nano is
     * rounded up, away from zero, to nano; a BinarySI one is capped at 2^63-1 in magnitude, and below 1
     * (but not 0) it becomes DecimalSI.
     */
    public static Optional<Quantity> parse(String text) {
        if (text.isEmpty()) {
            return Optional.empty();
        }
        if (text.equals("0")) {
            return Optional.of(new Quantity(BigDecimal.ZERO, Format.DECIMAL_SI, Optional.of(text)));
        }
        Optional<QuantityString> scanned = QuantityString.scan(text);
        Optional<Suffix> interpreted = scanned.flatMap(s -> Suffix.interpret(s.suffix()));
        if (interpreted.isEmpty()) {
            return Optional.empty();
        }
        QuantityString parts = scanned.get();
        Suffix suffix = interpreted.get();
        boolean fast = int64FastPath(parts, suffix);
        if (!fast && !parts.hasDigits()) {
            return Optional.empty();
        }
        BigDecimal magnitude = new BigDecimal(new BigInteger(parts.num() + parts.denom()), parts.denom().length());
        try {
            magnitude = suffix.base() == 10
                    ? magnitude.scaleByPowerOfTen(suffix.exponent())
                    : magnitude.multiply(BigDecimal.valueOf(2).pow(suffix.exponent()));
        } catch (ArithmeticException scaleBeyondInt32) {
            // an exponent near 32 bits' end whose scale overflows: upstream's int32 scale wraps too (QUANTITY_EXPONENTS_BOUNDED)
            return Optional.empty();
        }
        magnitude = roundUp(magnitude, NANO_PLACES);
        Format format = suffix.format();
        if (format == Format.BINARY_SI && magnitude.compareTo(MAX_ALLOWED) > 0) {
            magnitude = MAX_ALLOWED;
        }
        if (format == Format.BINARY_SI && magnitude.signum() > 0 && magnitude.compareTo(BigDecimal.ONE) < 0) {
            format = Format.DECIMAL_SI;
        }
        Optional<String> written = fast && canonicalAsWritten(parts, suffix) ? Optional.of(text) : Optional.empty();
        return Optional.of(new Quantity(parts.positive() ? magnitude : magnitude.negate(), format, written));
    }

    /**
     * {@code Quantity.Add}: the sum, in this quantity's format unless this one is zero (then in the other's), its
     * spelling forgotten.
     */
    public Quantity plus(Quantity other) {
        return new Quantity(value.add(other.value), signum() == 0 ? other.format : format, Optional.empty());
    }

    public int signum() {
        return value.signum();
    }

    /** {@code Quantity.Cmp}: by value alone, whatever the formats. */
    @Override
    public int compareTo(Quantity other) {
        return value.compareTo(other.value);
    }

    /** {@code Quantity.String}: the text it was parsed from when that was canonical, else {@code CanonicalizeBytes}. */
    public String canonical() {
        return written.orElseGet(() -> Canonical.of(value, format));
    }

    /**
     * {@code Quantity.RoundUp(-places)}: the value rounded up, away from zero, to {@code places} decimal
     * places; a value that changes forgets its spelling, one that does not keeps it.
     */
    public Quantity roundUp(int places) {
        BigDecimal rounded = roundUp(value, places);
        return rounded.compareTo(value) == 0 ? this : new Quantity(rounded, format, Optional.empty());
    }

    /**
     * Whether ParseQuantity takes its int64 path: a decimal number of at most 18 digits at a scale of nano
     * or coarser, a whole binary one short enough for its suffix. Only that path keeps the text, and a
     * number without digits ({@code "."}) parses there as zero but fails on the inf.Dec path.
     */
    private static boolean int64FastPath(QuantityString parts, Suffix suffix) {
        if (suffix.format() == Format.BINARY_SI) {
            return parts.denom().isEmpty() && 15 - parts.num().length() - suffix.exponent() * 3 / 10 - 1 >= 0;
        }
        return parts.num().length() + parts.denom().length() <= MAX_INT64_FACTORS
                && (long) suffix.exponent() - parts.denom().length() >= -NANO_PLACES;
    }

    /** ParseQuantity's "if the number is in canonical form, reuse the string" on the int64 path. */
    private static boolean canonicalAsWritten(QuantityString parts, Suffix suffix) {
        String shifted = parts.num() + parts.denom();
        if (suffix.format() == Format.BINARY_SI) {
            // value&0x07 != 0: a number of kibi (mebi, ...) that is no multiple of 8
            return new BigInteger(shifted).mod(BigInteger.valueOf(8)).signum() != 0;
        }
        long scale = (long) suffix.exponent() - parts.denom().length();
        return scale % 3 == 0 && !shifted.endsWith("000") && shifted.charAt(0) != '0';
    }

    /**
     * {@code value} rounded up, away from zero, to {@code places} decimal places (inf.RoundUp). A value
     * smaller than the last place becomes that place without the division by a power of ten its
     * scale would ask for ({@code 1e-999999999} is 1n at once).
     */
    private static BigDecimal roundUp(BigDecimal value, int places) {
        if (value.scale() <= places) {
            return value;
        }
        if (value.signum() == 0) {
            // a zero of scale 999999999 ("0e-999999999"): setScale would divide by that power of ten
            return BigDecimal.ZERO;
        }
        if (value.precision() - value.scale() <= -places) {
            return BigDecimal.valueOf(value.signum()).scaleByPowerOfTen(-places);
        }
        return value.setScale(places, RoundingMode.UP);
    }
}
