package dev.stateful.inmemory.store;

import dev.stateful.domain.json.Json;
import dev.stateful.domain.model.ObjectMeta;
import dev.stateful.domain.model.Pod;
import dev.stateful.domain.model.PodStatus;
import dev.stateful.domain.validation.Violation;
import java.util.ArrayList;
import java.util.List;

/**
 * v1 Pod: created Pending (upstream PrepareForCreate), status only through {@code /status} (the
 * kubelet's path), a spec that is immutable except for container images, and graceful deletion.
 */
public final class PodType implements ObjectType<Pod> {

    /** The API default of {@code terminationGracePeriodSeconds}. */
    public static final long DEFAULT_GRACE_SECONDS = 30;

    private static final String IMMUTABLE_SPEC = "pod updates may not change fields other than `spec.containers[*].image`, "
            + "`spec.initContainers[*].image`, `spec.activeDeadlineSeconds`, `spec.tolerations` (only additions to existing "
            + "tolerations) or `spec.terminationGracePeriodSeconds` (allow it to be set to 1 if it was previously negative)";

    @Override
    public Kind kind() {
        return Kind.PODS;
    }

    @Override
    public ObjectMeta meta(Pod object) {
        return object.metadata();
    }

    @Override
    public Pod withMeta(Pod object, ObjectMeta meta) {
        return object.withMetadata(meta);
    }

    @Override
    public Pod prepareForCreate(Pod incoming) {
        return incoming.withStatus(PodStatus.of(PodStatus.PENDING));
    }

    @Override
    public Pod prepareForUpdate(Pod incoming, Pod stored) {
        if (!mutablePartsRemoved(incoming.spec()).equals(mutablePartsRemoved(stored.spec()))) {
            throw ApiErrors.invalid(kind(), stored.name(), List.of(new Violation("spec", Violation.Type.FORBIDDEN, IMMUTABLE_SPEC)));
        }
        return incoming.withStatus(stored.status());
    }

    @Override
    public Pod prepareForStatusUpdate(Pod incoming, Pod stored) {
        return stored.withStatus(incoming.status());
    }

    /** Terminal pods go at once (upstream CheckGracefulDelete); others wait for the kubelet. */
    @Override
    public long gracePeriodSeconds(Pod stored, Long requested) {
        String phase = stored.status().phase();
        if (PodStatus.FAILED.equals(phase) || PodStatus.SUCCEEDED.equals(phase)) {
            return 0;
        }
        if (requested != null) {
            return Math.max(0, requested);
        }
        return Math.max(0, stored.spec().integer("terminationGracePeriodSeconds").orElse(DEFAULT_GRACE_SECONDS));
    }

    private static Json.Obj mutablePartsRemoved(Json.Obj spec) {
        return spec.without("activeDeadlineSeconds").without("tolerations")
                .with("containers", withoutImages(spec.array("containers")))
                .with("initContainers", withoutImages(spec.array("initContainers")));
    }

    private static List<Json> withoutImages(List<Json> containers) {
        List<Json> out = new ArrayList<>();
        for (Json container : containers) {
            out.add(container instanceof Json.Obj c ? c.without("image") : container);
        }
        return out;
    }
}
