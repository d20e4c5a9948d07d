package dev.stateful.domain.validation;

import dev.stateful.domain.json.Json;
import dev.stateful.domain.json.JsonException;
import dev.stateful.domain.json.JsonWriter;
import dev.stateful.domain.quantity.Quantity;
import java.util.Optional;

/**
 * A quantity as the API server holds it when it validates an apps/v1 object: decoded by
 * {@code Quantity.UnmarshalJSON} (whitespace trimmed, then {@code ParseQuantity}) and, in a resource
 * list, rounded up, away from zero, to thousandths by {@code SetDefaults_ResourceList}. Its
 * {@link Quantity#canonical()} is what the error messages show.
 */
final class Quantities {

    /** {@code SetDefaults_ResourceList}'s scale: milli. */
    private static final int MILLI_PLACES = 3;

    private Quantities() {
    }

    /**
     * A resource list's quantity: the one a JSON value decodes to, rounded up to thousandths; empty when
     * it is none: the API server refuses such an object before validation, as a bad request. A JSON
     * {@code null} in a list is zero ({@code Quantity.UnmarshalJSON} leaves the map's zero value), so a
     * claim's storage request of null is "0", not missing.
     */
    static Optional<Quantity> parse(Json json) {
        return (json == Json.Null.INSTANCE ? Quantity.parse("0") : decode(json)).map(q -> q.roundUp(MILLI_PLACES));
    }

    /**
     * A quantity outside a resource list (a divisor, a size limit), which no defaulting rounds: the one a JSON
     * value decodes to (a string, or a number as its text), or empty when it is none.
     */
    static Optional<Quantity> decode(Json json) {
        if (json instanceof Json.Num) {
            // kubectl and client-go send a number as encoding/json prints the float64 or int64 they decoded it to
            // (1e3 as 1000, whose canonical form is DecimalSI's "1k"); one past float64 never reaches the server.
            // Printing it plainly instead would spell out 1e999999999's billion digits.
            try {
                return Quantity.parse(JsonWriter.write(json));
            } catch (JsonException beyondFloat64) {
                return Optional.empty();
            }
        }
        return Quantity.parse(trimSpace(json.asString().orElse("")));
    }

    /** Go's {@code strings.TrimSpace}: {@code unicode.IsSpace} characters off both ends. */
    static String trimSpace(String text) {
        int start = 0;
        int end = text.length();
        while (start < end && isSpace(text.charAt(start))) {
            start++;
        }
        while (end > start && isSpace(text.charAt(end - 1))) {
            end--;
        }
        return text.substring(start, end);
    }

    /** {@code unicode.IsSpace}: the Latin-1 spaces (with NEL and NBSP) and Unicode's separators. */
    private static boolean isSpace(char c) {
        return c == '\t' || c == '\n' || c == '\u000B' || c == '\f' || c == '\r' || c == '\u0085' || Character.isSpaceChar(c);
    }
}
