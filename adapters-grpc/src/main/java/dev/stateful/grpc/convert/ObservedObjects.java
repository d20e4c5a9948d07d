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
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Domain objects to and from the typed projection of {@code objects.proto} ({@link ObservedPod},
 * {@link ObservedClaim}, {@link ObservedRevision}): only the fields the controller reads, so no
 * JSON is parsed on the way in. A pod's spec is rebuilt from its hostname, subdomain and volumes.
 * {@link ObservedWire} reads the same fields from the wire and builds them with the same methods.
 */
public final class ObservedObjects {

    private ObservedObjects() {
    }

    public static Pod pod(ObservedPod in) {
        int volumeCount = in.getVolumesCount();
        List<Json> volumes = new ArrayList<>(volumeCount);
        for (int i = 0; i < volumeCount; i++) {
            PodVolume v = in.getVolumes(i);
            volumes.add(volume(v.getName(), v.getClaimName()));
        }
        int conditionCount = in.getConditionsCount();
        List<PodStatus.PodCondition> conditions = new ArrayList<>(conditionCount);
        for (int i = 0; i < conditionCount; i++) {
            PodCondition c = in.getConditions(i);
            conditions.add(new PodStatus.PodCondition(c.getType(), c.getStatus(),
                    c.hasLastTransitionTime() ? Timestamps.instant(c.getLastTransitionTime()) : null));
        }
        return pod(meta(in.getMetadata()), in.getHostname(), in.getSubdomain(), volumes, in.getPhase(), conditions);
    }

    /** An observed pod from its projected fields (decoded from the message, or from the wire by {@link ObservedWire}). */
    static Pod pod(ObjectMeta meta, String hostname, String subdomain, List<Json> volumes, String phase,
                   List<PodStatus.PodCondition> conditions) {
        // one map for the whole spec: a chain of Json.Obj.with would copy it once per field
        Map<String, Json> spec = new LinkedHashMap<>(4);
        if (!hostname.isEmpty()) {
            spec.put("hostname", Json.of(hostname));
        }
        if (!subdomain.isEmpty()) {
            spec.put("subdomain", Json.of(subdomain));
        }
        if (!volumes.isEmpty()) {
            spec.put("volumes", new Json.Arr(volumes));
        }
        return new Pod(meta, spec.isEmpty() ? Json.EMPTY_OBJECT : new Json.Obj(spec), new PodStatus(phase, conditions));
    }

    /** A projected volume: a claim volume when it names a claim, else only its name. */
    static Json volume(String name, String claimName) {
        return claimName.isEmpty() ? Json.object("name", name) : PodClaims.claimVolume(name, claimName);
    }

    public static PersistentVolumeClaim claim(ObservedClaim in) {
        return claim(meta(in.getMetadata()), in.getPhase());
    }

    static PersistentVolumeClaim claim(ObjectMeta meta, String phase) {
        return new PersistentVolumeClaim(meta, Json.EMPTY_OBJECT, phase);
    }

    public static ControllerRevision revision(ObservedRevision in) {
        return revision(meta(in.getMetadata()), in.getData(), in.getRevision());
    }

    static ControllerRevision revision(ObjectMeta meta, String data, long revision) {
        return ModelCodec.controllerRevision(meta, data, revision);
    }

    public static ObjectMeta meta(ObjectMetadata in) {
        int ownerCount = in.getOwnerReferencesCount();
        List<OwnerReference> owners = ownerCount == 0 ? List.of() : new ArrayList<>(ownerCount);
        for (int i = 0; i < ownerCount; i++) {
            dev.stateful.grpc.v1.OwnerReference r = in.getOwnerReferences(i);
            owners.add(owner(r.getApiVersion(), r.getKind(), r.getName(), r.getUid(), r.getController(), r.getBlockOwnerDeletion()));
        }
        // the record copies its maps; the empty ones (most pods have no annotations) need no copy
        return meta(in.getName(), in.getNamespace(), in.getUid(), in.getResourceVersion(), in.getGeneration(),
                in.getLabelsCount() == 0 ? Map.of() : in.getLabelsMap(), in.getAnnotationsCount() == 0 ? Map.of() : in.getAnnotationsMap(),
                owners, in.getFinalizersCount() == 0 ? List.of() : in.getFinalizersList(),
                instant(in.hasCreationTimestamp(), in.getCreationTimestamp()), instant(in.hasDeletionTimestamp(), in.getDeletionTimestamp()));
    }

    /** Projected metadata from its fields; proto3's empty uid and resourceVersion mean absent. */
    static ObjectMeta meta(String name, String namespace, String uid, String resourceVersion, long generation,
                           Map<String, String> labels, Map<String, String> annotations, List<OwnerReference> owners,
                           List<String> finalizers, Instant created, Instant deleted) {
        return new ObjectMeta(name, null, namespace, emptyToNull(uid), emptyToNull(resourceVersion), generation, labels, annotations,
                owners, finalizers, created, deleted);
    }

    static OwnerReference owner(String apiVersion, String kind, String name, String uid, boolean controller, boolean blockOwnerDeletion) {
        // proto3 has no absent bool; absent and false mean the same to the controller (isController)
        return new OwnerReference(apiVersion, kind, name, uid, controller ? Boolean.TRUE : null, blockOwnerDeletion ? Boolean.TRUE : null);
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
                .setUid(Summaries.nullToEmpty(meta.uid())).setResourceVersion(Summaries.nullToEmpty(meta.resourceVersion()))
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
}
