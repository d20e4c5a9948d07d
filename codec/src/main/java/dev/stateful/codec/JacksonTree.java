package dev.stateful.codec;

import dev.stateful.domain.json.Json;
import dev.stateful.domain.json.JsonWriter;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * A {@link Json} tree as a Jackson tree, for libraries that bind Jackson trees to their own classes
 * (fabric8's model) without an intermediate string. The tree is the one the Go-compatible text would
 * parse to, so binding it gives what binding {@link JsonWriter#write} output gave: keys in Go's order,
 * numbers as their float64 form (a number with a fraction or an exponent binds as a double, as Jackson
 * reads such text; an integer as the narrowest integer node).
 */
public final class JacksonTree {

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private JacksonTree() {
    }

    public static JsonNode of(Json json) {
        if (json instanceof Json.Obj o) {
            ObjectNode out = NODES.objectNode();
            List<Map.Entry<String, Json>> fields = new ArrayList<>(o.fields().entrySet());
            fields.sort(Map.Entry.comparingByKey(JsonWriter.UTF8_ORDER));
            for (Map.Entry<String, Json> field : fields) {
                out.set(JsonParser.goString(field.getKey()), of(field.getValue()));
            }
            return out;
        }
        if (json instanceof Json.Arr a) {
            ArrayNode out = NODES.arrayNode(a.items().size());
            a.items().forEach(item -> out.add(of(item)));
            return out;
        }
        if (json instanceof Json.Str s) {
            return NODES.stringNode(JsonParser.goString(s.value()));
        }
        if (json instanceof Json.Num n) {
            return number(JsonWriter.write(n));
        }
        if (json instanceof Json.Bool b) {
            return NODES.booleanNode(b.value());
        }
        return NODES.nullNode();
    }

    /** The node Jackson's parser makes of this number text. */
    private static JsonNode number(String text) {
        if (text.indexOf('.') >= 0 || text.indexOf('e') >= 0) {
            return NODES.numberNode(Double.parseDouble(text));
        }
        BigInteger value = new BigInteger(text);
        if (value.bitLength() < 32) {
            return NODES.numberNode(value.intValue());
        }
        if (value.bitLength() < 64) {
            return NODES.numberNode(value.longValue());
        }
        return NODES.numberNode(value);
    }
}
