package dev.stateful.domain.json;

import java.math.BigDecimal;
import java.util.Map;
import java.util.TreeMap;

/**
 * Serialises JSON exactly as Go's {@code encoding/json} marshals a {@code map[string]interface{}}:
 * object keys sorted, no whitespace, HTML-safe escaping, float64 number formatting. Revision data and
 * therefore revision hashes depend on these bytes.
 */
public final class JsonWriter {

    private static final char[] HEX = "0123456789abcdef".toCharArray();

    private JsonWriter() {
    }

    public static String write(Json json) {
        StringBuilder out = new StringBuilder();
        write(json, out);
        return out.toString();
    }

    private static void write(Json json, StringBuilder out) {
        if (json instanceof Json.Obj o) {
            out.append('{');
            boolean first = true;
            for (Map.Entry<String, Json> e : new TreeMap<>(o.fields()).entrySet()) {
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

    /** Go formats float64 with 'f' in [1e-6, 1e21) and 'e' outside, shortest representation. */
    static String number(BigDecimal value) {
        double d = value.doubleValue();
        if (d == 0) {
            return "0";
        }
        double abs = Math.abs(d);
        if (abs >= 1e-6 && abs < 1e21) {
            return new BigDecimal(Double.toString(d)).stripTrailingZeros().toPlainString();
        }
        BigDecimal shortest = new BigDecimal(Double.toString(d)).stripTrailingZeros();
        String unscaled = shortest.unscaledValue().abs().toString();
        int exponent = unscaled.length() - 1 - shortest.scale();
        StringBuilder mantissa = new StringBuilder(d < 0 ? "-" : "");
        mantissa.append(unscaled.charAt(0));
        if (unscaled.length() > 1) {
            mantissa.append('.').append(unscaled, 1, unscaled.length());
        }
        mantissa.append('e').append(exponent < 0 ? '-' : '+');
        String exp = Integer.toString(Math.abs(exponent));
        if (exp.length() < 2) {
            mantissa.append('0');
        }
        return mantissa.append(exp).toString();
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
        out.append("\\u").append(HEX[(c >> 12) & 0xf]).append(HEX[(c >> 8) & 0xf]).append(HEX[(c >> 4) & 0xf]).append(HEX[c & 0xf]);
    }
}
