package dev.stateful.grpc.remote.client;

import dev.stateful.codec.CustomKindCodec;
import dev.stateful.codec.JsonParser;
import dev.stateful.domain.json.Json;
import dev.stateful.domain.model.ControllerRevision;
import dev.stateful.domain.model.ObjectKey;
import dev.stateful.domain.model.ObjectMeta;
import dev.stateful.domain.model.PersistentVolumeClaim;
import dev.stateful.domain.model.Pod;
import dev.stateful.domain.model.SetKind;
import dev.stateful.domain.model.StatefulSet;
import dev.stateful.domain.validation.Violation;
import dev.stateful.grpc.convert.KubeObjects;
import dev.stateful.grpc.convert.ObjectDecodeException;
import dev.stateful.grpc.v1.KubeObject;
import dev.stateful.ports.ApiException;
import dev.stateful.ports.StatefulSetRead;
import dev.stateful.ports.UndecodableSet;
import java.util.Optional;
import java.util.function.Supplier;
import java.util.stream.Collectors;

/** Objects in replies decoded; an undecodable reply is the remote's fault, reported as Invalid. */
final class Replies {

    private Replies() {
    }

    static Pod pod(KubeObject object) {
        return decode(() -> KubeObjects.pod(object, "pod"));
    }

    static PersistentVolumeClaim claim(KubeObject object) {
        return decode(() -> KubeObjects.claim(object, "claim"));
    }

    static ControllerRevision revision(KubeObject object) {
        return decode(() -> KubeObjects.revision(object, "revision"));
    }

    static StatefulSet statefulSet(KubeObject object) {
        return decode(() -> KubeObjects.statefulSet(object, "stateful_set"));
    }

    /**
     * A set as the remote sent it, read as fabric8's informers read one ({@code RecordSerialization.carrier}):
     * decoded, or, when the codec refuses its JSON (a server written by someone else may send what ours
     * would not), undecodable, with the identity its metadata names and the codec's problems, each with
     * its path inside the object, as the reason ({@code DecodeException}'s message on fabric8's side).
     * The engine then treats it as a set fabric8's caches could not decode. {@code key} names the set
     * when its metadata does not (null: it must). Not a JSON object at all, or named nowhere: Invalid.
     */
    static StatefulSetRead statefulSetOrUndecodable(KubeObject object, ObjectKey key) {
        KubeObjects.Decoding<StatefulSet> decoding = decode(() -> KubeObjects.statefulSet(object, "stateful_set", false));
        if (decoding.problems().isEmpty()) {
            return new StatefulSetRead(Optional.of(decoding.value()), Optional.empty());
        }
        String reason = decoding.problems().stream().map(Violation::toString).collect(Collectors.joining("; "));
        return new StatefulSetRead(Optional.empty(), Optional.of(undecodable(JsonParser.parseObject(object.getJson()), key, reason)));
    }

    /** Its kind by its apiVersion, as the codec would have read it. */
    private static UndecodableSet undecodable(Json.Obj set, ObjectKey key, String reason) {
        Json.Obj meta = set.objectOrEmpty("metadata");
        String name = meta.string("name").filter(n -> !n.isEmpty()).orElse(key == null ? null : key.name());
        if (name == null) {
            throw new ApiException.Invalid("the remote ports sent an undecodable object without a name: " + reason);
        }
        String namespace = meta.string("namespace").filter(n -> !n.isEmpty()).orElse(key == null ? "" : key.namespace());
        return new UndecodableSet(CustomKindCodec.isCustom(set) ? SetKind.STATEFUL_DEV : SetKind.APPS_V1,
                ObjectMeta.named(namespace, name).withUid(meta.string("uid").orElse(""))
                        .withResourceVersion(meta.string("resourceVersion").orElse("")), reason);
    }

    private static <T> T decode(Supplier<T> decoding) {
        try {
            return decoding.get();
        } catch (ObjectDecodeException e) {
            throw new ApiException.Invalid("the remote ports sent an undecodable object: " + e.getMessage());
        }
    }
}
