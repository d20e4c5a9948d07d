package dev.stateful.fabric8.informer;

import dev.stateful.codec.JsonBody;
import dev.stateful.domain.json.Json;
import dev.stateful.domain.model.Pod;
import dev.stateful.fabric8.convert.ProtobufWatchEvent;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Pods read off the protobuf pod watch, handed to the informers' deserializer ({@link RecordSerialization})
 * by a number. fabric8's watch reads only text ({@code WatcherWebSocketListener} turns a binary message into
 * a string), so the pod watch's listener ({@link ProtobufPodWatches}) gives it a small JSON event holding the
 * pod's kind, what fabric8 reads of its metadata and the number ({@value #FIELD}); the deserializer takes the
 * pod by that number. Writing each pod out as JSON for fabric8 to read back cost more than reading it from
 * protobuf (docs/benchmarks.md, "Each side in a JVM of its own, the watch's pods handed over, keys interned once").
 *
 * <p>Only the last {@link #KEPT} are kept: events are taken in the order they were read, and a socket reads
 * at most {@link ReadAheadWatches#AHEAD} past the one being decoded, so older ones belong to a watch that was
 * closed before fabric8 read them.
 */
final class DecodedPods {

    static final String FIELD = "stateful.dev/decoded";
    static final int KEPT = 8 * ReadAheadWatches.AHEAD;

    private final Map<Long, Pod> pods = new ConcurrentHashMap<>();
    private final AtomicLong last = new AtomicLong();

    /** The JSON text of {@code event} for fabric8's watch, its pod kept until {@link #take}n. */
    String handOver(ProtobufWatchEvent.PodEvent event) {
        long number = last.incrementAndGet();
        pods.put(number, event.pod());
        pods.remove(number - KEPT);
        var metadata = event.pod().metadata();
        Map<String, Object> meta = new LinkedHashMap<>();
        putNonEmpty(meta, "namespace", metadata.namespace());
        putNonEmpty(meta, "name", metadata.name());
        putNonEmpty(meta, "uid", metadata.uid());
        putNonEmpty(meta, "resourceVersion", metadata.resourceVersion());
        Map<String, Object> object = new LinkedHashMap<>();
        object.put("apiVersion", "v1");
        object.put("kind", "Pod");
        object.put("metadata", meta);
        object.put(FIELD, number);
        Map<String, Object> text = new LinkedHashMap<>();
        text.put("type", event.type());
        text.put("object", object);
        return JsonBody.write(Json.from(text));
    }

    /** Whether {@code pod}, as fabric8 read it, is one handed over here. */
    static boolean isHandedOver(Json.Obj pod) {
        return pod.has(FIELD);
    }

    /** The pod handed over as {@code pod}'s number; an IllegalStateException if it is no longer kept. */
    Pod take(Json.Obj pod) {
        long number = pod.integer(FIELD).orElseThrow(() -> new IllegalStateException(FIELD + " is not a number"));
        Pod taken = pods.remove(number);
        if (taken == null) {
            throw new IllegalStateException("pod " + number + " read off the watch is no longer kept (only the last " + KEPT + " are)");
        }
        return taken;
    }

    int kept() {
        return pods.size();
    }

    private static void putNonEmpty(Map<String, Object> map, String key, String value) {
        if (value != null && !value.isEmpty()) {
            map.put(key, value);
        }
    }
}
