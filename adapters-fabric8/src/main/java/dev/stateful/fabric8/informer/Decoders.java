package dev.stateful.fabric8.informer;

import dev.stateful.domain.model.ControllerRevision;
import dev.stateful.domain.model.PersistentVolumeClaim;
import dev.stateful.domain.model.Pod;
import dev.stateful.domain.model.StatefulSet;
import dev.stateful.fabric8.convert.Fabric8Codec;

/**
 * How the caches turn the objects the informers hand over into records. The cache calls it once per
 * object that enters it; event handlers get the same record, decoded nothing again.
 */
public interface Decoders {

    /** {@link Fabric8Codec}: what production uses. */
    Decoders FABRIC8 = new Decoders() {
    };

    default StatefulSet statefulSet(io.fabric8.kubernetes.api.model.apps.StatefulSet set) {
        return Fabric8Codec.toDomain(set);
    }

    default Pod pod(io.fabric8.kubernetes.api.model.Pod pod) {
        return Fabric8Codec.toDomain(pod);
    }

    default PersistentVolumeClaim claim(io.fabric8.kubernetes.api.model.PersistentVolumeClaim claim) {
        return Fabric8Codec.toDomain(claim);
    }

    default ControllerRevision revision(io.fabric8.kubernetes.api.model.apps.ControllerRevision revision) {
        return Fabric8Codec.toDomain(revision);
    }
}
