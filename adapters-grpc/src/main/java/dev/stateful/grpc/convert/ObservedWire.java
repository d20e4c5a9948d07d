package dev.stateful.grpc.convert;

import com.google.protobuf.ByteString;
import com.google.protobuf.CodedInputStream;
import com.google.protobuf.Descriptors;
import com.google.protobuf.WireFormat;
import dev.stateful.domain.json.Json;
import dev.stateful.domain.model.ControllerRevision;
import dev.stateful.domain.model.ObjectMeta;
import dev.stateful.domain.model.OwnerReference;
import dev.stateful.domain.model.PersistentVolumeClaim;
import dev.stateful.domain.model.Pod;
import dev.stateful.domain.model.PodStatus;
import dev.stateful.grpc.v1.ObjectMetadata;
import dev.stateful.grpc.v1.ObservedClaim;
import dev.stateful.grpc.v1.ObservedPod;
import dev.stateful.grpc.v1.ObservedRevision;
import dev.stateful.grpc.v1.PlanRequest;
import dev.stateful.grpc.v1.PodCondition;
import dev.stateful.grpc.v1.PodVolume;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
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
        return decode(request, null);
    }

    /**
     * {@link #decode(byte[])}, each observed object that {@code recent} holds for its exact bytes taken
     * from there instead of decoded, and each one decoded kept there; {@code recent} may be null.
     */
    public static Decoded decode(byte[] request, RecentObjects recent) {
        return decode(request, request.length, recent);
    }

    /**
     * {@link #decode(byte[], RecentObjects)} of the request in the first {@code length} bytes of {@code wire}
     * (the rest is not read). Nothing decoded refers to {@code wire}, so the caller may reuse it.
     */
    public static Decoded decode(byte[] wire, int length, RecentObjects recent) {
        try {
            return decodeRequest(CodedInputStream.newInstance(wire, 0, length), wire, length, recent);
        } catch (IOException | RuntimeException notPlain) {
            // not plain, or not valid: the generated parser decides what it means (or reports why it is malformed)
            return null;
        }
    }

    private static Decoded decodeRequest(CodedInputStream in, byte[] request, int end, RecentObjects recent) throws IOException {
        List<Pod> pods = new ArrayList<>();
        List<PersistentVolumeClaim> claims = new ArrayList<>();
        List<ControllerRevision> revisions = new ArrayList<>();
        ByteArrayOutputStream rest = new ByteArrayOutputStream(256);
        Strings strings = new Strings(request);
        while (true) {
            int start = in.getTotalBytesRead();
            int tag = in.readTag();
            if (tag == 0) {
                break;
            }
            int field = WireFormat.getTagFieldNumber(tag);
            boolean delimited = WireFormat.getTagWireType(tag) == WireFormat.WIRETYPE_LENGTH_DELIMITED;
            if (delimited && field == PlanRequest.OBSERVED_PODS_FIELD_NUMBER) {
                pods.add(object(in, request, end, field, recent, () -> pod(in, strings)));
            } else if (delimited && field == PlanRequest.OBSERVED_CLAIMS_FIELD_NUMBER) {
                claims.add(object(in, request, end, field, recent, () -> claim(in, strings)));
            } else if (delimited && field == PlanRequest.OBSERVED_REVISIONS_FIELD_NUMBER) {
                revisions.add(object(in, request, end, field, recent, () -> revision(in, strings)));
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

    /** Reads one object of the request (its length, then its fields): kept before for these bytes, or decoded by {@code decode}. */
    @SuppressWarnings("unchecked")
    private static <T> T object(CodedInputStream in, byte[] request, int end, int field, RecentObjects recent, ObjectReader<T> decode)
            throws IOException {
        int length = in.readRawVarint32();
        int offset = in.getTotalBytesRead();
        if (length < 0 || length > end - offset) {
            throw new NotPlain(); // truncated: the generated parser reports it
        }
        Object known = recent == null ? null : recent.get(field, request, offset, length);
        if (known != null) {
            in.skipRawBytes(length);
            return (T) known;
        }
        int limit = in.pushLimit(length);
        T object = decode.read();
        in.popLimit(limit);
        if (recent != null) {
            recent.put(field, request, offset, length, object);
        }
        return object;
    }

    /** One object's fields, read from the stream within its length. */
    private interface ObjectReader<T> {
        T read() throws IOException;
    }

    private static Pod pod(CodedInputStream in, Strings strings) throws IOException {
        ObjectMeta meta = null;
        List<Json> volumes = new ArrayList<>(2);
        List<PodStatus.PodCondition> conditions = new ArrayList<>(2);
        String phase = "";
        String hostname = "";
        String subdomain = "";
        for (int tag = in.readTag(); tag != 0; tag = in.readTag()) {
            switch (tag) {
                case (1 << 3) | WireFormat.WIRETYPE_LENGTH_DELIMITED -> meta = once(meta, metaOf(in, strings));
                case (2 << 3) | WireFormat.WIRETYPE_LENGTH_DELIMITED -> volumes.add(volume(in, strings));
                case (3 << 3) | WireFormat.WIRETYPE_LENGTH_DELIMITED -> phase = strings.read(in);
                case (4 << 3) | WireFormat.WIRETYPE_LENGTH_DELIMITED -> conditions.add(condition(in, strings));
                case (5 << 3) | WireFormat.WIRETYPE_LENGTH_DELIMITED -> hostname = in.readStringRequireUtf8();
                case (6 << 3) | WireFormat.WIRETYPE_LENGTH_DELIMITED -> subdomain = in.readStringRequireUtf8();
                default -> skipUnknown(in, tag, ObservedPod.getDescriptor());
            }
        }
        return ObservedObjects.pod(orEmpty(meta), hostname, subdomain, volumes, phase, conditions);
    }

    private static PersistentVolumeClaim claim(CodedInputStream in, Strings strings) throws IOException {
        ObjectMeta meta = null;
        String phase = "";
        for (int tag = in.readTag(); tag != 0; tag = in.readTag()) {
            switch (tag) {
                case (1 << 3) | WireFormat.WIRETYPE_LENGTH_DELIMITED -> meta = once(meta, metaOf(in, strings));
                case (2 << 3) | WireFormat.WIRETYPE_LENGTH_DELIMITED -> phase = strings.read(in);
                default -> skipUnknown(in, tag, ObservedClaim.getDescriptor());
            }
        }
        return ObservedObjects.claim(orEmpty(meta), phase);
    }

    private static ControllerRevision revision(CodedInputStream in, Strings strings) throws IOException {
        ObjectMeta meta = null;
        long revision = 0;
        String data = "";
        for (int tag = in.readTag(); tag != 0; tag = in.readTag()) {
            switch (tag) {
                case (1 << 3) | WireFormat.WIRETYPE_LENGTH_DELIMITED -> meta = once(meta, metaOf(in, strings));
                case (2 << 3) | WireFormat.WIRETYPE_VARINT -> revision = in.readInt64();
                case (3 << 3) | WireFormat.WIRETYPE_LENGTH_DELIMITED -> data = in.readStringRequireUtf8();
                default -> skipUnknown(in, tag, ObservedRevision.getDescriptor());
            }
        }
        return ObservedObjects.revision(orEmpty(meta), data, revision);
    }

    private static ObjectMeta metaOf(CodedInputStream in, Strings strings) throws IOException {
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
                case (2 << 3) | WireFormat.WIRETYPE_LENGTH_DELIMITED -> namespace = strings.read(in);
                case (3 << 3) | WireFormat.WIRETYPE_LENGTH_DELIMITED -> uid = in.readStringRequireUtf8();
                case (4 << 3) | WireFormat.WIRETYPE_LENGTH_DELIMITED -> resourceVersion = in.readStringRequireUtf8();
                case (5 << 3) | WireFormat.WIRETYPE_VARINT -> generation = in.readInt64();
                case (6 << 3) | WireFormat.WIRETYPE_LENGTH_DELIMITED -> labels = entry(in, strings, labels);
                case (7 << 3) | WireFormat.WIRETYPE_LENGTH_DELIMITED -> annotations = entry(in, strings, annotations);
                case (8 << 3) | WireFormat.WIRETYPE_LENGTH_DELIMITED -> (owners = owners == null ? new ArrayList<>(1) : owners).add(owner(in, strings));
                case (9 << 3) | WireFormat.WIRETYPE_LENGTH_DELIMITED ->
                        (finalizers = finalizers == null ? new ArrayList<>(1) : finalizers).add(strings.read(in));
                case (10 << 3) | WireFormat.WIRETYPE_LENGTH_DELIMITED -> created = once(created, timestamp(in, strings));
                case (11 << 3) | WireFormat.WIRETYPE_LENGTH_DELIMITED -> deleted = once(deleted, timestamp(in, strings));
                default -> skipUnknown(in, tag, ObjectMetadata.getDescriptor());
            }
        }
        in.popLimit(limit);
        return ObservedObjects.meta(name, namespace, uid, resourceVersion, generation, map(labels), map(annotations),
                owners == null ? List.of() : owners, finalizers == null ? List.of() : finalizers, created, deleted);
    }

    /** One map entry (key 1, value 2, each "" when absent) appended as key, value. */
    private static List<String> entry(CodedInputStream in, Strings strings, List<String> into) throws IOException {
        List<String> out = into == null ? new ArrayList<>(8) : into;
        String[] keyAndValue = twoStrings(in, strings);
        out.add(keyAndValue[0]);
        out.add(keyAndValue[1]);
        return out;
    }

    /** A message of two string fields, 1 and 2 (a map entry, a volume: their declarations match), each "" when absent. */
    private static String[] twoStrings(CodedInputStream in, Strings strings) throws IOException {
        int limit = in.pushLimit(in.readRawVarint32());
        String[] out = {"", ""};
        for (int tag = in.readTag(); tag != 0; tag = in.readTag()) {
            switch (tag) {
                case (1 << 3) | WireFormat.WIRETYPE_LENGTH_DELIMITED -> out[0] = strings.read(in);
                case (2 << 3) | WireFormat.WIRETYPE_LENGTH_DELIMITED -> out[1] = strings.read(in);
                default -> skipUnknown(in, tag, PodVolume.getDescriptor());
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

    private static OwnerReference owner(CodedInputStream in, Strings strings) throws IOException {
        int limit = in.pushLimit(in.readRawVarint32());
        String apiVersion = "";
        String kind = "";
        String name = "";
        String uid = "";
        boolean controller = false;
        boolean blockOwnerDeletion = false;
        for (int tag = in.readTag(); tag != 0; tag = in.readTag()) {
            switch (tag) {
                case (1 << 3) | WireFormat.WIRETYPE_LENGTH_DELIMITED -> apiVersion = strings.read(in);
                case (2 << 3) | WireFormat.WIRETYPE_LENGTH_DELIMITED -> kind = strings.read(in);
                case (3 << 3) | WireFormat.WIRETYPE_LENGTH_DELIMITED -> name = strings.read(in);
                case (4 << 3) | WireFormat.WIRETYPE_LENGTH_DELIMITED -> uid = strings.read(in);
                case (5 << 3) | WireFormat.WIRETYPE_VARINT -> controller = in.readBool();
                case (6 << 3) | WireFormat.WIRETYPE_VARINT -> blockOwnerDeletion = in.readBool();
                default -> skipUnknown(in, tag, dev.stateful.grpc.v1.OwnerReference.getDescriptor());
            }
        }
        in.popLimit(limit);
        return ObservedObjects.owner(apiVersion, kind, name, uid, controller, blockOwnerDeletion);
    }

    private static Json volume(CodedInputStream in, Strings strings) throws IOException {
        String[] nameAndClaim = twoStrings(in, strings);
        return ObservedObjects.volume(nameAndClaim[0], nameAndClaim[1]);
    }

    private static PodStatus.PodCondition condition(CodedInputStream in, Strings strings) throws IOException {
        int limit = in.pushLimit(in.readRawVarint32());
        String type = "";
        String status = "";
        Instant lastTransition = null;
        for (int tag = in.readTag(); tag != 0; tag = in.readTag()) {
            switch (tag) {
                case (1 << 3) | WireFormat.WIRETYPE_LENGTH_DELIMITED -> type = strings.read(in);
                case (2 << 3) | WireFormat.WIRETYPE_LENGTH_DELIMITED -> status = strings.read(in);
                case (3 << 3) | WireFormat.WIRETYPE_LENGTH_DELIMITED -> lastTransition = once(lastTransition, timestamp(in, strings));
                default -> skipUnknown(in, tag, PodCondition.getDescriptor());
            }
        }
        in.popLimit(limit);
        return new PodStatus.PodCondition(type, status, lastTransition);
    }

    /** google.protobuf.Timestamp (seconds 1, nanos 2), in range or not plain. */
    private static Instant timestamp(CodedInputStream in, Strings strings) throws IOException {
        int limit = in.pushLimit(in.readRawVarint32());
        long seconds = 0;
        int nanos = 0;
        for (int tag = in.readTag(); tag != 0; tag = in.readTag()) {
            switch (tag) {
                case (1 << 3) | WireFormat.WIRETYPE_VARINT -> seconds = in.readInt64();
                case (2 << 3) | WireFormat.WIRETYPE_VARINT -> nanos = in.readInt32();
                default -> skipUnknown(in, tag, com.google.protobuf.Timestamp.getDescriptor());
            }
        }
        in.popLimit(limit);
        return Timestamps.instant(seconds, nanos, "timestamp");
    }

    /**
     * A field this decoder does not read: skipped if the message does not declare it, not plain if it
     * does (it came with another wire type, or the message grew a field this decoder does not know yet).
     */
    private static void skipUnknown(CodedInputStream in, int tag, Descriptors.Descriptor message) throws IOException {
        if (message.findFieldByNumber(WireFormat.getTagFieldNumber(tag)) != null || WireFormat.getTagWireType(tag) == WireFormat.WIRETYPE_END_GROUP) {
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
        return meta == null ? ObservedObjects.meta(ObjectMetadata.getDefaultInstance()) : meta;
    }

    /**
     * The strings of one request, each decoded once: label keys and values, owner references,
     * namespaces, phases and condition types repeat in every object, so they are one String each
     * (hashed once, equal by identity where the planner compares them) instead of one per object.
     * Short ASCII strings only (what Kubernetes names and labels are); any other is decoded and checked
     * by protobuf as before. Lives for one request; never shared.
     */
    private static final class Strings {
        private static final int MAX_LENGTH = 64;
        private static final int SLOTS = 1024;
        private final byte[] wire;
        /** Made with the first string read: a request whose objects all come from {@link RecentObjects} reads none. */
        private String[] table;
        private int count;

        Strings(byte[] wire) {
            this.wire = wire;
        }

        /** A length-delimited string field's value at the stream's position. */
        String read(CodedInputStream in) throws IOException {
            int length = in.readRawVarint32();
            int offset = in.getTotalBytesRead();
            in.skipRawBytes(length); // checks the length against the enclosing message and the input
            if (length > MAX_LENGTH) {
                return decoded(offset, length);
            }
            int hash = 0;
            for (int i = offset; i < offset + length; i++) {
                byte b = wire[i];
                if (b < 0) {
                    return decoded(offset, length);
                }
                hash = 31 * hash + b;
            }
            if (table == null) {
                table = new String[SLOTS];
            }
            int mask = table.length - 1;
            for (int slot = (hash ^ (hash >>> 16)) & mask; ; slot = (slot + 1) & mask) {
                String known = table[slot];
                if (known == null) {
                    String made = new String(wire, offset, length, StandardCharsets.ISO_8859_1);
                    if (count < table.length / 2) {
                        table[slot] = made;
                        count++;
                    }
                    return made;
                }
                if (sameAscii(known, offset, length)) {
                    return known;
                }
            }
        }

        private boolean sameAscii(String known, int offset, int length) {
            if (known.length() != length) {
                return false;
            }
            for (int i = 0; i < length; i++) {
                if (known.charAt(i) != wire[offset + i]) {
                    return false;
                }
            }
            return true;
        }

        /** Long or not ASCII: protobuf's own UTF-8 check and decoding; invalid UTF-8 is left to the generated parser to report. */
        private String decoded(int offset, int length) {
            ByteString bytes = ByteString.copyFrom(wire, offset, length);
            if (!bytes.isValidUtf8()) {
                throw new NotPlain();
            }
            return bytes.toStringUtf8();
        }
    }

    /** Thrown to give up on the plain reading; never leaves this class. */
    private static final class NotPlain extends RuntimeException {
        NotPlain() {
            super(null, null, false, false);
        }
    }
}
