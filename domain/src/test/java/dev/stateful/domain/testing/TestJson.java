package dev.stateful.domain.testing;

import dev.stateful.domain.json.Json;
import dev.stateful.domain.model.ControllerRevision;
import dev.stateful.domain.model.ObjectMeta;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * JSON text as {@link Json} trees, for tests that write their inputs as text. The domain reads no JSON
 * itself (the codec module does, for the wire); this reader is plain Jackson, for fixtures only.
 */
public final class TestJson {

    private static final JsonMapper MAPPER = JsonMapper.builder().enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS).build();

    private TestJson() {
    }

    public static Json parse(String text) {
        return of(MAPPER.readTree(text));
    }

    public static Json.Obj parseObject(String text) {
        return (Json.Obj) parse(text);
    }

    /** A revision with this data, decoded as the codec would decode it (null when it is not JSON). */
    public static ControllerRevision revision(ObjectMeta meta, String data, long revision) {
        Json decoded;
        try {
            decoded = parse(data);
        } catch (JacksonException notJson) {
            decoded = null;
        }
        return new ControllerRevision(meta, data, revision, decoded);
    }

    private static Json of(JsonNode node) {
        if (node.isObject()) {
            Map<String, Json> fields = new LinkedHashMap<>();
            node.properties().forEach(e -> fields.put(e.getKey(), of(e.getValue())));
            return new Json.Obj(fields);
        }
        if (node.isArray()) {
            List<Json> items = new ArrayList<>();
            node.values().forEach(v -> items.add(of(v)));
            return new Json.Arr(items);
        }
        if (node.isString()) {
            return Json.of(node.stringValue());
        }
        if (node.isNumber()) {
            return new Json.Num(node.decimalValue());
        }
        if (node.isBoolean()) {
            return Json.of(node.booleanValue());
        }
        return Json.Null.INSTANCE;
    }
}
