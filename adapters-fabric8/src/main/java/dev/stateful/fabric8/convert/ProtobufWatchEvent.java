package dev.stateful.fabric8.convert;

import static dev.stateful.fabric8.convert.ProtobufPod.LEN;
import static dev.stateful.fabric8.convert.ProtobufPod.VARINT;
import static dev.stateful.fabric8.convert.ProtobufPod.message;

import com.google.protobuf.ByteString;
import com.google.protobuf.CodedInputStream;
import dev.stateful.codec.JsonBody;
import dev.stateful.domain.json.Json;
import dev.stateful.domain.model.Pod;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One event of a pod watch in kube-apiserver's protobuf form, read into its type and either the pod
 * ({@link PodEvent}, as {@link ProtobufPod} reads it) or, for an ERROR (e.g. 410 Gone), the
 * {@code Status} fabric8 reads ({@link StatusEvent}).
 *
 * <p>The frame, as {@code WatchServer.HandleWS} sends one per WebSocket binary message: a
 * {@code metav1.WatchEvent} (type 1, object 2) written raw, whose object is a
 * {@code runtime.RawExtension} (raw 1) holding the object as the protobuf serializer writes it:
 * the magic {@code k8s\0}, then a {@code runtime.Unknown} (typeMeta 1 with apiVersion 1 and kind 2,
 * raw 2, contentEncoding 3). The object is a v1 Pod (ADDED, MODIFIED, DELETED, BOOKMARK) or a v1
 * Status (ERROR).
 */
public final class ProtobufWatchEvent {

    private static final ByteString MAGIC = ByteString.copyFrom(new byte[] {'k', '8', 's', 0});

    private ProtobufWatchEvent() {
    }

    /** A watch event: its type and what it carries. */
    public sealed interface Event permits PodEvent, StatusEvent {
        String type();
    }

    /** An ADDED, MODIFIED, DELETED or BOOKMARK event and its pod (a bookmark's holds only a resourceVersion). */
    public record PodEvent(String type, Pod pod) implements Event {
    }

    /** An ERROR event and its {@code Status} as JSON: apiVersion, kind, status, message, reason and code. */
    public record StatusEvent(String type, Json status) implements Event {

        /** The event as the JSON text fabric8's watch reads (a 410 among them, which makes its informer list again). */
        public String json() {
            Map<String, Object> event = new LinkedHashMap<>(2);
            event.put("type", type);
            event.put("object", status);
            return JsonBody.write(Json.from(event));
        }
    }

    /** The event in {@code frame}; an IOException if it is not a pod watch's event. */
    public static Event read(ByteBuffer frame) throws IOException {
        String[] type = {""};
        ByteString[] object = {null};
        ProtobufPod.fields(CodedInputStream.newInstance(frame), null, (none, tag, in) -> {
            switch (tag) {
                case (1 << 3) | LEN -> type[0] = in.readString();
                case (2 << 3) | LEN -> object[0] = message(in, new ByteString[1], (raw, t, s) -> {
                    switch (t) {
                        case (1 << 3) | LEN -> raw[0] = s.readBytes();
                        default -> s.skipField(t);
                    }
                })[0];
                default -> in.skipField(tag);
            }
        });
        if (type[0].isEmpty() || object[0] == null) {
            throw new IOException("not a watch event: it has no type or no object");
        }
        return event(type[0], object[0]);
    }

    private static final class Unknown {
        String apiVersion = "";
        String kind = "";
        ByteString raw = ByteString.EMPTY;
        String contentEncoding = "";
    }

    private static Event event(String type, ByteString bytes) throws IOException {
        if (!bytes.startsWith(MAGIC)) {
            throw new IOException("the event's object is not in the protobuf form (no k8s\\0 prefix)");
        }
        Unknown unknown = new Unknown();
        ProtobufPod.fields(bytes.substring(MAGIC.size()).newCodedInput(), unknown, (u, tag, in) -> {
            switch (tag) {
                case (1 << 3) | LEN -> message(in, u, (m, t, s) -> {
                    switch (t) {
                        case (1 << 3) | LEN -> m.apiVersion = s.readString();
                        case (2 << 3) | LEN -> m.kind = s.readString();
                        default -> s.skipField(t);
                    }
                });
                case (2 << 3) | LEN -> u.raw = in.readBytes();
                case (3 << 3) | LEN -> u.contentEncoding = in.readString();
                default -> in.skipField(tag);
            }
        });
        if (!unknown.contentEncoding.isEmpty()) {
            throw new IOException("the event's object is encoded as " + unknown.contentEncoding);
        }
        String kind = unknown.apiVersion + "/" + unknown.kind;
        return switch (kind) {
            case "v1/Pod" -> new PodEvent(type, ProtobufPod.read(unknown.raw.newCodedInput()));
            case "v1/Status" -> new StatusEvent(type, status(unknown.raw.newCodedInput()));
            default -> throw new IOException("a pod watch sent a " + kind);
        };
    }

    /** metav1.Status: status 2, message 3, reason 4, code 6; what fabric8 reads of an ERROR event. */
    private static Json status(CodedInputStream in) throws IOException {
        Map<String, Object> status = new LinkedHashMap<>();
        status.put("apiVersion", "v1");
        status.put("kind", "Status");
        ProtobufPod.fields(in, status, (s, tag, stream) -> {
            switch (tag) {
                case (2 << 3) | LEN -> s.put("status", stream.readString());
                case (3 << 3) | LEN -> s.put("message", stream.readString());
                case (4 << 3) | LEN -> s.put("reason", stream.readString());
                case (6 << 3) | VARINT -> s.put("code", stream.readInt32());
                default -> stream.skipField(tag);
            }
        });
        return Json.from(status);
    }
}
