package dev.stateful.fabric8.convert;

import dev.stateful.domain.json.Json;
import dev.stateful.domain.model.Pod;
import dev.stateful.domain.model.PodStatus;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The part of a pod the controller reads, which is what the pod cache keeps (docs/benchmarks.md, figure 4:
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
 * are made against the live pod ({@link LiveMerge}). Repeated strings are interned: the metadata's
 * ({@link InternedMeta}), the phase, the condition's type and status, claim volume names.
 */
public final class SlimPod {

    private SlimPod() {
    }

    public static Pod of(Pod pod) {
        return new Pod(InternedMeta.of(pod.metadata(), Map.of()), spec(pod.spec()), status(pod.status()));
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
                .map(c -> List.of(new PodStatus.PodCondition(InternedMeta.intern(c.type()), InternedMeta.intern(c.status()), c.lastTransitionTime())))
                .orElse(List.of());
        return new PodStatus(InternedMeta.intern(status.phase()), ready);
    }
}
