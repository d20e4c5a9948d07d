package dev.stateful.app.logging;

import dev.stateful.domain.json.Json;
import dev.stateful.domain.json.JsonWriter;
import dev.stateful.domain.model.ObjectKey;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One log entry as Kubernetes components write it (klog and component-base's logs/json), as pure
 * functions of its fields. Text: {@code I1201 13:28:36.123456   4242 Caller.java:87] "msg" statefulSet="ns/name" err="..."}.
 * JSON: {@code {"ts":1764595716.123,"caller":"Caller.java:87","msg":"...","v":0,"statefulSet":{"name":..,"namespace":..},"err":".."}},
 * where errors carry {@code err} and no {@code v}, as {@code klog.ErrorS} entries do. Never a stack trace:
 * an exception is its chain of messages in {@code err}, so a dropped connection is one line.
 *
 * @param severity {@code I}, {@code W} or {@code E}
 * @param verbosity klog's V level of an info entry (0 for INFO and WARN, 4 for DEBUG, 5 for TRACE)
 * @param keyValues structured values in order; an {@link ObjectKey} is an object reference, as {@code klog.KObj}
 * @param err the error, or null
 */
public record KubernetesLogLine(Instant time, char severity, int verbosity, long pid, String caller, String message,
                                List<Map.Entry<String, Object>> keyValues, String err) {

    private static final DateTimeFormatter KLOG_TIME = DateTimeFormatter.ofPattern("MMdd HH:mm:ss.SSSSSS").withZone(ZoneOffset.UTC);

    public String text() {
        StringBuilder b = new StringBuilder();
        b.append(severity).append(KLOG_TIME.format(time)).append(String.format(" %7d ", pid)).append(caller).append("] ");
        b.append(quote(message));
        for (Map.Entry<String, Object> kv : keyValues) {
            b.append(' ').append(kv.getKey()).append('=').append(textValue(kv.getValue()));
        }
        if (err != null) {
            b.append(" err=").append(quote(err));
        }
        return b.toString();
    }

    public String json() {
        Map<String, Object> fields = new LinkedHashMap<>();
        fields.put("ts", new BigDecimal(time.getEpochSecond()).add(BigDecimal.valueOf(time.getNano(), 9)));
        fields.put("caller", caller);
        fields.put("msg", message);
        if (severity != 'E') {
            fields.put("v", verbosity);
        }
        for (Map.Entry<String, Object> kv : keyValues) {
            fields.put(kv.getKey(), jsonValue(kv.getValue()));
        }
        if (err != null) {
            fields.put("err", err);
        }
        // JsonWriter sorts keys (Go's map order); klog's JSON keeps this order, so write the fields one by one
        StringBuilder b = new StringBuilder("{");
        fields.forEach((k, v) -> b.append(b.length() > 1 ? "," : "").append(JsonWriter.write(Json.of(k))).append(':')
                .append(JsonWriter.write(Json.from(v))));
        return b.append('}').toString();
    }

    private static String textValue(Object value) {
        if (value instanceof Number || value instanceof Boolean) {
            return value.toString();
        }
        return quote(String.valueOf(value)); // ObjectKey prints as ns/name, klog.KObj's text form
    }

    private static Object jsonValue(Object value) {
        if (value instanceof ObjectKey key) {
            return Json.object("name", key.name(), "namespace", key.namespace());
        }
        if (value == null || value instanceof Number || value instanceof Boolean || value instanceof String) {
            return value;
        }
        return value.toString();
    }

    /** Go's strconv.Quote for what logs carry: quotes, backslashes and control characters escaped. */
    static String quote(String s) {
        StringBuilder b = new StringBuilder("\"");
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> b.append("\\\"");
                case '\\' -> b.append("\\\\");
                case '\n' -> b.append("\\n");
                case '\t' -> b.append("\\t");
                case '\r' -> b.append("\\r");
                default -> {
                    if (c < 0x20) {
                        b.append(String.format("\\x%02x", (int) c));
                    } else {
                        b.append(c);
                    }
                }
            }
        }
        return b.append('"').toString();
    }
}
