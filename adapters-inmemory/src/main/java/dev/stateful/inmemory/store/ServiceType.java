package dev.stateful.inmemory.store;

import dev.stateful.codec.ModelCodec;
import dev.stateful.domain.json.Json;
import dev.stateful.domain.model.ObjectMeta;
import dev.stateful.domain.validation.Names;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * v1 Service, kept as the raw JSON tree (the controller never reads Services; the demo's headless
 * Service only has to be stored and listed). Metadata fields the model does not know are preserved.
 */
public final class ServiceType implements ObjectType<Json.Obj> {

    /** The metadata keys {@link ModelCodec#encode(ObjectMeta)} owns. */
    private static final Set<String> MODELLED_META_KEYS = Set.of("name", "generateName", "namespace", "uid",
            "resourceVersion", "generation", "creationTimestamp", "deletionTimestamp", "labels", "annotations",
            "ownerReferences", "finalizers");

    @Override
    public Kind kind() {
        return Kind.SERVICES;
    }

    /** {@code ValidateServiceCreate}: a DNS label, with kube-apiserver 1.36's RelaxedServiceNameValidation on by default. */
    @Override
    public List<String> nameErrors(String name) {
        return Names.dns1123Label(name);
    }

    @Override
    public ObjectMeta meta(Json.Obj object) {
        return ModelCodec.objectMeta(object.objectOrEmpty("metadata"));
    }

    @Override
    public Json.Obj withMeta(Json.Obj object, ObjectMeta meta) {
        Map<String, Json> merged = new LinkedHashMap<>();
        object.objectOrEmpty("metadata").fields().forEach((k, v) -> {
            if (!MODELLED_META_KEYS.contains(k)) {
                merged.put(k, v);
            }
        });
        merged.putAll(ModelCodec.encode(meta).fields());
        return object.with("metadata", new Json.Obj(merged));
    }

    @Override
    public Json.Obj prepareForUpdate(Json.Obj incoming, Json.Obj stored) {
        return incoming.with("status", stored.get("status").orElse(null));
    }

    @Override
    public Json.Obj prepareForStatusUpdate(Json.Obj incoming, Json.Obj stored) {
        return stored.with("status", incoming.get("status").orElse(null));
    }
}
