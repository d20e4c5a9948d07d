package dev.stateful.codec;

import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;

/**
 * RFC 3339 times. The API server writes every timestamp as {@code 2026-01-02T03:04:05Z}; that form
 * is read directly (java.time's general parser was a tenth of a gRPC Plan call), anything else
 * (fractions, offsets) through {@link OffsetDateTime}.
 */
final class Rfc3339 {

    private Rfc3339() {
    }

    /** @throws DateTimeParseException if {@code text} is not an RFC 3339 time */
    static Instant parse(String text) {
        if (text.length() == 20 && text.charAt(4) == '-' && text.charAt(7) == '-' && text.charAt(10) == 'T'
                && text.charAt(13) == ':' && text.charAt(16) == ':' && text.charAt(19) == 'Z') {
            int year = digits(text, 0, 4);
            int month = digits(text, 5, 2);
            int day = digits(text, 8, 2);
            int hour = digits(text, 11, 2);
            int minute = digits(text, 14, 2);
            int second = digits(text, 17, 2);
            if (year >= 0 && month >= 0 && day >= 0 && hour >= 0 && minute >= 0 && second >= 0) {
                try {
                    return LocalDateTime.of(year, month, day, hour, minute, second).toInstant(ZoneOffset.UTC);
                } catch (DateTimeException e) {
                    throw new DateTimeParseException(e.getMessage(), text, 0, e);
                }
            }
        }
        return OffsetDateTime.parse(text).toInstant();
    }

    /** The decimal number in {@code text[from, from+count)}, or -1 if a character is not an ASCII digit. */
    private static int digits(String text, int from, int count) {
        int value = 0;
        for (int i = from; i < from + count; i++) {
            char c = text.charAt(i);
            if (c < '0' || c > '9') {
                return -1;
            }
            value = value * 10 + (c - '0');
        }
        return value;
    }
}
