package dev.stateful.grpc.convert;

import com.google.protobuf.CodedInputStream;
import com.google.protobuf.WireFormat;
import dev.stateful.domain.json.Json;
import dev.stateful.domain.model.ControllerRevision;
import dev.stateful.domain.model.ObjectMeta;
import dev.stateful.domain.model.OwnerReference;
import dev.stateful.domain.model.PersistentVolumeClaim;
import dev.stateful.domain.model.Pod;
import dev.stateful.domain.model.PodStatus;
import dev.stateful.grpc.v1.PlanRequest;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A {@link PlanRequest}'s typed projection ({@code observed_pods}, {@code observed_claims},
 * {@code observed_revisions}) read from the wire straight into domain objects, without building
 * the generated messages first: for a 100-pod request the messages (a builder, a string and a map
 * entry per field, the label maps hashed twice) were as much work as planning. Every other field
 * (the set, the JSON objects, {@code now}) is parsed by the generated parser, so it means exactly
 * what it always meant.
 *
 * <p>Only the plain encoding is read this way: each object's fields once, with their declared wire
 * types. Anything else (a message field repeated, which protobuf would merge; a known field with
 * another wire type, which protobuf would keep as unknown; a duplicate map key; a timestamp outside
 * its range) makes {@link #decode} give up, and the caller parses the request the generated way,
 * which also reports malformed input exactly as before. Unknown fields are skipped, as the
 * conversion of the generated messages ignores them.
 */
public final class ObservedWire {

    private ObservedWire() {
    }

    /** A request decoded: its other fields as a message (no observed objects in it), and the observed objects in order. */
    public record Decoded(PlanRequest rest, List<Pod> pods, List<PersistentVolumeClaim> claims, List<ControllerRevision> revisions) {
    }

    /** The request, or null when it is not in the plain encoding (parse it the generated way then). */
    public static Decoded decode(byte[] request) {
        try {
            return decodeRequest(CodedInputStream.newInstance(request), request);
        } catch (IOException | RuntimeException notPlain) {
            // not plain, or not valid: the generated parser decides what it means (or reports why it is malformed)
            return null;
        }
    }

    private static Decoded decodeRequest(CodedInputStream in, byte[] request) throws IOException {
        List<Pod> pods = new ArrayList<>();
        List<PersistentVolumeClaim> claims = new ArrayList<>();
        List<ControllerRevision> revisions = new ArrayList<>();
        ByteArrayOutputStream rest = new ByteArrayOutputStream(256);
        while (true) {
            int start = in.getTotalBytesRead();
            int tag = in.readTag();
            if (tag == 0) {
                break;
            }
            int field = WireFormat.getTagFieldNumber(tag);
            boolean delimited = WireFormat.getTagWireType(tag) == WireFormat.WIRETYPE_LENGTH_DELIMITED;
            if (delimited && field == PlanRequest.OBSERVED_PODS_FIELD_NUMBER) {
                int limit = in.pushLimit(in.readRawVarint32());
                pods.add(pod(in));
                in.popLimit(limit);
            } else if (delimited && field == PlanRequest.OBSERVED_CLAIMS_FIELD_NUMBER) {
                int limit = in.pushLimit(in.readRawVarint32());
                claims.add(claim(in));
                in.popLimit(limit);
            } else if (delimited && field == PlanRequest.OBSERVED_REVISIONS_FIELD_NUMBER) {
                int limit = in.pushLimit(in.readRawVarint32());
                revisions.add(revision(in));
                in.popLimit(limit);
            } else {
                if (field == PlanRequest.OBSERVED_PODS_FIELD_NUMBER || field == PlanRequest.OBSERVED_CLAIMS_FIELD_NUMBER
                        || field == PlanRequest.OBSERVED_REVISIONS_FIELD_NUMBER
                        || WireFormat.getTagWireType(tag) == WireFormat.WIRETYPE_END_GROUP) {
                    throw new NotPlain();
                }
                in.skipField(tag);
                rest.write(request, start, in.getTotalBytesRead() - start);
            }
        }
        return new Decoded(PlanRequest.parseFrom(rest.toByteArray()), pods, claims, revisions);
    }

    private static Pod pod(CodedInputStream in) throws IOException {
        ObjectMeta meta = null;
        List<Json> volumes = new ArrayList<>(2);
        List<PodStatus.PodCondition> conditions = new ArrayList<>(2);
        String phase = "";
        String hostname = "";
        String subdomain = "";
        for (int tag = in.readTag(); tag != 0; tag = in.readTag()) {
            switch (tag) {
                case (1 << 3) | WireFormat.WIRETYPE_LENGTH_DELIMITED -> meta = once(meta, metaOf(in));
                case (2 << 3) | WireFormat.WIRETYPE_LENGTH_DELIMITED -> volumes.add(volume(in));
                case (3 << 3) | WireFormat.WIRETYPE_LENGTH_DELIMITED -> phase = in.readStringRequireUtf8();
                case (4 << 3) | WireFormat.WIRETYPE_LENGTH_DELIMITED -> conditions.add(condition(in));
                case (5 << 3) | WireFormat.WIRETYPE_LENGTH_DELIMITED -> hostname = in.readStringRequireUtf8();
                case (6 << 3) | WireFormat.WIRETYPE_LENGTH_DELIMITED -> subdomain = in.readStringRequireUtf8();
                default -> skipUnknown(in, tag, 6);
            }
        }
        return ObservedObjects.pod(orEmpty(meta), hostname, subdomain, volumes, phase, conditions);
    }

    private static PersistentVolumeClaim claim(CodedInputStream in) throws IOException {
        ObjectMeta meta = null;
        String phase = "";
        for (int tag = in.readTag(); tag != 0; tag = in.readTag()) {
            switch (tag) {
                case (1 << 3) | WireFormat.WIRETYPE_LENGTH_DELIMITED -> meta = once(meta, metaOf(in));
                case (2 << 3) | WireFormat.WIRETYPE_LENGTH_DELIMITED -> phase = in.readStringRequireUtf8();
                default -> skipUnknown(in, tag, 2);
            }
        }
        return ObservedObjects.claim(orEmpty(meta), phase);
    }

    private static ControllerRevision revision(CodedInputStream in) throws IOException {
        ObjectMeta meta = null;
        long revision = 0;
        String data = "";
        for (int tag = in.readTag(); tag != 0; tag = in.readTag()) {
            switch (tag) {
                case (1 << 3) | WireFormat.WIRETYPE_LENGTH_DELIMITED -> meta = once(meta, metaOf(in));
                case (2 << 3) | WireFormat.WIRETYPE_VARINT -> revision = in.readInt64();
                case (3 << 3) | WireFormat.WIRETYPE_LENGTH_DELIMITED -> data = in.readStringRequireUtf8();
                default -> skipUnknown(in, tag, 3);
            }
        }
        return ObservedObjects.revision(orEmpty(meta), data, revision);
    }

    private static ObjectMeta metaOf(CodedInputStream in) throws IOException {
        int limit = in.pushLimit(in.readRawVarint32());
        String name = "";
        String namespace = "";
        String uid = "";
        String resourceVersion = "";
        long generation = 0;
        List<String> labels = null;
        List<String> annotations = null;
        List<OwnerReference> owners = null;
        List<String> finalizers = null;
        Instant created = null;
        Instant deleted = null;
        for (int tag = in.readTag(); tag != 0; tag = in.readTag()) {
            switch (tag) {
                case (1 << 3) | WireFormat.WIRETYPE_LENGTH_DELIMITED -> name = in.readStringRequireUtf8();
                case (2 << 3) | WireFormat.WIRETYPE_LENGTH_DELIMITED -> namespace = in.readStringRequireUtf8();
                case (3 << 3) | WireFormat.WIRETYPE_LENGTH_DELIMITED -> uid = in.readStringRequireUtf8();
                case (4 << 3) | WireFormat.WIRETYPE_LENGTH_DELIMITED -> resourceVersion = in.readStringRequireUtf8();
                case (5 << 3) | WireFormat.WIRETYPE_VARINT -> generation = in.readInt64();
                case (6 << 3) | WireFormat.WIRETYPE_LENGTH_DELIMITED -> labels = entry(in, labels);
                case (7 << 3) | WireFormat.WIRETYPE_LENGTH_DELIMITED -> annotations = entry(in, annotations);
                case (8 << 3) | WireFormat.WIRETYPE_LENGTH_DELIMITED -> (owners = owners == null ? new ArrayList<>(1) : owners).add(owner(in));
                case (9 << 3) | WireFormat.WIRETYPE_LENGTH_DELIMITED ->
                        (finalizers = finalizers == null ? new ArrayList<>(1) : finalizers).add(in.readStringRequireUtf8());
                case (10 << 3) | WireFormat.WIRETYPE_LENGTH_DELIMITED -> created = once(created, timestamp(in));
                case (11 << 3) | WireFormat.WIRETYPE_LENGTH_DELIMITED -> deleted = once(deleted, timestamp(in));
                default -> skipUnknown(in, tag, 11);
            }
        }
        in.popLimit(limit);
        return ObservedObjects.meta(name, namespace, uid, resourceVersion, generation, map(labels), map(annotations),
                owners == null ? List.of() : owners, finalizers == null ? List.of() : finalizers, created, deleted);
    }

    /** One map entry (key 1, value 2, each "" when absent) appended as key, value. */
    private static List<String> entry(CodedInputStream in, List<String> into) throws IOException {
        List<String> out = into == null ? new ArrayList<>(8) : into;
        String[] keyAndValue = twoStrings(in);
        out.add(keyAndValue[0]);
        out.add(keyAndValue[1]);
        return out;
    }

    /** A message of two string fields, 1 and 2 (a map entry, a volume), each "" when absent. */
    private static String[] twoStrings(CodedInputStream in) throws IOException {
        int limit = in.pushLimit(in.readRawVarint32());
        String[] out = {"", ""};
        for (int tag = in.readTag(); tag != 0; tag = in.readTag()) {
            switch (tag) {
                case (1 << 3) | WireFormat.WIRETYPE_LENGTH_DELIMITED -> out[0] = in.readStringRequireUtf8();
                case (2 << 3) | WireFormat.WIRETYPE_LENGTH_DELIMITED -> out[1] = in.readStringRequireUtf8();
                default -> skipUnknown(in, tag, 2);
            }
        }
        in.popLimit(limit);
        return out;
    }

    /** The entries as an immutable map (which the domain keeps as it is); a repeated key is not plain. */
    @SuppressWarnings("unchecked")
    private static Map<String, String> map(List<String> keysAndValues) {
        if (keysAndValues == null) {
            return Map.of();
        }
        Map.Entry<String, String>[] entries = new Map.Entry[keysAndValues.size() / 2];
        for (int i = 0; i < entries.length; i++) {
            entries[i] = Map.entry(keysAndValues.get(2 * i), keysAndValues.get(2 * i + 1));
        }
        return Map.ofEntries(entries); // IllegalArgumentException on a duplicate key
    }

    private static OwnerReference owner(CodedInputStream in) throws IOException {
        int limit = in.pushLimit(in.readRawVarint32());
        String apiVersion = "";
        String kind = "";
        String name = "";
        String uid = "";
        boolean controller = false;
        boolean blockOwnerDeletion = false;
        for (int tag = in.readTag(); tag != 0; tag = in.readTag()) {
            switch (tag) {
                case (1 << 3) | WireFormat.WIRETYPE_LENGTH_DELIMITED -> apiVersion = in.readStringRequireUtf8();
                case (2 << 3) | WireFormat.WIRETYPE_LENGTH_DELIMITED -> kind = in.readStringRequireUtf8();
                case (3 << 3) | WireFormat.WIRETYPE_LENGTH_DELIMITED -> name = in.readStringRequireUtf8();
                case (4 << 3) | WireFormat.WIRETYPE_LENGTH_DELIMITED -> uid = in.readStringRequireUtf8();
                case (5 << 3) | WireFormat.WIRETYPE_VARINT -> controller = in.readBool();
                case (6 << 3) | WireFormat.WIRETYPE_VARINT -> blockOwnerDeletion = in.readBool();
                default -> skipUnknown(in, tag, 6);
            }
        }
        in.popLimit(limit);
        return ObservedObjects.owner(apiVersion, kind, name, uid, controller, blockOwnerDeletion);
    }

    private static Json volume(CodedInputStream in) throws IOException {
        String[] nameAndClaim = twoStrings(in);
        return ObservedObjects.volume(nameAndClaim[0], nameAndClaim[1]);
    }

    private static PodStatus.PodCondition condition(CodedInputStream in) throws IOException {
        int limit = in.pushLimit(in.readRawVarint32());
        String type = "";
        String status = "";
        Instant lastTransition = null;
        for (int tag = in.readTag(); tag != 0; tag = in.readTag()) {
            switch (tag) {
                case (1 << 3) | WireFormat.WIRETYPE_LENGTH_DELIMITED -> type = in.readStringRequireUtf8();
                case (2 << 3) | WireFormat.WIRETYPE_LENGTH_DELIMITED -> status = in.readStringRequireUtf8();
                case (3 << 3) | WireFormat.WIRETYPE_LENGTH_DELIMITED -> lastTransition = once(lastTransition, timestamp(in));
                default -> skipUnknown(in, tag, 3);
            }
        }
        in.popLimit(limit);
        return new PodStatus.PodCondition(type, status, lastTransition);
    }

    /** google.protobuf.Timestamp (seconds 1, nanos 2), in range or not plain. */
    private static Instant timestamp(CodedInputStream in) throws IOException {
        int limit = in.pushLimit(in.readRawVarint32());
        long seconds = 0;
        int nanos = 0;
        for (int tag = in.readTag(); tag != 0; tag = in.readTag()) {
            switch (tag) {
                case (1 << 3) | WireFormat.WIRETYPE_VARINT -> seconds = in.readInt64();
                case (2 << 3) | WireFormat.WIRETYPE_VARINT -> nanos = in.readInt32();
                default -> skipUnknown(in, tag, 2);
            }
        }
        in.popLimit(limit);
        return Timestamps.instant(seconds, nanos, "timestamp");
    }

    /** A field this decoder does not read: skipped if unknown to the message, not plain if known (it came with another wire type). */
    private static void skipUnknown(CodedInputStream in, int tag, int highestKnownField) throws IOException {
        if (WireFormat.getTagFieldNumber(tag) <= highestKnownField || WireFormat.getTagWireType(tag) == WireFormat.WIRETYPE_END_GROUP) {
            throw new NotPlain();
        }
        in.skipField(tag);
    }

    /** A singular message field seen twice would be merged by protobuf: not plain. */
    private static <T> T once(T before, T value) {
        if (before != null) {
            throw new NotPlain();
        }
        return value;
    }

    private static ObjectMeta orEmpty(ObjectMeta meta) {
        return meta == null ? ObservedObjects.meta(dev.stateful.grpc.v1.ObjectMetadata.getDefaultInstance()) : meta;
    }

    /** Thrown to give up on the plain reading; never leaves this class. */
    private static final class NotPlain extends RuntimeException {
        NotPlain() {
            super(null, null, false, false);
        }
    }
}
