package dev.stateful.grpc.testing;

import dev.stateful.codec.JsonParser;
import dev.stateful.codec.ModelCodec;
import dev.stateful.domain.model.ControllerRevision;
import dev.stateful.domain.model.Pod;
import dev.stateful.domain.model.PodStatus;
import dev.stateful.grpc.convert.KubeObjects;
import dev.stateful.grpc.v1.KubeObject;
import java.time.Instant;

/** Building observed objects from what a plan said it would write. */
public final class Kube {

    private Kube() {
    }

    public static KubeObject json(String json) {
        return KubeObject.newBuilder().setJson(json).build();
    }

    /** The planned pod as the API server would show it: with a uid, created, in the given phase. */
    public static KubeObject created(KubeObject plannedPod, String uid, PodStatus status, Instant created) {
        Pod pod = ModelCodec.pod(JsonParser.parseObject(plannedPod.getJson()));
        return KubeObjects.of(pod.withMetadata(pod.metadata().withUid(uid).withResourceVersion("1").withCreationTimestamp(created))
                .withStatus(status));
    }

    /** The planned revision as stored. */
    public static KubeObject stored(KubeObject plannedRevision, String uid) {
        ControllerRevision revision = ModelCodec.controllerRevision(JsonParser.parseObject(plannedRevision.getJson()));
        return KubeObjects.of(revision.withMetadata(revision.metadata().withUid(uid).withResourceVersion("1")));
    }
}
