package dev.stateful.fabric8.convert;

import dev.stateful.domain.json.Json;
import dev.stateful.domain.model.ObjectMeta;
import dev.stateful.domain.model.OwnerReference;
import dev.stateful.domain.model.Pod;
import dev.stateful.domain.model.PodStatus;
import java.lang.ref.WeakReference;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.WeakHashMap;

/**
 * The part of a pod the controller reads, which is what the pod cache keeps (figure 4 of issue 6:
 * a whole pod costs ~20 KB of heap, this ~1 KB). What the domain reads from a pod, and so what stays:
 * <ul>
 * <li>metadata: name, namespace, uid, resourceVersion, generation, labels (identity, revision,
 *     selectors), ownerReferences (controller ref), finalizers, creation and deletion timestamps;
 *     annotations are dropped (nothing reads a pod's annotations);</li>
 * <li>spec: the volumes, each as its name plus, for a claim volume, {@code persistentVolumeClaim.claimName}
 *     (storage matching and repair, {@code PodClaims}); the rest of the spec is dropped;</li>
 * <li>status: the phase and the Ready condition (availability, readiness, terminal phases).</li>
 * </ul>
 * A slim pod is complete for planning but not for replacing the object on the server: updates
 * are made against the live pod ({@link PodMerge}). Strings that repeat across pods (namespace,
 * label keys and most values, owner fields, phase, condition type and status, claim volume names)
 * are interned; the pod-name label shares the name's string; owner reference lists are shared.
 */
public final class SlimPod {

    /** Owner reference lists, shared by every pod of a set; weak so a deleted set's list can go. */
    private static final Map<List<OwnerReference>, WeakReference<List<OwnerReference>>> OWNERS =
            Collections.synchronizedMap(new WeakHashMap<>());

    private SlimPod() {
    }

    public static Pod of(Pod pod) {
        return new Pod(meta(pod.metadata()), spec(pod.spec()), status(pod.status()));
    }

    private static ObjectMeta meta(ObjectMeta m) {
        String name = m.name();
        return new ObjectMeta(name, intern(m.generateName()), intern(m.namespace()), m.uid(), m.resourceVersion(),
                m.generation(), labels(m.labels(), name), Map.of(), owners(m.ownerReferences()), internAll(m.finalizers()),
                m.creationTimestamp(), m.deletionTimestamp());
    }

    private static Map<String, String> labels(Map<String, String> labels, String name) {
        if (labels.isEmpty()) {
            return Map.of();
        }
        Map<String, String> out = new HashMap<>(labels.size() * 2);
        // Values equal to the pod name (the pod-name label) share its string; the others repeat across pods.
        labels.forEach((k, v) -> out.put(k.intern(), v.equals(name) ? name : v.intern()));
        return out;
    }

    private static List<OwnerReference> owners(List<OwnerReference> refs) {
        if (refs.isEmpty()) {
            return List.of();
        }
        List<OwnerReference> interned = new ArrayList<>(refs.size());
        for (OwnerReference r : refs) {
            interned.add(new OwnerReference(intern(r.apiVersion()), intern(r.kind()), intern(r.name()), intern(r.uid()),
                    r.controller(), r.blockOwnerDeletion()));
        }
        List<OwnerReference> list = List.copyOf(interned);
        synchronized (OWNERS) {
            WeakReference<List<OwnerReference>> shared = OWNERS.get(list);
            List<OwnerReference> existing = shared == null ? null : shared.get();
            if (existing != null) {
                return existing;
            }
            OWNERS.put(list, new WeakReference<>(list));
            return list;
        }
    }

    private static List<String> internAll(List<String> values) {
        return values.isEmpty() ? List.of() : values.stream().map(String::intern).toList();
    }

    private static Json.Obj spec(Json.Obj spec) {
        List<Json> volumes = spec.array("volumes");
        if (volumes.isEmpty()) {
            return Json.EMPTY_OBJECT;
        }
        List<Json> slim = new ArrayList<>(volumes.size());
        for (Json volume : volumes) {
            slim.add(volume(volume));
        }
        return new Json.Obj(Map.of("volumes", new Json.Arr(slim)));
    }

    /** A volume as its name, plus the claim name for a claim volume (the only source anything reads). */
    private static Json volume(Json volume) {
        Json.Obj v = volume.asObject().orElse(Json.EMPTY_OBJECT);
        String name = v.string("name").orElse("");
        var claim = v.object("persistentVolumeClaim");
        if (claim.isEmpty()) {
            return name.isEmpty() ? Json.EMPTY_OBJECT : new Json.Obj(Map.of("name", Json.of(name)));
        }
        Map<String, Json> source = claim.get().get("claimName").map(c -> Map.of("claimName", c)).orElse(Map.of());
        Map<String, Json> out = new java.util.LinkedHashMap<>();
        out.put("name", Json.of(name.intern()));
        out.put("persistentVolumeClaim", new Json.Obj(source));
        return new Json.Obj(out);
    }

    private static PodStatus status(PodStatus status) {
        List<PodStatus.PodCondition> ready = status.readyCondition()
                .map(c -> List.of(new PodStatus.PodCondition(intern(c.type()), intern(c.status()), c.lastTransitionTime())))
                .orElse(List.of());
        return new PodStatus(intern(status.phase()), ready);
    }

    private static String intern(String value) {
        return value == null ? null : value.intern();
    }
}
