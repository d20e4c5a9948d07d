package dev.stateful.grpc.convert;

import dev.stateful.codec.CustomKindCodec;
import dev.stateful.codec.DecodeException;
import dev.stateful.codec.Decoded;
import dev.stateful.codec.JsonParser;
import dev.stateful.codec.ModelCodec;
import dev.stateful.domain.json.Json;
import dev.stateful.domain.json.JsonWriter;
import dev.stateful.domain.model.ControllerRevision;
import dev.stateful.domain.model.PersistentVolumeClaim;
import dev.stateful.domain.model.Pod;
import dev.stateful.domain.model.StatefulSet;
import dev.stateful.domain.validation.Violation;
import dev.stateful.grpc.v1.KubeObject;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * Domain objects to and from {@link KubeObject} (Kubernetes JSON). A StatefulSet goes as the JSON
 * of its own kind and is read back by the JSON's apiVersion ({@link CustomKindCodec}): a set of our
 * kind keeps its kind and extensions, which its events' involvedObject, status writes and
 * controller references name (upstream's metav1.NewControllerRef(set, controllerKind)), while
 * apps/v1 JSON, all that peers built before sent, still reads as apps/v1. Decoding failures name the request field they
 * came from ({@code pods[2].metadata.name}).
 */
public final class KubeObjects {

    private KubeObjects() {
    }

    public static KubeObject of(StatefulSet set) {
        return json(CustomKindCodec.encode(set));
    }

    public static KubeObject of(Pod pod) {
        return json(ModelCodec.encode(pod));
    }

    public static KubeObject of(PersistentVolumeClaim claim) {
        return json(ModelCodec.encode(claim));
    }

    public static KubeObject of(ControllerRevision revision) {
        return json(ModelCodec.encode(revision));
    }

    private static KubeObject json(Json.Obj obj) {
        return KubeObject.newBuilder().setJson(JsonWriter.write(obj)).build();
    }

    /** A StatefulSet, leniently decoded (unknown fields ignored, wrong types reported). */
    public static StatefulSet statefulSet(KubeObject object, String field) {
        return statefulSet(object, field, false).orThrow();
    }

    /**
     * A StatefulSet and the problems found decoding it, with paths inside the object
     * ({@code spec.replicas}); strict mode reports unknown fields too. Not JSON at all: throws.
     */
    public static Decoding<StatefulSet> statefulSet(KubeObject object, String field, boolean strict) {
        Json.Obj obj = parse(object, field);
        Decoded<StatefulSet> decoded = CustomKindCodec.decodeStatefulSet(obj, strict);
        return new Decoding<>(decoded.value(), decoded.problems(), field);
    }

    public static Pod pod(KubeObject object, String field) {
        return decode(object, field, ModelCodec::pod);
    }

    public static PersistentVolumeClaim claim(KubeObject object, String field) {
        return decode(object, field, ModelCodec::persistentVolumeClaim);
    }

    public static ControllerRevision revision(KubeObject object, String field) {
        return decode(object, field, ModelCodec::controllerRevision);
    }

    private static <T> T decode(KubeObject object, String field, Function<Json.Obj, T> decoder) {
        Json.Obj obj = parse(object, field);
        try {
            return decoder.apply(obj);
        } catch (DecodeException e) {
            throw new ObjectDecodeException(prefixed(field, e.violations()));
        }
    }

    private static Json.Obj parse(KubeObject object, String field) {
        if (object.getJson().isBlank()) {
            throw new ObjectDecodeException(List.of(new Violation(field, Violation.Type.REQUIRED, "a JSON object is required")));
        }
        try {
            return JsonParser.parseObject(object.getJson());
        } catch (RuntimeException e) {
            throw new ObjectDecodeException(List.of(new Violation(field, Violation.Type.INVALID, "not a JSON object: " + e.getMessage())));
        }
    }

    private static List<Violation> prefixed(String field, List<Violation> problems) {
        List<Violation> out = new ArrayList<>();
        for (Violation v : problems) {
            String path = v.field().isEmpty() ? field : field + "." + v.field();
            out.add(new Violation(path, v.type(), v.detail()));
        }
        return out;
    }

    /**
     * A decoded value and its problems (an empty list when it decoded cleanly).
     *
     * @param field the request field the object came from
     */
    public record Decoding<T>(T value, List<Violation> problems, String field) {

        /** The value; problems are thrown with paths from the request ({@code stateful_set.spec.replicas}). */
        public T orThrow() {
            if (!problems.isEmpty()) {
                throw new ObjectDecodeException(prefixed(field, problems));
            }
            return value;
        }
    }
}
