package dev.stateful.inmemory.store;

import dev.stateful.domain.model.ObjectMeta;
import dev.stateful.domain.model.StatefulSet;
import dev.stateful.domain.model.StatefulSetStatus;

/**
 * apps/v1 StatefulSet (upstream registry {@code statefulSetStrategy}), and our kind's alike: admission on
 * create and update, status cleared on create and kept on update, spec kept on {@code /status} writes,
 * generation bumped exactly when the (admitted) spec changes, our kind's own fields included.
 */
public final class StatefulSetType implements ObjectType<StatefulSet> {

    private final StatefulSetAdmission admission;

    public StatefulSetType(StatefulSetAdmission admission) {
        this.admission = admission;
    }

    @Override
    public Kind kind() {
        return Kind.STATEFULSETS;
    }

    @Override
    public ObjectMeta meta(StatefulSet object) {
        return object.metadata();
    }

    @Override
    public StatefulSet withMeta(StatefulSet object, ObjectMeta meta) {
        return object.withMetadata(meta);
    }

    @Override
    public StatefulSet prepareForCreate(StatefulSet incoming) {
        return admission.admit(incoming, null).withStatus(StatefulSetStatus.EMPTY);
    }

    @Override
    public StatefulSet prepareForUpdate(StatefulSet incoming, StatefulSet stored) {
        return admission.admit(incoming, stored).withStatus(stored.status());
    }

    @Override
    public StatefulSet prepareForStatusUpdate(StatefulSet incoming, StatefulSet stored) {
        return stored.withStatus(incoming.status());
    }

    @Override
    public long generation(StatefulSet prepared, StatefulSet stored) {
        if (stored == null) {
            return 1;
        }
        long current = stored.metadata().generation();
        // our kind's own fields (rollingUpdate.paused, progressDeadlineSeconds, reserveOrdinals) are spec
        // fields of its CRD, whose generation the API server moves on any spec change
        boolean same = prepared.spec().equals(stored.spec()) && prepared.extensions().equals(stored.extensions());
        return same ? current : current + 1;
    }
}
