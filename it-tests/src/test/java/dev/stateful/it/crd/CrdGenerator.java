package dev.stateful.it.crd;

import io.fabric8.kubernetes.client.utils.Serialization;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Generates deploy/crd/customresourcedefinition.yaml, our own StatefulSet kind, from the apps/v1
 * OpenAPI v3 document a real kube-apiserver publishes ({@code /openapi/v3/apis/apps/v1}): the
 * StatefulSet spec and status exactly as apps/v1 types them, made structural (references inlined,
 * int-or-string and quantities marked, schemaless objects preserved, what a CRD schema may not
 * hold dropped), plus what only our kind has ({@link CrdAdditions}). Pure: the same document gives
 * the same bytes.
 */
public final class CrdGenerator {

    private static final String REF_PREFIX = "#/components/schemas/";
    private static final String OBJECT_META = "io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta";
    private static final String STATEFUL_SET = "io.k8s.api.apps.v1.StatefulSet";
    /** Keys a CRD schema accepts that the published document uses. */
    private static final Set<String> KEPT = Set.of("type", "format", "properties", "additionalProperties", "items", "required",
            "enum", "default", "x-kubernetes-map-type", "x-kubernetes-list-type");
    /** Formats apiextensions validates; others are left out. */
    private static final Set<String> FORMATS = Set.of("int32", "int64", "date-time", "byte", "double");

    private final Map<String, Object> schemas;

    private CrdGenerator(Map<String, Object> schemas) {
        this.schemas = schemas;
    }

    /** The CRD, as YAML, from the apps/v1 OpenAPI v3 document (JSON). */
    public static String generate(String openApiJson) {
        Map<String, Object> document = map(Serialization.unmarshal(openApiJson, Map.class));
        Map<String, Object> schemas = map(map(document.get("components")).get("schemas"));
        CrdGenerator generator = new CrdGenerator(schemas);
        Map<String, Object> set = map(schemas.get(STATEFUL_SET));
        Map<String, Object> properties = map(set.get("properties"));
        Map<String, Object> spec = generator.resolve(properties.get("spec"), 0);
        Map<String, Object> status = generator.resolve(properties.get("status"), 0);
        return CrdAdditions.crd(spec, status);
    }

    /** A schema made structural; {@code depth} guards against a cycle (apps/v1 has none). */
    Map<String, Object> resolve(Object node, int depth) {
        if (depth > 64) {
            throw new IllegalStateException("schema nests deeper than 64: a cycle");
        }
        Map<String, Object> in = map(node);
        String ref = reference(in);
        if (ref != null) {
            if (ref.equals(OBJECT_META)) {
                // embedded metadata (pod and claim templates): what an apps/v1 template keeps of it
                return CrdAdditions.embeddedMetadata();
            }
            Map<String, Object> merged = new LinkedHashMap<>(map(schemas.get(ref)));
            in.forEach((k, v) -> {
                if (!k.equals("allOf") && !k.equals("$ref")) {
                    merged.putIfAbsent(k, v);
                }
            });
            merged.remove("allOf");
            merged.remove("$ref");
            return resolve(merged, depth + 1);
        }
        Map<String, Object> out = new LinkedHashMap<>();
        if ("int-or-string".equals(in.get("format")) || isQuantity(in)) {
            out.put("x-kubernetes-int-or-string", true);
            out.put("anyOf", List.of(Map.of("type", "integer"), Map.of("type", "string")));
            return out;
        }
        for (String key : new TreeMap<>(in).keySet()) {
            Object value = in.get(key);
            if (!KEPT.contains(key)) {
                continue;
            }
            switch (key) {
                case "properties" -> {
                    Map<String, Object> props = new TreeMap<>();
                    map(value).forEach((name, schema) -> props.put(name, resolve(schema, depth + 1)));
                    out.put(key, props);
                }
                case "additionalProperties", "items" -> out.put(key, resolve(value, depth + 1));
                case "format" -> {
                    if (FORMATS.contains(value)) {
                        out.put(key, value);
                    }
                }
                case "default" -> {
                    // "{}" and "" mark Go zero values, not defaults an API server applies
                    if (!(value instanceof Map) && !"".equals(value)) {
                        out.put(key, value);
                    }
                }
                case "x-kubernetes-list-type" -> {
                    // a map list needs its keys required or defaulted in a CRD; atomic is what a CRD list is anyway
                    if ("set".equals(value)) {
                        out.put(key, value);
                    }
                }
                default -> out.put(key, value);
            }
        }
        if (!out.containsKey("type")) {
            out.put("x-kubernetes-preserve-unknown-fields", true);
        } else if ("object".equals(out.get("type")) && !out.containsKey("properties") && !out.containsKey("additionalProperties")) {
            // FieldsV1, RawExtension: free-form objects
            out.put("x-kubernetes-preserve-unknown-fields", true);
        }
        return out;
    }

    private static boolean isQuantity(Map<String, Object> schema) {
        Object oneOf = schema.get("oneOf");
        return oneOf instanceof List<?> list && list.size() == 2 && !schema.containsKey("type");
    }

    private static String reference(Map<String, Object> schema) {
        Object direct = schema.get("$ref");
        if (direct instanceof String s) {
            return s.substring(REF_PREFIX.length());
        }
        if (schema.get("allOf") instanceof List<?> all && all.size() == 1 && all.get(0) instanceof Map<?, ?> only
                && only.get("$ref") instanceof String s) {
            return s.substring(REF_PREFIX.length());
        }
        return null;
    }

    @SuppressWarnings("unchecked")
    static Map<String, Object> map(Object value) {
        return value == null ? new LinkedHashMap<>() : (Map<String, Object>) value;
    }

    static List<Object> list(Object... items) {
        return new ArrayList<>(List.of(items));
    }
}
