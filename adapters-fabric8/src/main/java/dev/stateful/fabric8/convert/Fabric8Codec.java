package dev.stateful.fabric8.convert;

import dev.stateful.codec.JacksonTree;
import dev.stateful.codec.JsonParser;
import dev.stateful.codec.ModelCodec;
import dev.stateful.domain.json.Json;
import dev.stateful.domain.model.ControllerRevision;
import dev.stateful.domain.model.PersistentVolumeClaim;
import dev.stateful.domain.model.Pod;
import dev.stateful.domain.model.StatefulSet;
import io.fabric8.kubernetes.client.utils.Serialization;
import tools.jackson.databind.ObjectMapper;
import tools.jackson.databind.util.RawValue;

/**
 * Translates between fabric8's model classes and the domain records by way of Jackson's tree of the
 * object (fabric8's own serialisers, so every field as the API server would see it), never a string,
 * so that the one codec ({@link ModelCodec}) decides every field. fabric8 classes never leak past
 * this adapter.
 */
public final class Fabric8Codec {

    /** fabric8's mapper: its serialisers (Quantity, IntOrString, raw extensions) and its settings. */
    private static final ObjectMapper MAPPER = Serialization.jsonMapper();

    private Fabric8Codec() {
    }

    public static Pod toDomain(io.fabric8.kubernetes.api.model.Pod pod) {
        return ModelCodec.pod(tree(pod));
    }

    public static StatefulSet toDomain(io.fabric8.kubernetes.api.model.apps.StatefulSet set) {
        return ModelCodec.statefulSet(tree(set));
    }

    public static PersistentVolumeClaim toDomain(io.fabric8.kubernetes.api.model.PersistentVolumeClaim claim) {
        return ModelCodec.persistentVolumeClaim(tree(claim));
    }

    /**
     * fabric8 decodes {@code data} into a generic map; {@link ModelCodec} re-serialises it with the
     * Go-compatible writer, which gives back the stored bytes for anything a Go client (or
     * {@link #toFabric8(ControllerRevision)}) wrote.
     */
    public static ControllerRevision toDomain(io.fabric8.kubernetes.api.model.apps.ControllerRevision revision) {
        return ModelCodec.controllerRevision(tree(revision));
    }

    public static io.fabric8.kubernetes.api.model.Pod toFabric8(Pod pod) {
        return object(ModelCodec.encode(pod), io.fabric8.kubernetes.api.model.Pod.class);
    }

    public static io.fabric8.kubernetes.api.model.apps.StatefulSet toFabric8(StatefulSet set) {
        return object(ModelCodec.encode(set), io.fabric8.kubernetes.api.model.apps.StatefulSet.class);
    }

    public static io.fabric8.kubernetes.api.model.PersistentVolumeClaim toFabric8(PersistentVolumeClaim claim) {
        return object(ModelCodec.encode(claim), io.fabric8.kubernetes.api.model.PersistentVolumeClaim.class);
    }

    /**
     * {@code data} goes out as the exact bytes of {@link ControllerRevision#data()}: the revision
     * name is a hash of those bytes, so Jackson must not re-format them (number style, key order,
     * HTML escaping).
     */
    public static io.fabric8.kubernetes.api.model.apps.ControllerRevision toFabric8(ControllerRevision revision) {
        var out = object(ModelCodec.encode(revision).without("data"), io.fabric8.kubernetes.api.model.apps.ControllerRevision.class);
        out.setData(revision.data().isEmpty() ? null : new RawValue(revision.data()));
        return out;
    }

    /** A fabric8 object as JSON, every field it has (not only those the domain models). */
    public static Json.Obj tree(Object fabric8Object) {
        return JsonParser.readObject(MAPPER.valueToTree(fabric8Object));
    }

    /** JSON as a fabric8 object. */
    public static <T> T object(Json.Obj json, Class<T> type) {
        return MAPPER.treeToValue(JacksonTree.of(json), type);
    }
}
