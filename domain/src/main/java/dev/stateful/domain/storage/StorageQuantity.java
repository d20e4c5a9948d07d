package dev.stateful.domain.storage;

import java.math.BigDecimal;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A Kubernetes quantity ({@code resource.Quantity}: {@code 1Gi}, {@code 500M}, {@code 1.5e9}) as an
 * exact number of bytes, for comparing storage requests and capacities; only comparison is needed,
 * so no canonical form is produced.
 */
public final class StorageQuantity {

    private static final Pattern FORM = Pattern.compile("([+-]?[0-9]*\\.?[0-9]*)(Ki|Mi|Gi|Ti|Pi|Ei|[numkMGTPE]|[eE][+-]?[0-9]+)?");
    private static final Map<String, BigDecimal> SUFFIXES = Map.ofEntries(
            Map.entry("Ki", BigDecimal.valueOf(2).pow(10)), Map.entry("Mi", BigDecimal.valueOf(2).pow(20)),
            Map.entry("Gi", BigDecimal.valueOf(2).pow(30)), Map.entry("Ti", BigDecimal.valueOf(2).pow(40)),
            Map.entry("Pi", BigDecimal.valueOf(2).pow(50)), Map.entry("Ei", BigDecimal.valueOf(2).pow(60)),
            Map.entry("n", new BigDecimal("1e-9")), Map.entry("u", new BigDecimal("1e-6")), Map.entry("m", new BigDecimal("1e-3")),
            Map.entry("k", new BigDecimal("1e3")), Map.entry("M", new BigDecimal("1e6")), Map.entry("G", new BigDecimal("1e9")),
            Map.entry("T", new BigDecimal("1e12")), Map.entry("P", new BigDecimal("1e15")), Map.entry("E", new BigDecimal("1e18")));

    private StorageQuantity() {
    }

    /** The quantity's value, or empty when {@code text} is not a quantity (validation reports that). */
    public static Optional<BigDecimal> parse(String text) {
        if (text == null || text.isEmpty()) {
            return Optional.empty();
        }
        Matcher m = FORM.matcher(text);
        if (!m.matches() || m.group(1).isEmpty() || m.group(1).equals(".") || m.group(1).matches("[+-]\\.?")) {
            return Optional.empty();
        }
        BigDecimal number = new BigDecimal(m.group(1));
        String suffix = m.group(2);
        if (suffix == null) {
            return Optional.of(number);
        }
        if (suffix.length() > 1 && (suffix.charAt(0) == 'e' || suffix.charAt(0) == 'E') && !SUFFIXES.containsKey(suffix)) {
            try {
                return Optional.of(number.scaleByPowerOfTen(Integer.parseInt(suffix.substring(1))));
            } catch (NumberFormatException | ArithmeticException beyondInt32) {
                // ParseQuantity's suffixer reads the exponent as 64 bits and keeps int32(parsed), so past
                // 32 bits it reads some other, absurd exponent; here such a request is no quantity at all
                // (and validation refuses it), rather than a size no volume has
                return Optional.empty();
            }
        }
        return Optional.of(number.multiply(SUFFIXES.get(suffix)));
    }

    /** {@code a < b}, both quantities; false when either is not one (nothing to compare). */
    public static boolean less(String a, String b) {
        Optional<BigDecimal> x = parse(a);
        Optional<BigDecimal> y = parse(b);
        return x.isPresent() && y.isPresent() && x.get().compareTo(y.get()) < 0;
    }
}
