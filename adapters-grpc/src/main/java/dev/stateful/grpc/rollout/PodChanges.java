package dev.stateful.grpc.rollout;

import dev.stateful.grpc.v1.PodChangeType;
import dev.stateful.grpc.v1.PodInfo;
import dev.stateful.grpc.v1.RolloutPodEvent;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** What happened to a set's pods between two looks: created, terminating, gone, ready, not ready, terminated. */
public final class PodChanges {

    private PodChanges() {
    }

    /** The events that lead from {@code before} to {@code after} (pods keyed by name), in pod order. */
    public static List<RolloutPodEvent> between(Map<String, PodInfo> before, Map<String, PodInfo> after) {
        List<RolloutPodEvent> out = new ArrayList<>();
        for (PodInfo old : before.values()) {
            PodInfo now = after.get(old.getName());
            if (now == null || !now.getUid().equals(old.getUid())) {
                out.add(event(PodChangeType.POD_CHANGE_TYPE_DELETED, old));
            }
        }
        for (PodInfo now : after.values()) {
            PodInfo old = before.get(now.getName());
            if (old == null || !old.getUid().equals(now.getUid())) {
                out.add(event(PodChangeType.POD_CHANGE_TYPE_CREATED, now));
                old = null;
            }
            if (now.getTerminating() && (old == null || !old.getTerminating())) {
                out.add(event(PodChangeType.POD_CHANGE_TYPE_TERMINATING, now));
            }
            if (terminated(now) && (old == null || !terminated(old))) {
                out.add(event(PodChangeType.POD_CHANGE_TYPE_TERMINATED, now));
            }
            if (now.getReady() && (old == null || !old.getReady())) {
                out.add(event(PodChangeType.POD_CHANGE_TYPE_READY, now));
            } else if (!now.getReady() && old != null && old.getReady()) {
                out.add(event(PodChangeType.POD_CHANGE_TYPE_NOT_READY, now));
            }
        }
        return out;
    }

    /** Pods keyed by name, in the given order. */
    public static Map<String, PodInfo> byName(List<PodInfo> pods) {
        Map<String, PodInfo> out = new LinkedHashMap<>();
        pods.forEach(p -> out.put(p.getName(), p));
        return out;
    }

    private static boolean terminated(PodInfo pod) {
        return "Failed".equals(pod.getPhase()) || "Succeeded".equals(pod.getPhase());
    }

    private static RolloutPodEvent event(PodChangeType type, PodInfo pod) {
        return RolloutPodEvent.newBuilder().setType(type).setPod(pod).build();
    }
}
