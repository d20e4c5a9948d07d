package dev.stateful.grpc.convert;

import dev.stateful.domain.identity.PodIdentity;
import dev.stateful.domain.json.Json;
import dev.stateful.domain.model.ControllerRevision;
import dev.stateful.domain.model.PersistentVolumeClaim;
import dev.stateful.domain.model.Pod;
import dev.stateful.domain.model.StatefulSet;
import dev.stateful.domain.model.StatefulSetStatus;
import dev.stateful.domain.revision.RevisionData;
import dev.stateful.domain.availability.Availability;
import dev.stateful.grpc.v1.ClaimInfo;
import dev.stateful.grpc.v1.ObjectRef;
import dev.stateful.grpc.v1.PodInfo;
import dev.stateful.grpc.v1.RevisionInfo;
import dev.stateful.grpc.v1.SetStatus;
import dev.stateful.grpc.v1.StatefulSetInfo;
import dev.stateful.domain.model.ObjectKey;
import java.time.Instant;
import java.util.List;

/** The typed summaries of {@code objects.proto}, built from domain objects. */
public final class Summaries {

    public static final String CHANGE_CAUSE = "kubernetes.io/change-cause";

    private Summaries() {
    }

    public static ObjectRef ref(ObjectKey key) {
        return ObjectRef.newBuilder().setNamespace(key.namespace()).setName(key.name()).build();
    }

    public static SetStatus status(StatefulSetStatus s) {
        return SetStatus.newBuilder()
                .setObservedGeneration(s.observedGeneration())
                .setReplicas(s.replicas())
                .setReadyReplicas(s.readyReplicas())
                .setCurrentReplicas(s.currentReplicas())
                .setUpdatedReplicas(s.updatedReplicas())
                .setAvailableReplicas(s.availableReplicas())
                .setCurrentRevision(s.currentRevision())
                .setUpdateRevision(s.updateRevision())
                .setCollisionCount(s.collisionCount() == null ? 0 : s.collisionCount())
                .build();
    }

    /** The summary with the whole object. */
    public static StatefulSetInfo statefulSet(StatefulSet set) {
        return statefulSet(set, true);
    }

    /** The summary, with the whole object only when {@code withObject}. */
    public static StatefulSetInfo statefulSet(StatefulSet set, boolean withObject) {
        StatefulSetInfo.Builder out = StatefulSetInfo.newBuilder()
                .setRef(ref(set.key()))
                .setUid(nullToEmpty(set.metadata().uid()))
                .setGeneration(set.metadata().generation())
                .setDesiredReplicas(set.spec().replicasOrDefault())
                .setPodManagementPolicy(set.spec().podManagementPolicy())
                .setUpdateStrategy(set.spec().updateStrategy().type())
                .setPartition(set.spec().updateStrategy().partition())
                .setMinReadySeconds(set.spec().minReadySeconds())
                .addAllImages(images(set.spec().template()))
                .setStatus(status(set.status()));
        if (withObject) {
            out.setObject(KubeObjects.of(set));
        }
        return out.build();
    }

    public static PodInfo pod(Pod pod, int minReadySeconds, Instant now) {
        PodInfo.Builder out = PodInfo.newBuilder()
                .setName(pod.name())
                .setOrdinal(PodIdentity.ordinal(pod))
                .setUid(nullToEmpty(pod.metadata().uid()))
                .setPhase(pod.status().phase())
                .setReady(Availability.isRunningAndReady(pod))
                .setAvailable(Availability.isAvailable(pod, minReadySeconds, now))
                .setTerminating(pod.isTerminating())
                .setRevision(PodIdentity.revisionOf(pod));
        if (pod.metadata().creationTimestamp() != null) {
            out.setCreated(Timestamps.of(pod.metadata().creationTimestamp()));
        }
        return out.build();
    }

    /** @param podName the pod that mounts the claim */
    public static ClaimInfo claim(PersistentVolumeClaim claim, String podName) {
        return ClaimInfo.newBuilder()
                .setName(claim.name())
                .setPod(podName)
                .setPhase(claim.phase())
                .addAllOwners(claim.metadata().ownerReferences().stream().map(r -> r.kind() + "/" + r.name()).toList())
                .setTerminating(claim.isTerminating())
                .build();
    }

    /** @param pods how many of the set's pods carry this revision */
    public static RevisionInfo revision(ControllerRevision revision, StatefulSet set, int pods) {
        RevisionInfo.Builder out = RevisionInfo.newBuilder()
                .setName(revision.name())
                .setRevision(revision.revision())
                .setCurrent(revision.name().equals(set.status().currentRevision()))
                .setUpdate(revision.name().equals(set.status().updateRevision()))
                .setChangeCause(revision.metadata().annotations().getOrDefault(CHANGE_CAUSE, ""))
                .setPods(pods);
        try {
            out.addAllImages(images(RevisionData.template(revision)));
        } catch (IllegalArgumentException notATemplate) {
            // a revision someone else wrote: no images to show
        }
        if (revision.metadata().creationTimestamp() != null) {
            out.setCreated(Timestamps.of(revision.metadata().creationTimestamp()));
        }
        return out.build();
    }

    /** The images of a pod template's containers, in order. */
    public static List<String> images(Json.Obj template) {
        return template.objectOrEmpty("spec").array("containers").stream()
                .flatMap(c -> c.asObject().stream())
                .map(c -> c.string("image").orElse(""))
                .toList();
    }

    /** A proto string field's value for an absent one (proto3 strings cannot be null). */
    public static String nullToEmpty(String s) {
        return s == null ? "" : s;
    }
}
