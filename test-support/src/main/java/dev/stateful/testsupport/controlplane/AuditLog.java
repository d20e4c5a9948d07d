package dev.stateful.testsupport.controlplane;

import dev.stateful.testsupport.api.ApiWrite;
import io.fabric8.kubernetes.client.utils.Serialization;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/**
 * kube-apiserver's audit log (one JSON event per write, written before the answer is sent, and
 * every request of a service account) read as {@link ApiWrite}s in the order the server completed
 * them, and the requests RBAC refused. A service account's requests carry the account's name as
 * their user, a static-token user's its name.
 */
public final class AuditLog {

    private static final String SERVICE_ACCOUNT = "system:serviceaccount:";

    private final Path file;
    private static final java.util.Set<String> WRITES = java.util.Set.of("create", "update", "patch", "delete", "deletecollection");

    /** A request the authorizer refused (403). */
    public record Denial(String user, String verb, String uri) {
    }

    /**
     * One request the log recorded: every write, and every request of a service account (reads
     * too). A watch counts once, when its response started (it may never complete).
     *
     * @param verb the API verb: get, list, watch, create, update, patch, delete, deletecollection
     * @param resource the resource plural ({@code pods}), or the path for a non-resource request ({@code /version})
     * @param subresource {@code status}, {@code binding}, ..., or empty
     * @param nanos when it completed (a watch: when its response started), epoch nanoseconds
     */
    public record Request(String user, String verb, String resource, String subresource, String namespace, int code, long nanos) {
        /** {@code resource/subresource}, or the resource alone. */
        public String target() {
            return subresource.isEmpty() ? resource : resource + "/" + subresource;
        }
    }

    private final List<Request> requests = new ArrayList<>();
    private final List<ApiWrite> writes = new ArrayList<>();
    private final List<Denial> denials = new ArrayList<>();
    private long offset;

    AuditLog(Path file) {
        this.file = file;
    }

    public synchronized List<ApiWrite> writes() {
        readNewLines();
        return List.copyOf(writes);
    }

    /** Requests answered 403 Forbidden, in order. */
    public synchronized List<Denial> denials() {
        readNewLines();
        return List.copyOf(denials);
    }

    /** Every request recorded, in the order the server answered them. */
    public synchronized List<Request> requests() {
        readNewLines();
        return List.copyOf(requests);
    }

    public List<ApiWrite> writes(Predicate<ApiWrite> filter) {
        return writes().stream().filter(filter).toList();
    }

    private void readNewLines() {
        if (!Files.exists(file)) {
            return;
        }
        try (RandomAccessFile in = new RandomAccessFile(file.toFile(), "r")) {
            long length = in.length();
            if (length <= offset) {
                return;
            }
            byte[] bytes = new byte[(int) (length - offset)];
            in.seek(offset);
            in.readFully(bytes);
            int end = lastNewline(bytes);
            if (end < 0) {
                return; // a line still being written
            }
            offset += end + 1;
            for (String line : new String(bytes, 0, end, StandardCharsets.UTF_8).split("\n")) {
                if (!line.isBlank()) {
                    add(line);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static int lastNewline(byte[] bytes) {
        for (int i = bytes.length - 1; i >= 0; i--) {
            if (bytes[i] == '\n') {
                return i;
            }
        }
        return -1;
    }

    @SuppressWarnings("unchecked")
    private void add(String line) {
        Map<String, Object> event = Serialization.unmarshal(line, Map.class);
        String verb = String.valueOf(event.get("verb"));
        Map<String, Object> status = (Map<String, Object>) event.getOrDefault("responseStatus", Map.of());
        int code = ((Number) status.getOrDefault("code", 0)).intValue();
        String user = shortName(String.valueOf(((Map<String, Object>) event.getOrDefault("user", Map.of())).get("username")));
        if (code == 403) {
            denials.add(new Denial(user, verb, String.valueOf(event.get("requestURI"))));
        }
        Object stage = event.get("stage");
        if ("watch".equals(verb) ? "ResponseStarted".equals(stage) : "ResponseComplete".equals(stage)) {
            requests.add(request(event, user, verb, code));
        }
        if (WRITES.contains(verb) && "ResponseComplete".equals(stage)) {
            writes.add(write(event, writes.size() + 1, user, verb, code));
        }
    }

    @SuppressWarnings("unchecked")
    private static ApiWrite write(Map<String, Object> event, long sequence, String user, String verb, int code) {
        Map<String, Object> object = (Map<String, Object>) event.getOrDefault("objectRef", Map.of());
        String uri = String.valueOf(event.get("requestURI"));
        Instant at = Instant.parse(String.valueOf(event.get("stageTimestamp")));
        return new ApiWrite(sequence, at.getEpochSecond() * 1_000_000_000L + at.getNano(), user, method(verb),
                withoutQuery(uri), String.valueOf(object.getOrDefault("name", "")), code);
    }

    @SuppressWarnings("unchecked")
    private static Request request(Map<String, Object> event, String user, String verb, int code) {
        Map<String, Object> object = (Map<String, Object>) event.get("objectRef");
        Instant at = Instant.parse(String.valueOf(event.get("stageTimestamp")));
        long nanos = at.getEpochSecond() * 1_000_000_000L + at.getNano();
        if (object == null) {
            return new Request(user, verb, withoutQuery(String.valueOf(event.get("requestURI"))), "", "", code, nanos);
        }
        return new Request(user, verb, String.valueOf(object.getOrDefault("resource", "")), String.valueOf(object.getOrDefault("subresource", "")),
                String.valueOf(object.getOrDefault("namespace", "")), code, nanos);
    }

    private static String withoutQuery(String uri) {
        int query = uri.indexOf('?');
        return query < 0 ? uri : uri.substring(0, query);
    }

    private static String shortName(String username) {
        return username.startsWith(SERVICE_ACCOUNT) ? username.substring(username.lastIndexOf(':') + 1) : username;
    }

    private static String method(String verb) {
        return switch (verb) {
            case "create" -> "POST";
            case "update" -> "PUT";
            case "patch" -> "PATCH";
            case "delete", "deletecollection" -> "DELETE";
            default -> verb.toUpperCase(java.util.Locale.ROOT);
        };
    }
}
