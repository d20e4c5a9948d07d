package dev.stateful.it.support;

import io.fabric8.kubernetes.api.model.Pod;

/** What the tests read off a pod. */
public final class Pods {

    public static final String REVISION_LABEL = "controller-revision-hash";

    private Pods() {
    }

    public static boolean isReady(Pod pod) {
        return pod.getStatus() != null && "Running".equals(pod.getStatus().getPhase()) && pod.getStatus().getConditions() != null
                && pod.getStatus().getConditions().stream().anyMatch(c -> "Ready".equals(c.getType()) && "True".equals(c.getStatus()));
    }

    public static String revision(Pod pod) {
        return pod.getMetadata().getLabels() == null ? "" : pod.getMetadata().getLabels().getOrDefault(REVISION_LABEL, "");
    }

    public static String image(Pod pod) {
        return pod.getSpec().getContainers().get(0).getImage();
    }
}
