package dev.stateful.domain.testing;

import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * The hostile-input corpus, one copy for every suite that reads manifests (the command line, gRPC,
 * the in-memory cluster): each entry is a manifest a careless user or an attacker could send, and a
 * fragment of the one clear error it must get. Every entry is invalid input: exit 2 on the command
 * line, INVALID_ARGUMENT over gRPC.
 */
public final class HostileManifests {

    private HostileManifests() {
    }

    /** One manifest of the corpus. */
    public record Entry(String kind, byte[] bytes, String error) {
        public String text() {
            return new String(bytes, StandardCharsets.UTF_8);
        }

        @Override
        public String toString() {
            return kind;
        }
    }

    /** A valid StatefulSet to mutate: {@code %REPLICAS%} and {@code %EXTRA%} (spec fields, indented 2) are filled in. */
    public static String statefulSet(String replicas, String extra) {
        return """
                apiVersion: apps/v1
                kind: StatefulSet
                metadata:
                  name: web
                spec:
                  selector:
                    matchLabels: {app: nginx}
                  serviceName: nginx
                  replicas: %s
                %s  template:
                    metadata:
                      labels: {app: nginx}
                    spec:
                      containers:
                      - name: nginx
                        image: registry.k8s.io/nginx-slim:0.8
                """.formatted(replicas, extra);
    }

    /**
     * Nine levels of five aliases over one scalar: 45 aliases of collections, within SnakeYAML's cap of
     * 50, about 700 bytes, and 5^9 (about two million) scalars once expanded; a bigger fan-out grows
     * it to billions with the same few aliases.
     */
    public static String aliasBomb() {
        StringBuilder out = new StringBuilder("apiVersion: apps/v1\nkind: StatefulSet\nmetadata:\n  name: web\n  labels:\n");
        out.append("    a0: &a0 lol\n");
        for (int level = 1; level <= 9; level++) {
            String previous = "*a" + (level - 1);
            out.append("    a").append(level).append(": &a").append(level).append(" [")
                    .append(String.join(", ", List.of(previous, previous, previous, previous, previous))).append("]\n");
        }
        out.append("spec: {replicas: 1}\n");
        return out.toString();
    }

    /** Lists nested {@code depth} deep. */
    public static String nested(int depth) {
        return "apiVersion: apps/v1\nkind: StatefulSet\nmetadata: {name: web}\nspec: {x: " + "[".repeat(depth) + "]".repeat(depth) + "}\n";
    }

    public static List<Entry> all() {
        return List.of(
                utf8("wrong type", statefulSet("three", ""), "replicas"),
                utf8("tab indentation", statefulSet("3", "").replace("  serviceName", "\tserviceName"), "TAB"),
                utf8("duplicate key", statefulSet("3", "  replicas: 4\n"), "duplicate key"),
                utf8("alias bomb", aliasBomb(), "YAML node limit"),
                utf8("deep nesting", nested(200), "YAML depth limit"),
                utf8("unknown tag", statefulSet("!!python/object:os.system 3", ""), "python/object"),
                utf8("NaN", statefulSet(".nan", ""), "is not a JSON number"),
                utf8("huge number", statefulSet("99999999999999999999", ""), "replicas"),
                utf8("replicas beyond the 32-bit ordinal range", statefulSet("2147483647", "  ordinals: {start: 2}\n"),
                        "must be at most 2147483647"),
                new Entry("binary", new byte[] {0, 1, 2, 3, (byte) 0x89, 'P', 'N', 'G', 0, 0, 0, 13}, "YAML"),
                new Entry("invalid UTF-8", concat(statefulSet("3", "").getBytes(StandardCharsets.UTF_8), new byte[] {'#', (byte) 0xC3, (byte) 0x28, '\n'}),
                        "UTF-8"),
                utf8("unknown StatefulSet apiVersion", statefulSet("3", "").replace("apps/v1", "apps/v9beta7"), "apps/v9beta7"),
                utf8("unknown Service apiVersion", "apiVersion: apps/v9beta7\nkind: Service\nmetadata: {name: nginx}\n---\n"
                        + statefulSet("3", ""), "apps/v9beta7"),
                new Entry("over the size limit", tooLarge(), "YAML size limit"));
    }

    private static byte[] tooLarge() {
        String body = statefulSet("3", "");
        StringBuilder out = new StringBuilder(body);
        String filler = "# " + "x".repeat(1000) + "\n";
        while (out.length() <= 3 * 1024 * 1024) {
            out.append(filler);
        }
        return out.toString().getBytes(StandardCharsets.UTF_8);
    }

    private static Entry utf8(String kind, String text, String error) {
        return new Entry(kind, text.getBytes(StandardCharsets.UTF_8), error);
    }

    private static byte[] concat(byte[] a, byte[] b) {
        byte[] out = new byte[a.length + b.length];
        System.arraycopy(a, 0, out, 0, a.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }
}
