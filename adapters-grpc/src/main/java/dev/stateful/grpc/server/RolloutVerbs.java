package dev.stateful.grpc.server;

import dev.stateful.domain.json.Json;
import dev.stateful.domain.model.ObjectKey;
import dev.stateful.domain.model.StatefulSet;
import dev.stateful.domain.model.UpdateStrategy;
import dev.stateful.domain.validation.Violation;
import dev.stateful.grpc.convert.Summaries;
import dev.stateful.grpc.status.Failures;
import dev.stateful.grpc.v1.PauseRequest;
import dev.stateful.grpc.v1.PauseResponse;
import dev.stateful.grpc.v1.RestartRequest;
import dev.stateful.grpc.v1.RestartResponse;
import dev.stateful.grpc.v1.ResumeRequest;
import dev.stateful.grpc.v1.ResumeResponse;
import dev.stateful.grpc.v1.SetImageRequest;
import dev.stateful.grpc.v1.SetImageResponse;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * kubectl's rollout verbs as spec edits: {@code set image}, {@code rollout restart} (the
 * {@code kubectl.kubernetes.io/restartedAt} template annotation kubectl's
 * {@code ObjectRestarterFn} writes), {@code rollout pause|resume}. A set of our kind is paused as a
 * Deployment is ({@code ObjectPauserFn}): by its own {@code spec.updateStrategy.rollingUpdate.paused},
 * which the Progressing condition reports as RolloutPaused. kubectl refuses to pause an apps/v1
 * StatefulSet (it has no such field); here its pause is a partition at spec.replicas, the standard
 * way to hold a StatefulSet rollout, and the earlier partition is kept in an annotation to resume to.
 */
final class RolloutVerbs {

    static final String RESTARTED_AT = "kubectl.kubernetes.io/restartedAt";
    static final String PAUSED_PARTITION = "stateful.dev/paused-partition";
    private static final String EVERY_CONTAINER = "*";

    private final SetBackend backend;

    RolloutVerbs(SetBackend backend) {
        this.backend = backend;
    }

    SetImageResponse setImage(SetImageRequest request) {
        ObjectKey key = Keys.of(request.getRef());
        Map<String, String> images = request.getImagesMap();
        if (images.isEmpty()) {
            throw Failures.invalid("at least one CONTAINER=IMAGE is required", List.of(new Violation("images", Violation.Type.REQUIRED, "")));
        }
        StatefulSet current = SpecEdit.read(backend, key);
        if (withImages(current, images).equals(current.spec().template())) {
            return SetImageResponse.newBuilder().setStatefulSet(Summaries.statefulSet(current)).setUnchanged(true)
                    .setMessage(KubectlNames.named(current) + " image unchanged").build();
        }
        StatefulSet updated = SpecEdit.apply(backend, key, set -> set.withSpec(set.spec().withTemplate(withImages(set, images))));
        return SetImageResponse.newBuilder().setStatefulSet(Summaries.statefulSet(updated))
                .setMessage(KubectlNames.named(updated) + " image updated").build();
    }

    RestartResponse restart(RestartRequest request) {
        ObjectKey key = Keys.of(request.getRef());
        String at = restartStamp(backend.now());
        StatefulSet updated = SpecEdit.apply(backend, key, set -> set.withSpec(set.spec().withTemplate(
                set.spec().template().update("metadata", m -> m.update("annotations", a -> a.with(RESTARTED_AT, at))))));
        return RestartResponse.newBuilder().setStatefulSet(Summaries.statefulSet(updated))
                .setMessage(KubectlNames.named(updated) + " restarted").build();
    }

    PauseResponse pause(PauseRequest request) {
        ObjectKey key = Keys.of(request.getRef());
        StatefulSet updated = SpecEdit.apply(backend, key, set -> {
            UpdateStrategy strategy = rollingUpdateOf(set, "paused");
            if (isPaused(set)) {
                throw Failures.failedPrecondition(KubectlNames.resource(set) + " is already paused");
            }
            if (set.kind().isCustom()) {
                return set.as(set.kind(), set.extensions().withPaused(true));
            }
            // apps/v1 reserves no ordinals, so spec.replicas is past every pod
            Map<String, String> annotations = new LinkedHashMap<>(set.metadata().annotations());
            annotations.put(PAUSED_PARTITION, Integer.toString(strategy.partition()));
            UpdateStrategy held = UpdateStrategy.rollingUpdate(set.spec().replicasOrDefault(), maxUnavailable(strategy));
            return set.withMetadata(set.metadata().withAnnotations(annotations)).withSpec(set.spec().withUpdateStrategy(held));
        });
        return PauseResponse.newBuilder().setStatefulSet(Summaries.statefulSet(updated))
                .setMessage(KubectlNames.named(updated) + " paused").build();
    }

    ResumeResponse resume(ResumeRequest request) {
        ObjectKey key = Keys.of(request.getRef());
        StatefulSet updated = SpecEdit.apply(backend, key, set -> {
            UpdateStrategy strategy = rollingUpdateOf(set, "resumed");
            if (!isPaused(set)) {
                throw Failures.failedPrecondition(KubectlNames.resource(set) + " is not paused");
            }
            StatefulSet resumed = set.kind().isCustom() ? set.as(set.kind(), set.extensions().withPaused(false)) : set;
            // a set of our kind paused before pause set its own field is held the apps/v1 way (partition at
            // spec.replicas, the earlier one in the annotation): give that partition back, or the set would
            // stay held with nothing left to resume it
            String saved = set.metadata().annotations().get(PAUSED_PARTITION);
            if (saved == null) {
                return resumed;
            }
            Map<String, String> annotations = new LinkedHashMap<>(set.metadata().annotations());
            annotations.remove(PAUSED_PARTITION);
            UpdateStrategy restored = UpdateStrategy.rollingUpdate(savedPartition(saved), maxUnavailable(strategy));
            return resumed.withMetadata(set.metadata().withAnnotations(annotations)).withSpec(set.spec().withUpdateStrategy(restored));
        });
        return ResumeResponse.newBuilder().setStatefulSet(Summaries.statefulSet(updated))
                .setMessage(KubectlNames.named(updated) + " resumed").build();
    }

    /** Paused by its own field (our kind) or by a held partition (the annotation, either kind). */
    private static boolean isPaused(StatefulSet set) {
        return set.extensions().paused() || set.metadata().annotations().containsKey(PAUSED_PARTITION);
    }

    /** The template with the images replaced; a container name the template lacks is INVALID_ARGUMENT. */
    private static Json.Obj withImages(StatefulSet set, Map<String, String> images) {
        Set<String> unmatched = new HashSet<>(images.keySet());
        unmatched.remove(EVERY_CONTAINER);
        Json.Obj template = set.spec().template();
        Json.Obj spec = template.objectOrEmpty("spec");
        for (String list : List.of("initContainers", "containers")) {
            if (!spec.has(list)) {
                continue;
            }
            List<Json> containers = new ArrayList<>();
            for (Json c : spec.array(list)) {
                containers.add(c.asObject().map(container -> {
                    String name = container.string("name").orElse("");
                    String image = images.containsKey(name) ? images.get(name) : images.get(EVERY_CONTAINER);
                    unmatched.remove(name);
                    return image == null ? (Json) container : container.with("image", image);
                }).orElse(c));
            }
            spec = spec.with(list, new Json.Arr(containers));
        }
        if (!unmatched.isEmpty()) {
            List<String> names = unmatched.stream().sorted().toList();
            List<Violation> violations = names.stream()
                    .map(name -> new Violation("images[" + name + "]", Violation.Type.NOT_SUPPORTED, "unable to find container named \"" + name + "\""))
                    .toList();
            throw Failures.invalid("unable to find container named \"" + String.join("\", \"", names) + "\"", violations);
        }
        return template.with("spec", spec);
    }

    private static UpdateStrategy rollingUpdateOf(StatefulSet set, String verb) {
        UpdateStrategy strategy = set.spec().updateStrategy();
        if (strategy.isOnDelete()) {
            throw Failures.failedPrecondition("StatefulSet " + set.key() + " uses the OnDelete update strategy: only RollingUpdate can be " + verb);
        }
        return strategy;
    }

    private static dev.stateful.domain.model.IntOrString maxUnavailable(UpdateStrategy strategy) {
        return strategy.rollingUpdate() == null ? null : strategy.rollingUpdate().maxUnavailable();
    }

    private static Integer savedPartition(String saved) {
        try {
            int partition = Integer.parseInt(saved);
            return partition == 0 ? null : partition;
        } catch (NumberFormatException e) {
            throw Failures.failedPrecondition("annotation " + PAUSED_PARTITION + " is not a number: \"" + saved + "\"");
        }
    }

    /** kubectl's {@code time.Now().Format(time.RFC3339)}: seconds, here in UTC. */
    static String restartStamp(Instant now) {
        return now.truncatedTo(ChronoUnit.SECONDS).toString();
    }
}
