package dev.stateful.fabric8.convert;

import com.google.protobuf.CodedInputStream;
import com.google.protobuf.WireFormat;
import dev.stateful.domain.json.Json;
import dev.stateful.domain.model.ObjectMeta;
import dev.stateful.domain.model.OwnerReference;
import dev.stateful.domain.model.Pod;
import dev.stateful.domain.model.PodStatus;
import java.io.IOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A v1 Pod in kube-apiserver's protobuf form ({@code application/vnd.kubernetes.protobuf}, the
 * messages of k8s.io/api's {@code core/v1/generated.proto} and apimachinery's
 * {@code meta/v1/generated.proto}), read into the fields {@link SlimPod} keeps: metadata
 * (annotations too, which a watch's bookmark carries), the volumes' names and claim names, the
 * phase and the conditions. Everything else (containers, managed fields, container statuses) is
 * passed over by its length without being read, which JSON cannot do; client-go's informers in
 * kube-controller-manager read pods in this form. Strings JSON omits when empty are null, as the
 * JSON codec reads them, and times are whole seconds, as metav1.Time's JSON is (its protobuf form
 * writes no nanoseconds either: {@code Time.ProtoTime}).
 */
public final class ProtobufPod {

    static final int LEN = WireFormat.WIRETYPE_LENGTH_DELIMITED;
    static final int VARINT = WireFormat.WIRETYPE_VARINT;

    private ProtobufPod() {
    }

    /** A message's fields, read one tag at a time until the message ends. */
    @FunctionalInterface
    interface Fields<T> {
        /** Reads the field of {@code tag} into the message being built, or skips it. */
        void read(T into, int tag, CodedInputStream in) throws IOException;
    }

    /** Reads a whole Pod message from {@code in}. */
    public static Pod read(CodedInputStream in) throws IOException {
        PodBuilder pod = new PodBuilder();
        fields(in, pod, ProtobufPod::podField);
        return pod.build();
    }

    static <T> void fields(CodedInputStream in, T into, Fields<T> fields) throws IOException {
        for (int tag = in.readTag(); tag != 0; tag = in.readTag()) {
            fields.read(into, tag, in);
        }
    }

    /** The length-delimited message at the stream's position, read by {@code fields}. */
    static <T> T message(CodedInputStream in, T into, Fields<T> fields) throws IOException {
        int limit = in.pushLimit(in.readRawVarint32());
        fields(in, into, fields);
        in.popLimit(limit);
        return into;
    }

    private static void podField(PodBuilder pod, int tag, CodedInputStream in) throws IOException {
        switch (tag) {
            case (1 << 3) | LEN -> pod.meta = message(in, new MetaBuilder(), ProtobufPod::metaField).build();
            case (2 << 3) | LEN -> message(in, pod, ProtobufPod::specField);
            case (3 << 3) | LEN -> message(in, pod, ProtobufPod::statusField);
            default -> in.skipField(tag);
        }
    }

    // ---------------------------------------------------------------- ObjectMeta

    private static final class MetaBuilder {
        String name = "";
        String generateName;
        String namespace = "";
        String uid;
        String resourceVersion;
        long generation;
        Instant creationTimestamp;
        Instant deletionTimestamp;
        final Map<String, String> labels = new HashMap<>();
        final Map<String, String> annotations = new HashMap<>();
        final List<OwnerReference> ownerReferences = new ArrayList<>(1);
        final List<String> finalizers = new ArrayList<>(0);

        ObjectMeta build() {
            return new ObjectMeta(name, generateName, namespace, uid, resourceVersion, generation, labels, annotations,
                    ownerReferences, finalizers, creationTimestamp, deletionTimestamp);
        }
    }

    private static void metaField(MetaBuilder m, int tag, CodedInputStream in) throws IOException {
        switch (tag) {
            case (1 << 3) | LEN -> m.name = in.readString();
            case (2 << 3) | LEN -> m.generateName = nonEmpty(in.readString());
            case (3 << 3) | LEN -> m.namespace = in.readString();
            case (5 << 3) | LEN -> m.uid = nonEmpty(in.readString());
            case (6 << 3) | LEN -> m.resourceVersion = nonEmpty(in.readString());
            case (7 << 3) | VARINT -> m.generation = in.readInt64();
            case (8 << 3) | LEN -> m.creationTimestamp = time(in);
            case (9 << 3) | LEN -> m.deletionTimestamp = time(in);
            case (11 << 3) | LEN -> entry(in, m.labels);
            case (12 << 3) | LEN -> entry(in, m.annotations);
            case (13 << 3) | LEN -> m.ownerReferences.add(message(in, new OwnerBuilder(), ProtobufPod::ownerField).build());
            case (14 << 3) | LEN -> m.finalizers.add(in.readString());
            default -> in.skipField(tag);
        }
    }

    private static final class OwnerBuilder {
        String apiVersion = "";
        String kind = "";
        String name = "";
        String uid = "";
        Boolean controller;
        Boolean blockOwnerDeletion;

        OwnerReference build() {
            return new OwnerReference(apiVersion, kind, name, uid, controller, blockOwnerDeletion);
        }
    }

    private static void ownerField(OwnerBuilder o, int tag, CodedInputStream in) throws IOException {
        switch (tag) {
            case (1 << 3) | LEN -> o.kind = in.readString();
            case (3 << 3) | LEN -> o.name = in.readString();
            case (4 << 3) | LEN -> o.uid = in.readString();
            case (5 << 3) | LEN -> o.apiVersion = in.readString();
            case (6 << 3) | VARINT -> o.controller = in.readBool();
            case (7 << 3) | VARINT -> o.blockOwnerDeletion = in.readBool();
            default -> in.skipField(tag);
        }
    }

    /** A {@code map<string, string>} entry: key 1, value 2. */
    private static void entry(CodedInputStream in, Map<String, String> into) throws IOException {
        String[] kv = message(in, new String[] {"", ""}, (e, tag, s) -> {
            switch (tag) {
                case (1 << 3) | LEN -> e[0] = s.readString();
                case (2 << 3) | LEN -> e[1] = s.readString();
                default -> s.skipField(tag);
            }
        });
        into.put(kv[0], kv[1]);
    }

    /** metav1.Time: seconds 1, nanos 2; the zero time is JSON's null. */
    private static Instant time(CodedInputStream in) throws IOException {
        long[] seconds = message(in, new long[1], (t, tag, s) -> {
            switch (tag) {
                case (1 << 3) | VARINT -> t[0] = s.readInt64();
                default -> s.skipField(tag); // nanos: JSON's form has whole seconds
            }
        });
        return seconds[0] == 0 ? null : Instant.ofEpochSecond(seconds[0]);
    }

    private static String nonEmpty(String s) {
        return s.isEmpty() ? null : s;
    }

    // ---------------------------------------------------------------- spec and status

    private static final class PodBuilder {
        ObjectMeta meta = ObjectMeta.named("", "");
        final List<Json> volumes = new ArrayList<>(2);
        String phase = "";
        final List<PodStatus.PodCondition> conditions = new ArrayList<>(4);

        Pod build() {
            Json.Obj spec = volumes.isEmpty() ? Json.EMPTY_OBJECT : new Json.Obj(Map.of("volumes", new Json.Arr(volumes)));
            return new Pod(meta, spec, new PodStatus(phase, conditions));
        }
    }

    /** PodSpec: only volumes (1) are read. */
    private static void specField(PodBuilder pod, int tag, CodedInputStream in) throws IOException {
        switch (tag) {
            case (1 << 3) | LEN -> pod.volumes.add(message(in, new VolumeBuilder(), ProtobufPod::volumeField).build());
            default -> in.skipField(tag);
        }
    }

    private static final class VolumeBuilder {
        String name = "";
        String claimName;

        Json build() {
            Map<String, Json> out = new LinkedHashMap<>(2);
            out.put("name", Json.of(name));
            if (claimName != null) {
                out.put("persistentVolumeClaim", claimName.isEmpty() ? Json.EMPTY_OBJECT : new Json.Obj(Map.of("claimName", Json.of(claimName))));
            }
            return new Json.Obj(out);
        }
    }

    /** Volume: name 1, the inlined VolumeSource 2, whose persistentVolumeClaim is 10 (claimName 1). */
    private static void volumeField(VolumeBuilder v, int tag, CodedInputStream in) throws IOException {
        switch (tag) {
            case (1 << 3) | LEN -> v.name = in.readString();
            case (2 << 3) | LEN -> message(in, v, ProtobufPod::volumeSourceField);
            default -> in.skipField(tag);
        }
    }

    private static void volumeSourceField(VolumeBuilder v, int tag, CodedInputStream in) throws IOException {
        switch (tag) {
            case (10 << 3) | LEN -> {
                v.claimName = "";
                message(in, v, ProtobufPod::claimSourceField);
            }
            default -> in.skipField(tag);
        }
    }

    private static void claimSourceField(VolumeBuilder v, int tag, CodedInputStream in) throws IOException {
        switch (tag) {
            case (1 << 3) | LEN -> v.claimName = in.readString();
            default -> in.skipField(tag);
        }
    }

    /** PodStatus: phase 1, conditions 2 (type 1, status 2, lastTransitionTime 4). */
    private static void statusField(PodBuilder pod, int tag, CodedInputStream in) throws IOException {
        switch (tag) {
            case (1 << 3) | LEN -> pod.phase = in.readString();
            case (2 << 3) | LEN -> pod.conditions.add(message(in, new ConditionBuilder(), ProtobufPod::conditionField).build());
            default -> in.skipField(tag);
        }
    }

    private static final class ConditionBuilder {
        String type = "";
        String status = "";
        Instant lastTransitionTime;

        PodStatus.PodCondition build() {
            return new PodStatus.PodCondition(type, status, lastTransitionTime);
        }
    }

    private static void conditionField(ConditionBuilder c, int tag, CodedInputStream in) throws IOException {
        switch (tag) {
            case (1 << 3) | LEN -> c.type = in.readString();
            case (2 << 3) | LEN -> c.status = in.readString();
            case (4 << 3) | LEN -> c.lastTransitionTime = time(in);
            default -> in.skipField(tag);
        }
    }
}
