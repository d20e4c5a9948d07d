package dev.stateful.inmemory.testing;

import dev.stateful.codec.ModelCodec;
import dev.stateful.domain.json.Json;
import dev.stateful.domain.model.ControllerRevision;
import dev.stateful.domain.model.ObjectMeta;
import dev.stateful.domain.model.OwnerReference;
import dev.stateful.domain.model.PersistentVolumeClaim;
import dev.stateful.domain.model.Pod;
import dev.stateful.domain.model.StatefulSet;
import dev.stateful.domain.testing.Fixtures;
import java.util.List;
import java.util.Map;

/** Objects as a client would send them for creation: no uid, no resourceVersion. */
public final class TestObjects {

    public static final String NS = "default";

    private TestObjects() {
    }

    /** A StatefulSet from the domain fixtures, stripped of the server-assigned fields. */
    public static StatefulSet statefulSet(String name, int replicas) {
        StatefulSet set = Fixtures.statefulSet(name, replicas);
        return set.withMetadata(set.metadata().withUid(null).withGeneration(0).withCreationTimestamp(null));
    }

    public static Pod pod(String name) {
        return pod(name, "nginx:1.25");
    }

    public static Pod pod(String name, String image) {
        ObjectMeta meta = ObjectMeta.named(NS, name).withLabels(Map.of("app", "nginx"));
        return new Pod(meta, Json.object("containers", Json.array(Json.object("name", "nginx", "image", image)),
                "terminationGracePeriodSeconds", 30), null);
    }

    public static PersistentVolumeClaim claim(String name) {
        return new PersistentVolumeClaim(ObjectMeta.named(NS, name),
                Json.object("accessModes", Json.array("ReadWriteOnce"), "resources", Json.object("requests", Json.object("storage", "1Gi"))), null);
    }

    public static ControllerRevision revision(String name, String data, long number) {
        return ModelCodec.controllerRevision(ObjectMeta.named(NS, name), data, number);
    }

    public static OwnerReference controllerRef(StatefulSet owner) {
        return OwnerReference.controllerRef(OwnerReference.STATEFUL_SET_API_VERSION, OwnerReference.STATEFUL_SET_KIND, owner.metadata());
    }

    public static OwnerReference controllerRef(Pod owner) {
        return OwnerReference.controllerRef("v1", "Pod", owner.metadata());
    }

    public static Pod ownedBy(Pod pod, OwnerReference... refs) {
        return pod.withMetadata(pod.metadata().withOwnerReferences(List.of(refs)));
    }

    public static PersistentVolumeClaim ownedBy(PersistentVolumeClaim claim, OwnerReference... refs) {
        return claim.withMetadata(claim.metadata().withOwnerReferences(List.of(refs)));
    }

    public static ControllerRevision ownedBy(ControllerRevision revision, OwnerReference... refs) {
        return revision.withMetadata(revision.metadata().withOwnerReferences(List.of(refs)));
    }
}
