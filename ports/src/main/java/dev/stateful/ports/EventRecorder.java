package dev.stateful.ports;

import dev.stateful.domain.model.StatefulSet;

/**
 * Records Kubernetes events on the StatefulSet (component {@code statefulset-controller}).
 * Recording is best effort: implementations never throw.
 */
public interface EventRecorder {

    enum Type { Normal, Warning }

    void record(StatefulSet set, Type type, String reason, String message);
}
