package dev.stateful.codec;

import dev.stateful.domain.json.Json;
import dev.stateful.domain.json.JsonException;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonToken;
import tools.jackson.core.SerializableString;
import tools.jackson.core.StreamReadConstraints;
import tools.jackson.core.TokenStreamFactory;
import tools.jackson.core.TokenStreamLocation;
import tools.jackson.core.base.ParserBase;
import tools.jackson.core.json.JsonFactory;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.util.RawValue;

/**
 * Reads JSON into the domain's {@link Json} trees with Jackson's strict RFC 8259 parser, from text or
 * from any Jackson token stream (a {@link JsonNode}, such as fabric8's model serialised by
 * {@code valueToTree}, without an intermediate string). What Go's decoder does differently from
 * Jackson is applied here, because revision data read back must give the bytes Go would write: a lone
 * surrogate (escaped or raw) becomes U+FFFD, as Go decodes invalid UTF-16 escapes; numbers are kept
 * exactly (as {@link BigDecimal}) for the writer to format as float64. Duplicate keys: the last value
 * wins, in the first one's place.
 */
public final class JsonParser {

    /** The hand-written parser this replaced refused deeper nesting; kept so the same documents fail. */
    private static final int MAX_DEPTH = 512;

    /** Its parsers intern each property name once, when it first enters the factory's symbol table ({@link #namesInterned}). */
    private static final JsonMapper MAPPER = JsonMapper.builder(JsonFactory.builder()
            .streamReadConstraints(StreamReadConstraints.builder().maxNestingDepth(MAX_DEPTH).build())
            .enable(TokenStreamFactory.Feature.INTERN_PROPERTY_NAMES)
            .build()).build();

    private JsonParser() {
    }

    public static Json parse(String text) {
        try (tools.jackson.core.JsonParser p = MAPPER.createParser(text)) {
            Json value = read(p, p.nextToken());
            if (p.nextToken() != null) {
                throw new JsonException("unexpected trailing characters at offset " + offset(p.currentTokenLocation()));
            }
            return value;
        } catch (JacksonException e) {
            throw new JsonException(describe(e));
        }
    }

    public static Json.Obj parseObject(String text) {
        Json value = parse(text);
        if (value instanceof Json.Obj o) {
            return o;
        }
        throw new JsonException("expected a JSON object");
    }

    /** {@link #parseObject(String)} without the member at {@code skipped} (see {@link #readObject(tools.jackson.core.JsonParser, List)}). */
    public static Json.Obj parseObject(String text, List<String> skipped) {
        try (tools.jackson.core.JsonParser p = MAPPER.createParser(text)) {
            Json value = read(p, p.nextToken(), skipped);
            if (p.nextToken() != null) {
                throw new JsonException("unexpected trailing characters at offset " + offset(p.currentTokenLocation()));
            }
            if (value instanceof Json.Obj o) {
                return o;
            }
            throw new JsonException("expected a JSON object");
        } catch (JacksonException e) {
            throw new JsonException(describe(e));
        }
    }

    /** A Jackson tree as a {@link Json} tree. */
    public static Json read(JsonNode node) {
        try (tools.jackson.core.JsonParser p = MAPPER.treeAsTokens(node)) {
            return read(p, p.nextToken());
        }
    }

    /** A Jackson tree that must be an object. */
    public static Json.Obj readObject(JsonNode node) {
        if (read(node) instanceof Json.Obj o) {
            return o;
        }
        throw new JsonException("expected a JSON object");
    }

    /**
     * The object at {@code p}'s current token (a deserializer's parser, positioned on the object's
     * {@code START_OBJECT}, as Jackson hands it over), read straight from the token stream: no
     * Jackson tree in between. The member at {@code skipped}, a path of keys from the object
     * ({@code metadata}, {@code managedFields}), is passed over unread; empty for none. The parser is
     * left on the object's {@code END_OBJECT}, as Jackson expects of a deserializer.
     */
    public static Json.Obj readObject(tools.jackson.core.JsonParser p, List<String> skipped) {
        try {
            if (p.currentToken() == JsonToken.START_OBJECT && read(p, p.currentToken(), skipped) instanceof Json.Obj o) {
                return o;
            }
        } catch (JacksonException e) {
            throw new JsonException(describe(e));
        }
        throw new JsonException("expected a JSON object");
    }

    /** The value starting at {@code token}; the parser is left on its last token. */
    private static Json read(tools.jackson.core.JsonParser p, JsonToken token) {
        return read(p, token, List.of());
    }

    private static Json read(tools.jackson.core.JsonParser p, JsonToken token, List<String> skipped) {
        return read(p, token, skipped, namesInterned(p));
    }

    /**
     * Whether {@code p} hands over property names interned already: a parser of text whose factory
     * canonicalises and interns them (this class's, and Jackson 2's defaults, which fabric8's mappers
     * keep), so each distinct name was interned once, when it entered the factory's symbol table. A
     * parser over a tree hands over the tree's own keys.
     */
    private static boolean namesInterned(tools.jackson.core.JsonParser p) {
        if (!(p instanceof ParserBase)) {
            return false;
        }
        TokenStreamFactory factory = p.objectReadContext().tokenStreamFactory();
        return factory != null && factory.isEnabled(TokenStreamFactory.Feature.CANONICALIZE_PROPERTY_NAMES)
                && factory.isEnabled(TokenStreamFactory.Feature.INTERN_PROPERTY_NAMES);
    }

    /** The value starting at {@code token} without the member at {@code skipped}. */
    private static Json read(tools.jackson.core.JsonParser p, JsonToken token, List<String> skipped, boolean namesInterned) {
        if (token == null) {
            throw new JsonException("unexpected end of input");
        }
        return switch (token) {
            case START_OBJECT -> {
                Map<String, Json> fields = new LinkedHashMap<>();
                for (JsonToken t = p.nextToken(); t != JsonToken.END_OBJECT; t = p.nextToken()) {
                    // Keys come from a small vocabulary (field names, label keys) and trees are kept in
                    // caches: one copy of each instead of one per object. String.intern per key was
                    // 2 % of the controller's CPU against kube-controller-manager without rate limits.
                    String name = p.currentName();
                    String go = goString(name);
                    String key = namesInterned && go == name ? name : go.intern();
                    JsonToken value = p.nextToken();
                    if (skipped.isEmpty() || !skipped.get(0).equals(key)) {
                        fields.put(key, read(p, value, List.of(), namesInterned));
                    } else if (skipped.size() == 1) {
                        p.skipChildren();
                    } else {
                        fields.put(key, read(p, value, skipped.subList(1, skipped.size()), namesInterned));
                    }
                }
                yield new Json.Obj(fields);
            }
            case START_ARRAY -> {
                List<Json> items = new ArrayList<>();
                for (JsonToken t = p.nextToken(); t != JsonToken.END_ARRAY; t = p.nextToken()) {
                    items.add(read(p, t, List.of(), namesInterned));
                }
                yield new Json.Arr(items);
            }
            case VALUE_STRING -> new Json.Str(goString(p.getString()));
            case VALUE_NUMBER_INT -> new Json.Num(switch (p.getNumberType()) {
                case INT, LONG -> BigDecimal.valueOf(p.getLongValue());
                default -> new BigDecimal(p.getBigIntegerValue());
            });
            case VALUE_NUMBER_FLOAT -> new Json.Num(p.getDecimalValue());
            case VALUE_TRUE -> Json.Bool.TRUE;
            case VALUE_FALSE -> Json.Bool.FALSE;
            case VALUE_NULL -> Json.Null.INSTANCE;
            // a tree made from objects may hold values as they are: raw JSON text (fabric8 sends a
            // revision's data that way), or any other value, which Jackson serialises
            case VALUE_EMBEDDED_OBJECT -> embedded(p.getEmbeddedObject());
            default -> throw new JsonException("unexpected token " + token);
        };
    }

    private static Json embedded(Object value) {
        if (value == null) {
            return Json.Null.INSTANCE;
        }
        if (value instanceof RawValue raw) {
            Object text = raw.rawValue();
            return parse(text instanceof SerializableString s ? s.getValue() : String.valueOf(text));
        }
        return read((JsonNode) MAPPER.valueToTree(value));
    }

    /** {@code s} as Go decodes it: every surrogate that is not half of a pair replaced by U+FFFD. */
    static String goString(String s) {
        int i = 0;
        while (i < s.length() && !Character.isSurrogate(s.charAt(i))) {
            i++;
        }
        if (i == s.length()) {
            return s;
        }
        StringBuilder out = new StringBuilder(s.length()).append(s, 0, i);
        while (i < s.length()) {
            char c = s.charAt(i);
            if (Character.isHighSurrogate(c) && i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1))) {
                out.append(c).append(s.charAt(i + 1));
                i += 2;
            } else {
                out.append(Character.isSurrogate(c) ? '\ufffd' : c);
                i++;
            }
        }
        return out.toString();
    }

    /** Jackson's reason in the words the hand-written parser used, with the offset. */
    private static String describe(JacksonException e) {
        String reason = e.getOriginalMessage();
        String what;
        if (reason.contains("CTRL-CHAR")) {
            what = "control character in string";
        } else if (reason.contains("end-of-input") && (reason.contains("quote") || reason.contains("escape"))) {
            what = "unterminated string";
        } else if (reason.contains("nesting depth")) {
            what = "nesting deeper than " + MAX_DEPTH;
        } else if (reason.startsWith("Unexpected end-of-input")) {
            // Jackson's "expected close marker for Object (start marker at [Source: REDACTED ...])"
            what = "unexpected end of input: " + (reason.contains("Array") ? "an array" : reason.contains("Object") ? "an object" : "a value")
                    + " is not closed";
        } else {
            what = reason;
        }
        long offset = offset(e.getLocation());
        return offset < 0 ? what : what + " at offset " + offset;
    }

    private static long offset(TokenStreamLocation location) {
        return location == null ? -1 : location.getCharOffset();
    }
}
