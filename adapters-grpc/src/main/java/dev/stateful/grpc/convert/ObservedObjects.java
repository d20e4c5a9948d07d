package dev.stateful.grpc.convert;

import dev.stateful.codec.ModelCodec;
import dev.stateful.domain.json.Json;
import dev.stateful.domain.model.ControllerRevision;
import dev.stateful.domain.model.ObjectMeta;
import dev.stateful.domain.model.OwnerReference;
import dev.stateful.domain.model.PersistentVolumeClaim;
import dev.stateful.domain.model.Pod;
import dev.stateful.domain.model.PodStatus;
import dev.stateful.domain.storage.PodClaims;
import dev.stateful.grpc.v1.ObjectMetadata;
import dev.stateful.grpc.v1.ObservedClaim;
import dev.stateful.grpc.v1.ObservedPod;
import dev.stateful.grpc.v1.ObservedRevision;
import dev.stateful.grpc.v1.PodCondition;
import dev.stateful.grpc.v1.PodVolume;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Domain objects to and from the typed projection of {@code objects.proto} ({@link ObservedPod},
 * {@link ObservedClaim}, {@link ObservedRevision}): only the fields the controller reads, so no
 * JSON is parsed on the way in. A pod's spec is rebuilt from its hostname, subdomain and volumes.
 */
public final class ObservedObjects {

    private ObservedObjects() {
    }

    public static Pod pod(ObservedPod in) {
        Json.Obj spec = Json.EMPTY_OBJECT;
        if (!in.getHostname().isEmpty()) {
            spec = spec.with("hostname", in.getHostname());
        }
        if (!in.getSubdomain().isEmpty()) {
            spec = spec.with("subdomain", in.getSubdomain());
        }
        if (in.getVolumesCount() > 0) {
            List<Json> volumes = new ArrayList<>(in.getVolumesCount());
            for (PodVolume v : in.getVolumesList()) {
                volumes.add(v.getClaimName().isEmpty() ? Json.object("name", v.getName()) : PodClaims.claimVolume(v.getName(), v.getClaimName()));
            }
            spec = spec.with("volumes", new Json.Arr(volumes));
        }
        List<PodStatus.PodCondition> conditions = new ArrayList<>(in.getConditionsCount());
        for (PodCondition c : in.getConditionsList()) {
            conditions.add(new PodStatus.PodCondition(c.getType(), c.getStatus(),
                    c.hasLastTransitionTime() ? Timestamps.instant(c.getLastTransitionTime()) : null));
        }
        return new Pod(meta(in.getMetadata()), spec, new PodStatus(in.getPhase(), conditions));
    }

    public static PersistentVolumeClaim claim(ObservedClaim in) {
        return new PersistentVolumeClaim(meta(in.getMetadata()), Json.EMPTY_OBJECT, in.getPhase());
    }

    public static ControllerRevision revision(ObservedRevision in) {
        return ModelCodec.controllerRevision(meta(in.getMetadata()), in.getData(), in.getRevision());
    }

    public static ObjectMeta meta(ObjectMetadata in) {
        List<OwnerReference> owners = new ArrayList<>(in.getOwnerReferencesCount());
        for (dev.stateful.grpc.v1.OwnerReference r : in.getOwnerReferencesList()) {
            // proto3 has no absent bool; absent and false mean the same to the controller (isController)
            owners.add(new OwnerReference(r.getApiVersion(), r.getKind(), r.getName(), r.getUid(),
                    r.getController() ? Boolean.TRUE : null, r.getBlockOwnerDeletion() ? Boolean.TRUE : null));
        }
        // the record copies its maps; the empty ones (most pods have no annotations) need no copy
        return new ObjectMeta(in.getName(), null, in.getNamespace(), emptyToNull(in.getUid()), emptyToNull(in.getResourceVersion()),
                in.getGeneration(), in.getLabelsCount() == 0 ? Map.of() : in.getLabelsMap(),
                in.getAnnotationsCount() == 0 ? Map.of() : in.getAnnotationsMap(), owners,
                in.getFinalizersCount() == 0 ? List.of() : in.getFinalizersList(),
                instant(in.hasCreationTimestamp(), in.getCreationTimestamp()), instant(in.hasDeletionTimestamp(), in.getDeletionTimestamp()));
    }

    public static ObservedPod of(Pod pod) {
        ObservedPod.Builder out = ObservedPod.newBuilder().setMetadata(of(pod.metadata()))
                .setHostname(pod.spec().string("hostname").orElse(""))
                .setSubdomain(pod.spec().string("subdomain").orElse(""))
                .setPhase(pod.status().phase());
        for (Json volume : pod.spec().array("volumes")) {
            volume.asObject().ifPresent(v -> out.addVolumes(PodVolume.newBuilder().setName(v.string("name").orElse(""))
                    .setClaimName(v.objectOrEmpty("persistentVolumeClaim").string("claimName").orElse(""))));
        }
        for (PodStatus.PodCondition c : pod.status().conditions()) {
            PodCondition.Builder condition = PodCondition.newBuilder().setType(c.type()).setStatus(c.status());
            if (c.lastTransitionTime() != null) {
                condition.setLastTransitionTime(Timestamps.of(c.lastTransitionTime()));
            }
            out.addConditions(condition);
        }
        return out.build();
    }

    public static ObservedClaim of(PersistentVolumeClaim claim) {
        return ObservedClaim.newBuilder().setMetadata(of(claim.metadata())).setPhase(claim.phase()).build();
    }

    public static ObservedRevision of(ControllerRevision revision) {
        return ObservedRevision.newBuilder().setMetadata(of(revision.metadata())).setRevision(revision.revision())
                .setData(revision.data() == null ? "" : revision.data()).build();
    }

    public static ObjectMetadata of(ObjectMeta meta) {
        ObjectMetadata.Builder out = ObjectMetadata.newBuilder().setName(meta.name()).setNamespace(meta.namespace())
                .setUid(nullToEmpty(meta.uid())).setResourceVersion(nullToEmpty(meta.resourceVersion()))
                .setGeneration(meta.generation()).putAllLabels(meta.labels()).putAllAnnotations(meta.annotations())
                .addAllFinalizers(meta.finalizers());
        for (OwnerReference r : meta.ownerReferences()) {
            out.addOwnerReferences(dev.stateful.grpc.v1.OwnerReference.newBuilder().setApiVersion(r.apiVersion()).setKind(r.kind())
                    .setName(r.name()).setUid(r.uid()).setController(r.isController())
                    .setBlockOwnerDeletion(Boolean.TRUE.equals(r.blockOwnerDeletion())));
        }
        if (meta.creationTimestamp() != null) {
            out.setCreationTimestamp(Timestamps.of(meta.creationTimestamp()));
        }
        if (meta.deletionTimestamp() != null) {
            out.setDeletionTimestamp(Timestamps.of(meta.deletionTimestamp()));
        }
        return out.build();
    }

    private static Instant instant(boolean present, com.google.protobuf.Timestamp t) {
        return present ? Timestamps.instant(t) : null;
    }

    private static String emptyToNull(String s) {
        return s.isEmpty() ? null : s;
    }

    private static String nullToEmpty(String s) {
        return s == null ? "" : s;
    }
}
