package dev.stateful.grpc.remote.client;

import dev.stateful.domain.model.ControllerRevision;
import dev.stateful.domain.model.PersistentVolumeClaim;
import dev.stateful.domain.model.Pod;
import dev.stateful.domain.model.StatefulSet;
import dev.stateful.grpc.convert.KubeObjects;
import dev.stateful.grpc.convert.ObjectDecodeException;
import dev.stateful.grpc.v1.KubeObject;
import dev.stateful.ports.ApiException;
import java.util.function.Supplier;

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

    private static <T> T decode(Supplier<T> decoding) {
        try {
            return decoding.get();
        } catch (ObjectDecodeException e) {
            throw new ApiException.Invalid("the remote ports sent an undecodable object: " + e.getMessage());
        }
    }
}
