package dev.stateful.fabric8.informer;

import dev.stateful.codec.ModelCodec;
import dev.stateful.domain.json.Json;
import dev.stateful.domain.model.ControllerRevision;
import dev.stateful.domain.model.PersistentVolumeClaim;
import dev.stateful.domain.model.Pod;
import dev.stateful.domain.model.StatefulSet;
import dev.stateful.fabric8.convert.CustomKindConvert;

/**
 * How the informers turn each object they receive, as the JSON the API server sent, into a record.
 * Called once per object read off the wire (a list item or a watch event's object); the caches and
 * the event handlers get that record, decoded nothing again.
 */
public interface Decoders {

    /** The codec ({@link ModelCodec}): what production uses. */
    Decoders CODEC = new Decoders() {
    };

    default StatefulSet statefulSet(Json.Obj set) {
        return ModelCodec.statefulSet(set);
    }

    /** Our own kind, defaulted as an apps/v1 API server defaults a StatefulSet ({@link CustomKindConvert}). */
    default StatefulSet customKind(Json.Obj set) {
        return CustomKindConvert.toDomain(set);
    }

    default Pod pod(Json.Obj pod) {
        return ModelCodec.pod(pod);
    }

    default PersistentVolumeClaim claim(Json.Obj claim) {
        return ModelCodec.persistentVolumeClaim(claim);
    }

    /** {@code data} is read as the server sent it: its exact bytes re-serialised by the Go-compatible writer. */
    default ControllerRevision revision(Json.Obj revision) {
        return ModelCodec.controllerRevision(revision);
    }
}
