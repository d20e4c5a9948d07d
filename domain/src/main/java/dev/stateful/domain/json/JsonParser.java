package dev.stateful.domain.json;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** A strict RFC 8259 parser producing {@link Json} trees; errors name the offending position. */
public final class JsonParser {

    private static final int MAX_DEPTH = 512;

    private final String text;
    private int pos;
    private int depth;

    private JsonParser(String text) {
        this.text = text;
    }

    public static Json parse(String text) {
        JsonParser parser = new JsonParser(text);
        parser.skipWhitespace();
        Json value = parser.value();
        parser.skipWhitespace();
        if (parser.pos != text.length()) {
            throw parser.error("unexpected trailing characters");
        }
        return value;
    }

    public static Json.Obj parseObject(String text) {
        Json value = parse(text);
        if (value instanceof Json.Obj o) {
            return o;
        }
        throw new JsonException("expected a JSON object");
    }

    private Json value() {
        if (pos >= text.length()) {
            throw error("unexpected end of input");
        }
        char c = text.charAt(pos);
        return switch (c) {
            case '{' -> object();
            case '[' -> array();
            case '"' -> new Json.Str(string());
            case 't' -> literal("true", Json.Bool.TRUE);
            case 'f' -> literal("false", Json.Bool.FALSE);
            case 'n' -> literal("null", Json.Null.INSTANCE);
            default -> {
                if (c == '-' || (c >= '0' && c <= '9')) {
                    yield number();
                }
                throw error("unexpected character '" + c + "'");
            }
        };
    }

    private Json object() {
        enter();
        pos++;
        Map<String, Json> fields = new LinkedHashMap<>();
        skipWhitespace();
        if (peek('}')) {
            pos++;
            depth--;
            return new Json.Obj(fields);
        }
        while (true) {
            skipWhitespace();
            if (!peek('"')) {
                throw error("expected a string key");
            }
            // Keys come from a small vocabulary (field names, label keys) and trees are kept in caches:
            // one copy of each instead of one per object.
            String key = string().intern();
            skipWhitespace();
            expect(':');
            skipWhitespace();
            fields.put(key, value());
            skipWhitespace();
            if (peek(',')) {
                pos++;
                continue;
            }
            expect('}');
            depth--;
            return new Json.Obj(fields);
        }
    }

    private Json array() {
        enter();
        pos++;
        List<Json> items = new ArrayList<>();
        skipWhitespace();
        if (peek(']')) {
            pos++;
            depth--;
            return new Json.Arr(items);
        }
        while (true) {
            skipWhitespace();
            items.add(value());
            skipWhitespace();
            if (peek(',')) {
                pos++;
                continue;
            }
            expect(']');
            depth--;
            return new Json.Arr(items);
        }
    }

    private String string() {
        pos++;
        // Most strings have no escape, control character or surrogate: take them as a substring.
        int start = pos;
        for (int i = pos; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '"') {
                pos = i + 1;
                return text.substring(start, i);
            }
            if (c == '\\' || c < 0x20 || Character.isSurrogate(c)) {
                break;
            }
        }
        StringBuilder out = new StringBuilder();
        while (true) {
            if (pos >= text.length()) {
                throw error("unterminated string");
            }
            char c = text.charAt(pos++);
            if (c == '"') {
                return out.toString();
            }
            if (c < 0x20) {
                throw error("control character in string");
            }
            if (c != '\\') {
                if (Character.isHighSurrogate(c) && pos < text.length() && Character.isLowSurrogate(text.charAt(pos))) {
                    out.append(c).append(text.charAt(pos++));
                } else {
                    // a lone surrogate is the Java form of invalid UTF-8, which Go decodes as U+FFFD
                    out.append(Character.isSurrogate(c) ? '\uFFFD' : c);
                }
                continue;
            }
            if (pos >= text.length()) {
                throw error("unterminated escape");
            }
            char e = text.charAt(pos++);
            switch (e) {
                case '"', '\\', '/' -> out.append(e);
                case 'b' -> out.append('\b');
                case 'f' -> out.append('\f');
                case 'n' -> out.append('\n');
                case 'r' -> out.append('\r');
                case 't' -> out.append('\t');
                case 'u' -> out.appendCodePoint(unicodeEscape());
                default -> throw error("bad escape '\\" + e + "'");
            }
        }
    }

    /**
     * Decodes {@code \\uXXXX} (the backslash already consumed) like Go: a high surrogate followed by an
     * escaped low surrogate is one code point; any other surrogate becomes U+FFFD and a following escape
     * is decoded on its own.
     */
    private int unicodeEscape() {
        int first = hex4(pos);
        if (first < 0) {
            throw error("bad unicode escape");
        }
        pos += 4;
        if (!Character.isSurrogate((char) first)) {
            return first;
        }
        if (Character.isHighSurrogate((char) first) && text.startsWith("\\u", pos)) {
            int second = hex4(pos + 2);
            if (second >= 0 && Character.isLowSurrogate((char) second)) {
                pos += 6;
                return Character.toCodePoint((char) first, (char) second);
            }
        }
        return 0xFFFD;
    }

    /** Exactly four ASCII hex digits at {@code at}, or -1. */
    private int hex4(int at) {
        if (at + 4 > text.length()) {
            return -1;
        }
        int value = 0;
        for (int i = at; i < at + 4; i++) {
            char c = text.charAt(i);
            boolean ascii = (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
            if (!ascii) {
                return -1;
            }
            int digit = Character.digit(c, 16);
            value = value * 16 + digit;
        }
        return value;
    }

    /** RFC 8259 number: no leading zeros, ASCII digits only (as Go's decoder). */
    private Json number() {
        int start = pos;
        if (peek('-')) {
            pos++;
        }
        if (peek('0')) {
            pos++;
        } else {
            digits();
        }
        if (peek('.')) {
            pos++;
            digits();
        }
        if (peek('e') || peek('E')) {
            pos++;
            if (peek('+') || peek('-')) {
                pos++;
            }
            digits();
        }
        try {
            return new Json.Num(new BigDecimal(text.substring(start, pos)));
        } catch (NumberFormatException e) {
            throw error("bad number");
        }
    }

    private void digits() {
        int start = pos;
        while (pos < text.length() && text.charAt(pos) >= '0' && text.charAt(pos) <= '9') {
            pos++;
        }
        if (start == pos) {
            throw error("expected a digit");
        }
    }

    private Json literal(String word, Json value) {
        if (!text.startsWith(word, pos)) {
            throw error("unexpected token");
        }
        pos += word.length();
        return value;
    }

    private void enter() {
        if (++depth > MAX_DEPTH) {
            throw error("nesting deeper than " + MAX_DEPTH);
        }
    }

    private boolean peek(char c) {
        return pos < text.length() && text.charAt(pos) == c;
    }

    private void expect(char c) {
        if (!peek(c)) {
            throw error("expected '" + c + "'");
        }
        pos++;
    }

    private void skipWhitespace() {
        while (pos < text.length()) {
            char c = text.charAt(pos);
            if (c != ' ' && c != '\t' && c != '\n' && c != '\r') {
                return;
            }
            pos++;
        }
    }

    private JsonException error(String message) {
        return new JsonException(message + " at offset " + pos);
    }
}
