package dev.stateful.domain.revision;

import dev.stateful.domain.json.Json;
import dev.stateful.domain.model.StatefulSet;
import dev.stateful.domain.model.StatefulSetStatus;
import java.util.function.UnaryOperator;

/** Set edits used by the revision tests (upstream tests mutate the set in place). */
final class SetEdits {

    private SetEdits() {
    }

    static StatefulSet withTemplate(StatefulSet set, UnaryOperator<Json.Obj> change) {
        return set.withSpec(set.spec().withTemplate(change.apply(set.spec().template())));
    }

    /** Edits the first container of the template. */
    static StatefulSet withFirstContainer(StatefulSet set, UnaryOperator<Json.Obj> change) {
        return withTemplate(set, t -> t.update("spec", spec -> {
            Json.Obj first = (Json.Obj) spec.array("containers").get(0);
            return spec.with("containers", Json.array(change.apply(first)));
        }));
    }

    static StatefulSet withImage(StatefulSet set, String image) {
        return withFirstContainer(set, c -> c.with("image", image));
    }

    static StatefulSet withTemplateLabel(StatefulSet set, String key, String value) {
        return withTemplate(set, t -> t.update("metadata", m -> m.update("labels", l -> l.with(key, value))));
    }

    /** The status fields revision resolution reads. */
    static StatefulSet withRevisionStatus(StatefulSet set, String currentRevision, Integer collisionCount) {
        StatefulSetStatus s = set.status();
        return set.withStatus(new StatefulSetStatus(s.observedGeneration(), s.replicas(), s.readyReplicas(), s.currentReplicas(),
                s.updatedReplicas(), s.availableReplicas(), currentRevision, s.updateRevision(), collisionCount, s.conditions()));
    }
}
