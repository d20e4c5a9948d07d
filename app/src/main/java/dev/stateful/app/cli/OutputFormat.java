package dev.stateful.app.cli;

import dev.stateful.codec.JsonParser;
import dev.stateful.domain.json.Json;
import dev.stateful.domain.json.JsonWriter;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.yaml.snakeyaml.DumperOptions;
import org.yaml.snakeyaml.Yaml;
import picocli.CommandLine;

/**
 * kubectl's {@code -o}: the human text (default), {@code wide} (more table columns), or the same
 * data as indented {@code json} or {@code yaml} for scripts. A watched stream prints one object per
 * event, as {@code kubectl get -w -o json} does (YAML documents separated by {@code ---}).
 */
public enum OutputFormat {
    TEXT,
    WIDE,
    JSON,
    YAML;

    public boolean isStructured() {
        return this == JSON || this == YAML;
    }

    /** Prints one object in this (structured) format. */
    public void print(Json value, PrintWriter out) {
        if (this == YAML) {
            DumperOptions options = new DumperOptions();
            options.setDefaultFlowStyle(DumperOptions.FlowStyle.BLOCK);
            options.setIndicatorIndent(0);
            out.print(new Yaml(options).dump(plain(value)));
        } else {
            StringBuilder b = new StringBuilder();
            indented(value, "", b);
            out.println(b);
        }
        out.flush();
    }

    /** Prints one object of a stream: YAML documents get their separator. */
    public void printItem(Json value, PrintWriter out, boolean first) {
        if (this == YAML && !first) {
            out.println("---");
        }
        print(value, out);
    }

    /** A protobuf message in its canonical JSON mapping (camelCase fields). */
    static Json ofMessage(com.google.protobuf.MessageOrBuilder message) {
        try {
            return JsonParser.parse(com.google.protobuf.util.JsonFormat.printer().print(message));
        } catch (com.google.protobuf.InvalidProtocolBufferException e) {
            throw new IllegalStateException("cannot render " + message.getClass().getSimpleName() + " as JSON: " + e.getMessage(), e);
        }
    }

    private static void indented(Json value, String indent, StringBuilder b) {
        String inner = indent + "    ";
        if (value instanceof Json.Obj o && !o.fields().isEmpty()) {
            b.append("{\n");
            int i = 0;
            for (Map.Entry<String, Json> e : o.fields().entrySet()) {
                b.append(inner).append(JsonWriter.write(Json.of(e.getKey()))).append(": ");
                indented(e.getValue(), inner, b);
                b.append(++i < o.fields().size() ? ",\n" : "\n");
            }
            b.append(indent).append('}');
        } else if (value instanceof Json.Arr a && !a.items().isEmpty()) {
            b.append("[\n");
            for (int i = 0; i < a.items().size(); i++) {
                b.append(inner);
                indented(a.items().get(i), inner, b);
                b.append(i + 1 < a.items().size() ? ",\n" : "\n");
            }
            b.append(indent).append(']');
        } else {
            b.append(JsonWriter.write(value));
        }
    }

    /** Plain values snakeyaml can represent without Java tags (numbers as long or double). */
    private static Object plain(Json value) {
        if (value instanceof Json.Obj o) {
            Map<String, Object> out = new LinkedHashMap<>();
            o.fields().forEach((k, v) -> out.put(k, plain(v)));
            return out;
        }
        if (value instanceof Json.Arr a) {
            List<Object> out = new ArrayList<>();
            a.items().forEach(v -> out.add(plain(v)));
            return out;
        }
        if (value instanceof Json.Num n) {
            return n.asLong().<Object>map(l -> l).orElse(n.value().doubleValue());
        }
        return value.toPlain();
    }

    /**
     * picocli's {@code -o} of one command: a format it prints, in any case. Any other, {@code wide}
     * where no table is printed included, is refused as kubectl's {@code NoCompatiblePrinterError}
     * refuses it: naming the formats this command accepts, sorted as kubectl sorts them.
     */
    abstract static sealed class Converter implements CommandLine.ITypeConverter<OutputFormat> {

        private final Set<OutputFormat> accepted;

        Converter(Set<OutputFormat> accepted) {
            this.accepted = accepted;
        }

        @Override
        public OutputFormat convert(String value) {
            try {
                OutputFormat format = valueOf(value.strip().toUpperCase(Locale.ROOT));
                if (accepted.contains(format)) {
                    return format;
                }
            } catch (IllegalArgumentException e) {
                // fall through to the message naming the choices
            }
            throw new CommandLine.TypeConversionException("unable to match a printer suitable for the output format \""
                    + value + "\", allowed formats are: " + allowed());
        }

        /** The accepted formats as kubectl lists them: lower case, sorted, comma-separated. */
        String allowed() {
            return accepted.stream().map(f -> f.name().toLowerCase(Locale.ROOT)).sorted().collect(Collectors.joining(","));
        }
    }

    /** {@code -o json|yaml}: commands that print no table. */
    static final class DataConverter extends Converter {
        DataConverter() {
            super(EnumSet.of(JSON, YAML));
        }
    }

    /** {@code -o json|yaml|wide}: commands that print a table, which {@code wide} widens. */
    static final class TableConverter extends Converter {
        TableConverter() {
            super(EnumSet.of(JSON, YAML, WIDE));
        }
    }
}
