package dev.stateful.fabric8.informer;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;

/** Objects as the informers receive them: sent as JSON and read by the informers' serialisation. */
final class OffTheWire {

    static final KubernetesSerialization INFORMERS = RecordSerialization.forCaches(RecordSerialization.Decoders.CODEC).serialization();

    private OffTheWire() {
    }

    /** {@code object} as JSON, read back as the informers read it: a blank object carrying its record. */
    @SuppressWarnings("unchecked")
    static <T extends HasMetadata> T read(T object) {
        return INFORMERS.unmarshal(INFORMERS.asJson(object), (Class<T>) object.getClass());
    }

    static <T> T read(String json, Class<T> type) {
        return INFORMERS.unmarshal(json, type);
    }
}
