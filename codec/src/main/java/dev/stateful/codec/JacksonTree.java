package dev.stateful.codec;

import dev.stateful.domain.json.Json;
import dev.stateful.domain.json.JsonWriter;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * A {@link Json} tree as a Jackson tree, for libraries that bind Jackson trees to their own classes
 * (fabric8's model) without an intermediate string. The tree is the one the Go-compatible text would
 * parse to, so binding it gives what binding {@link JsonWriter#write} output gave: keys in Go's order,
 * numbers as their float64 form (a number with a fraction or an exponent binds as a double, as Jackson
 * reads such text; an integer as the narrowest integer node), except an integer that fits 64 bits,
 * which is bound exactly: the API server keeps such a number exactly in a typed object's int64 field and
 * in a custom resource (apimachinery's unstructured decoding makes it an int64). Its float64 form made a
 * set of our kind read from a watch event differ from the same set read from a list, and made a live
 * pod written back ({@code LiveMerge}) with an {@code activeDeadlineSeconds} past 2^53 fail to bind, or
 * change a spec field the API server does not let change. Revision data is not written through here: it
 * keeps upstream's float64 form ({@code getPatch}'s {@code map[string]interface{}}).
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
            Optional<BigInteger> exact = exactLong(n.value());
            if (exact.isEmpty()) {
                return number(JsonWriter.write(n));
            }
            BigInteger value = exact.get();
            return value.bitLength() < 32 ? NODES.numberNode(value.intValue()) : NODES.numberNode(value.longValue());
        }
        if (json instanceof Json.Bool b) {
            return NODES.booleanNode(b.value());
        }
        return NODES.nullNode();
    }

    /**
     * The value, when it is an integer that fits a signed 64-bit integer. Its digits are counted
     * before it is made an integer, so that {@code 1e1000000} costs nothing.
     */
    private static Optional<BigInteger> exactLong(BigDecimal value) {
        if (value.signum() != 0 && value.precision() - value.scale() > 19) {
            return Optional.empty();
        }
        try {
            BigInteger integer = value.toBigIntegerExact();
            return integer.bitLength() < 64 ? Optional.of(integer) : Optional.empty();
        } catch (ArithmeticException fraction) {
            return Optional.empty();
        }
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
