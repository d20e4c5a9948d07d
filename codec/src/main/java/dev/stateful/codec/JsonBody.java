package dev.stateful.codec;

import dev.stateful.domain.json.Json;
import dev.stateful.domain.json.JsonWriter;
import java.io.StringWriter;
import tools.jackson.core.JsonGenerator;
import tools.jackson.core.StreamWriteFeature;
import tools.jackson.databind.json.JsonMapper;

/**
 * A {@link Json} tree as the text of a request body, written by Jackson's generator: keys in the
 * tree's order, numbers as the exact decimals they were read as (the API server's own text, written
 * plainly), strings with JSON's escaping. That is all the API server reads. Go's byte form
 * ({@link JsonWriter}: sorted keys, float64 numbers, HTML-safe escapes) is the revision hash's rule
 * (upstream's {@code getPatch} writes the revision data with {@code json.Marshal}, and
 * {@code HashControllerRevision} hashes those bytes), not the wire's: upstream's client sends the
 * typed pod, whose integers are exact.
 */
public final class JsonBody {

    private static final JsonMapper MAPPER = JsonMapper.builder().enable(StreamWriteFeature.WRITE_BIGDECIMAL_AS_PLAIN).build();

    private JsonBody() {
    }

    public static String write(Json json) {
        StringWriter out = new StringWriter(1024);
        try (JsonGenerator generator = MAPPER.createGenerator(out)) {
            write(json, generator);
        }
        return out.toString();
    }

    /**
     * {@code json} with one more member, {@code name}, whose value is written as the raw JSON text
     * {@code raw}, byte for byte: a revision's data, whose bytes the revision's name hashes.
     */
    public static String write(Json.Obj json, String name, String raw) {
        StringWriter out = new StringWriter(1024 + raw.length());
        try (JsonGenerator generator = MAPPER.createGenerator(out)) {
            generator.writeStartObject();
            json.fields().forEach((key, value) -> {
                generator.writeName(key);
                write(value, generator);
            });
            generator.writeName(name);
            generator.writeRawValue(raw);
            generator.writeEndObject();
        }
        return out.toString();
    }

    private static void write(Json json, JsonGenerator out) {
        if (json instanceof Json.Obj o) {
            out.writeStartObject();
            o.fields().forEach((name, value) -> {
                out.writeName(name);
                write(value, out);
            });
            out.writeEndObject();
        } else if (json instanceof Json.Arr a) {
            out.writeStartArray();
            for (Json item : a.items()) {
                write(item, out);
            }
            out.writeEndArray();
        } else if (json instanceof Json.Str s) {
            out.writeString(s.value());
        } else if (json instanceof Json.Num n) {
            out.writeNumber(n.value());
        } else if (json instanceof Json.Bool b) {
            out.writeBoolean(b.value());
        } else {
            out.writeNull();
        }
    }
}
