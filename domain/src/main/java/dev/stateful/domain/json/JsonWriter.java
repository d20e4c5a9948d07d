package dev.stateful.domain.json;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.util.Comparator;
import java.util.Map;
import java.util.TreeMap;

/**
 * Serialises JSON exactly as Go's {@code encoding/json} marshals a {@code map[string]interface{}}:
 * object keys sorted, no whitespace, HTML-safe escaping, float64 number formatting, as of Go 1.22 (the
 * toolchain of Kubernetes 1.30 and later). Revision data and therefore revision hashes depend on these
 * bytes.
 */
public final class JsonWriter {

    private static final String HEX = "0123456789abcdef";

    /** Integers of up to this many digits are below 2^53, where every integer is a float64. */
    private static final int MAX_EXACT_INTEGER_DIGITS = 15;

    /** Go sorts map keys byte-wise on their UTF-8 encoding, which is code point order (not UTF-16 order). */
    public static final Comparator<String> UTF8_ORDER = JsonWriter::compareCodePoints;

    private JsonWriter() {
    }

    public static String write(Json json) {
        StringBuilder out = new StringBuilder();
        write(json, out);
        return out.toString();
    }

    private static void write(Json json, StringBuilder out) {
        if (json instanceof Json.Obj o && o.fields() instanceof CompactFields compact) {
            compactObject(compact, out);
        } else if (json instanceof Json.Obj o) {
            out.append('{');
            boolean first = true;
            for (Map.Entry<String, Json> e : sortedByKey(o.fields()).entrySet()) {
                if (!first) {
                    out.append(',');
                }
                first = false;
                string(e.getKey(), out);
                out.append(':');
                write(e.getValue(), out);
            }
            out.append('}');
        } else if (json instanceof Json.Arr a) {
            out.append('[');
            for (int i = 0; i < a.items().size(); i++) {
                if (i > 0) {
                    out.append(',');
                }
                write(a.items().get(i), out);
            }
            out.append(']');
        } else if (json instanceof Json.Str s) {
            string(s.value(), out);
        } else if (json instanceof Json.Num n) {
            out.append(number(n.value()));
        } else if (json instanceof Json.Bool b) {
            out.append(b.value());
        } else {
            out.append("null");
        }
    }

    /**
     * A small object (most of a tree) in key order: its pairs as they are when the keys are in order
     * already, otherwise a copy sorted by insertion (at most {@link CompactFields#MAX} pairs), not a
     * {@code TreeMap} per object: revision data is written for every plan.
     */
    private static void compactObject(CompactFields fields, StringBuilder out) {
        Object[] pairs = fields.pairs();
        if (!keysInOrder(pairs)) {
            pairs = sortedPairs(pairs);
        }
        out.append('{');
        for (int i = 0; i < pairs.length; i += 2) {
            if (i > 0) {
                out.append(',');
            }
            string((String) pairs[i], out);
            out.append(':');
            write((Json) pairs[i + 1], out);
        }
        out.append('}');
    }

    private static boolean keysInOrder(Object[] pairs) {
        for (int i = 2; i < pairs.length; i += 2) {
            if (compareCodePoints((String) pairs[i - 2], (String) pairs[i]) > 0) {
                return false;
            }
        }
        return true;
    }

    private static Object[] sortedPairs(Object[] pairs) {
        Object[] sorted = pairs.clone();
        for (int i = 2; i < sorted.length; i += 2) {
            Object key = sorted[i];
            Object value = sorted[i + 1];
            int j = i - 2;
            for (; j >= 0 && compareCodePoints((String) sorted[j], (String) key) > 0; j -= 2) {
                sorted[j + 2] = sorted[j];
                sorted[j + 3] = sorted[j + 1];
            }
            sorted[j + 2] = key;
            sorted[j + 3] = value;
        }
        return sorted;
    }

    private static Map<String, Json> sortedByKey(Map<String, Json> fields) {
        Map<String, Json> sorted = new TreeMap<>(UTF8_ORDER);
        sorted.putAll(fields);
        return sorted;
    }

    private static int compareCodePoints(String a, String b) {
        int i = 0;
        int j = 0;
        while (i < a.length() && j < b.length()) {
            int ca = a.codePointAt(i);
            int cb = b.codePointAt(j);
            if (ca != cb) {
                return Integer.compare(ca, cb);
            }
            i += Character.charCount(ca);
            j += Character.charCount(cb);
        }
        return Boolean.compare(i < a.length(), j < b.length());
    }

    /**
     * Go decodes numbers into float64 and formats them with the shortest digits that read back as the
     * same float64: plain notation for magnitudes in [1e-6, 1e21), otherwise {@code 1e+21} /
     * {@code 1e-7} style (Go strips the padding zero of a one-digit negative exponent).
     */
    static String number(BigDecimal value) {
        double d = value.doubleValue();
        if (Double.isInfinite(d)) {
            throw new JsonException("number out of float64 range: " + value);
        }
        if (d == 0) {
            return "0";
        }
        if (value.scale() <= 0 && value.precision() - value.scale() <= MAX_EXACT_INTEGER_DIGITS) {
            // an integer of at most 15 digits is a float64 exactly and no shorter decimal reads back as
            // it (neighbouring float64s are at most 1 apart, a shorter decimal at least 1): its digits are
            // the shortest, written plainly since it is below 1e21
            return value.toPlainString();
        }
        BigDecimal digits = shortest(d);
        double abs = Math.abs(d);
        if (abs >= 1e-6 && abs < 1e21) {
            return digits.toPlainString();
        }
        String unscaled = digits.unscaledValue().abs().toString();
        int exponent = unscaled.length() - 1 - digits.scale();
        StringBuilder out = new StringBuilder(d < 0 ? "-" : "");
        out.append(unscaled.charAt(0));
        if (unscaled.length() > 1) {
            out.append('.').append(unscaled, 1, unscaled.length());
        }
        return out.append('e').append(exponent < 0 ? '-' : '+').append(Math.abs(exponent)).toString();
    }

    /**
     * The shortest decimal that reads back as {@code d}, the closest to {@code d} among equally short
     * ones (Go's strconv "shortest"). Computed here because JDK 17's Double.toString is not always
     * shortest (JDK-4511638: it prints 2.82879384806159E17 as 2.82879384806159008E17).
     */
    private static BigDecimal shortest(double d) {
        BigDecimal exact = new BigDecimal(d);
        for (int precision = 1; precision < 17; precision++) {
            BigDecimal nearest = exact.round(new MathContext(precision, RoundingMode.HALF_EVEN));
            if (nearest.doubleValue() == d) {
                return nearest.stripTrailingZeros();
            }
            // the round-trip interval is asymmetric at powers of two: the other neighbour may still fit
            for (RoundingMode mode : new RoundingMode[] {RoundingMode.FLOOR, RoundingMode.CEILING}) {
                BigDecimal neighbour = exact.round(new MathContext(precision, mode));
                if (neighbour.doubleValue() == d) {
                    return neighbour.stripTrailingZeros();
                }
            }
        }
        return exact.round(new MathContext(17, RoundingMode.HALF_EVEN)).stripTrailingZeros();
    }

    private static void string(String s, StringBuilder out) {
        out.append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                case '\t' -> out.append("\\t");
                case '\b' -> out.append("\\b");
                case '\f' -> out.append("\\f");
                default -> {
                    if (c < 0x20 || c == '<' || c == '>' || c == '&' || c == '\u2028' || c == '\u2029') {
                        unicode(c, out);
                    } else if (Character.isSurrogate(c) && !validSurrogatePair(s, i)) {
                        out.append("\\ufffd");
                    } else {
                        out.append(c);
                        if (Character.isHighSurrogate(c)) {
                            out.append(s.charAt(++i));
                        }
                    }
                }
            }
        }
        out.append('"');
    }

    private static boolean validSurrogatePair(String s, int i) {
        return Character.isHighSurrogate(s.charAt(i)) && i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1));
    }

    private static void unicode(char c, StringBuilder out) {
        out.append("\\u").append(HEX.charAt((c >> 12) & 0xf)).append(HEX.charAt((c >> 8) & 0xf)).append(HEX.charAt((c >> 4) & 0xf)).append(HEX.charAt(c & 0xf));
    }
}
