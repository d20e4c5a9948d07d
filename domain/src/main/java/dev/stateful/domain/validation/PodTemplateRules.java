package dev.stateful.domain.validation;

import dev.stateful.domain.json.Json;
import dev.stateful.domain.model.LabelSelector;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The pod template checks of {@code ValidateStatefulSetSpec}: the template's metadata against the
 * selector, restartPolicy and activeDeadlineSeconds. Of {@code ValidatePodTemplateSpec}'s checks of the
 * pod spec, {@link PodSpecRules} has the volumes, containers and some of the pod's own fields (the affinity and
 * topology spread constraints and every volume source's settings among them); the API server checks the rest
 * (privileged containers, resource claims, ...), on create (an earlier release stored sets without checking the pod
 * spec: a sync does not check it, {@code StatefulSetValidator.validateStored}), so a manifest that
 * {@code validate} accepts can still be refused there.
 */
final class PodTemplateRules {

    static final String SELECTOR_MISMATCH = "`selector` does not match template `labels`";
    static final String ACTIVE_DEADLINE_FORBIDDEN = "activeDeadlineSeconds in StatefulSet is not Supported";
    static final String RESTART_ALWAYS = "Always";

    private PodTemplateRules() {
    }

    /**
     * {@code ValidatePodTemplateSpecForStatefulSet}. A missing selector converts to upstream's
     * "nothing" selector, which matches no labels; an empty one matches everything and is not checked.
     * Note the upstream paths: syntax errors name {@code template.labels}, the mismatch names
     * {@code template.metadata.labels}.
     */
    static List<Violation> metadata(Json.Obj template, LabelSelector selector, String path) {
        Json.Obj metadata = template.objectOrEmpty("metadata");
        Map<String, String> labels = metadata.stringMap("labels");
        Map<String, String> annotations = metadata.stringMap("annotations");
        List<Violation> out = new ArrayList<>();
        if (selector == null || (!selector.isEmpty() && !selector.matches(labels))) {
            out.add(Errors.invalid(path + ".metadata.labels", labels, SELECTOR_MISMATCH));
        }
        out.addAll(MetaRules.labels(labels, path + ".labels"));
        out.addAll(MetaRules.annotations(annotations, path + ".annotations"));
        out.addAll(MetaRules.podAnnotations(annotations, template.objectOrEmpty("spec"), path + ".annotations"));
        return out;
    }

    /**
     * Pods of a StatefulSet must always restart. Validation sees the defaulted object, where an
     * absent or empty restartPolicy has become Always, so only an explicit other value is reported.
     */
    static List<Violation> restartPolicy(Json.Obj template, String path) {
        Json value = template.objectOrEmpty("spec").fields().get("restartPolicy");
        boolean unset = value == null || value == Json.Null.INSTANCE || value.asString().map(String::isEmpty).orElse(false);
        if (unset || value.asString().map(RESTART_ALWAYS::equals).orElse(false)) {
            return List.of();
        }
        return List.of(Errors.notSupported(path + ".spec.restartPolicy", value.asString().<Object>map(s -> s).orElse(value), RESTART_ALWAYS));
    }

    /** A deadline would kill the set's pods; upstream forbids it for all workload controllers. */
    static List<Violation> activeDeadlineSeconds(Json.Obj template, String path) {
        return template.objectOrEmpty("spec").has("activeDeadlineSeconds")
                ? List.of(Errors.forbidden(path + ".spec.activeDeadlineSeconds", ACTIVE_DEADLINE_FORBIDDEN))
                : List.of();
    }
}
