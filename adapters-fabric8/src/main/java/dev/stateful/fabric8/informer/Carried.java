package dev.stateful.fabric8.informer;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.ObjectMeta;

/**
 * The fabric8 objects the informers handle: a blank object of the kind with only what fabric8
 * itself reads of it (namespace and name, its store key; resourceVersion, which it compares and
 * resumes its watch from; uid), carrying the domain record decoded from the wire under a metadata
 * property that is never sent anywhere. fabric8's model of the object is never built.
 */
final class Carried {

    /** The metadata property under which the record rides with a fabric8 object. */
    static final String RECORD = "dev.stateful/record";

    /** What rides instead of a record when the object could not be decoded. */
    record Undecodable(String reason) {
    }

    private Carried() {
    }

    /** {@code blank} given the identity and {@code record} (a record or an {@link Undecodable}). */
    static <T extends HasMetadata> T carrier(T blank, String namespace, String name, String uid, String resourceVersion, Object record) {
        ObjectMeta meta = new ObjectMeta();
        meta.setNamespace(namespace);
        meta.setName(name);
        meta.setUid(uid);
        meta.setResourceVersion(resourceVersion);
        meta.setAdditionalProperty(RECORD, record);
        blank.setMetadata(meta);
        return blank;
    }

    /** What {@code obj} carries: a record, an {@link Undecodable}, or null for an object that carries nothing. */
    static Object carried(HasMetadata obj) {
        return obj.getMetadata() == null ? null : obj.getMetadata().getAdditionalProperties().get(RECORD);
    }
}
