package dev.stateful.domain.quantity;

import java.util.Optional;

/**
 * {@code parseQuantityString}: a quantity's text cut into its sign, its number as written ({@code value},
 * with the sign), the digits before and after the point ({@code num} without leading zeros, "0" when
 * none are left; {@code denom}) and its suffix, uninterpreted. Like upstream's scanner it is
 * permissive: {@code "-"}, {@code "."} and {@code "5."} scan; it fails only on a character past the suffix's
 * letters, sign and digits ({@code ErrFormatWrong}).
 */
record QuantityString(boolean positive, String value, String num, String denom, String suffix) {

    /** The characters a suffix may start with, before its optional sign and digits. */
    private static final String SUFFIX_LETTERS = "eEinumkKMGTP";

    static Optional<QuantityString> scan(String str) {
        int end = str.length();
        int pos = 0;
        boolean positive = true;
        if (pos < end && (str.charAt(0) == '-' || str.charAt(0) == '+')) {
            positive = str.charAt(0) == '+';
            pos++;
        }
        while (pos < end && str.charAt(pos) == '0') {
            pos++;
        }
        if (pos == end) {
            // nothing but a sign and zeros: upstream returns zero at once, whatever the sign
            return Optional.of(new QuantityString(positive, "0", "0", "", ""));
        }
        int numStart = pos;
        pos = digits(str, pos);
        String num = pos == numStart ? "0" : str.substring(numStart, pos);
        String denom = "";
        if (pos < end && str.charAt(pos) == '.') {
            int denomStart = ++pos;
            pos = digits(str, pos);
            denom = str.substring(denomStart, pos);
        }
        String value = str.substring(0, pos);
        int suffixStart = pos;
        while (pos < end && SUFFIX_LETTERS.indexOf(str.charAt(pos)) >= 0) {
            pos++;
        }
        if (pos < end && (str.charAt(pos) == '-' || str.charAt(pos) == '+')) {
            pos++;
        }
        if (digits(str, pos) < end) {
            // a character past the suffix: ErrFormatWrong
            return Optional.empty();
        }
        return Optional.of(new QuantityString(positive, value, num, denom, str.substring(suffixStart)));
    }

    /** Whether {@code value} holds a digit: inf.Dec's {@code SetString}, which the slow path uses, reads none from "." alone. */
    boolean hasDigits() {
        return value.chars().anyMatch(QuantityString::isDigit);
    }

    private static int digits(String str, int from) {
        int pos = from;
        while (pos < str.length() && isDigit(str.charAt(pos))) {
            pos++;
        }
        return pos;
    }

    /** Go's byte comparison, '0' to '9' only: no other Unicode digit. */
    private static boolean isDigit(int c) {
        return c >= '0' && c <= '9';
    }
}
