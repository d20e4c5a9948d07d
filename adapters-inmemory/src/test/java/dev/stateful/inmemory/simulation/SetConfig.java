package dev.stateful.inmemory.simulation;

import dev.stateful.inmemory.scenarios.SetManifest;
import java.util.ArrayList;
import java.util.List;

/**
 * The StatefulSet {@code web} a schedule starts with (and re-creates after deleting it): the nginx
 * set of the upstream docs with a {@code www} claim template, plus the fields a schedule varies.
 * Null means "left for the API server to default". {@code slowKubelet} is the one setting of the
 * world rather than the set: pods start 5s after creation and get ready 5s later, slow
 * terminations take 30s (timings cannot change mid-run: a started pod would go back to Pending).
 */
public record SetConfig(int replicas, boolean parallel, int minReadySeconds, boolean onDelete, String maxUnavailable,
                        Integer partition, Integer startOrdinal, Integer revisionHistoryLimit, String whenDeleted,
                        String whenScaled, boolean slowKubelet) {

    public static final String FIRST_IMAGE = "nginx:1.25";

    /** Three OrderedReady replicas, everything else defaulted. */
    public static SetConfig plain() {
        return new SetConfig(3, false, 0, false, null, null, null, null, "Retain", "Retain", false);
    }

    public SetManifest manifest() {
        SetManifest m = SetManifest.web().replicas(replicas).image(FIRST_IMAGE);
        if (parallel) {
            m.parallel();
        }
        if (minReadySeconds > 0) {
            m.minReadySeconds(minReadySeconds);
        }
        if (onDelete) {
            m.onDelete();
        } else {
            if (maxUnavailable != null) {
                m.maxUnavailable(maxUnavailable.endsWith("%") ? "\"" + maxUnavailable + "\"" : maxUnavailable);
            }
            if (partition != null) {
                m.partition(partition);
            }
        }
        if (startOrdinal != null) {
            m.startOrdinal(startOrdinal);
        }
        if (revisionHistoryLimit != null) {
            m.revisionHistoryLimit(revisionHistoryLimit);
        }
        return m.retention(whenDeleted, whenScaled);
    }

    public boolean retainsAll() {
        return "Retain".equals(whenDeleted) && "Retain".equals(whenScaled);
    }

    /** Simpler variants, simplest first, for the shrinker. */
    List<SetConfig> simpler() {
        List<SetConfig> out = new ArrayList<>();
        for (int r = 0; r < replicas; r++) {
            out.add(new SetConfig(r, parallel, minReadySeconds, onDelete, maxUnavailable, partition, startOrdinal, revisionHistoryLimit, whenDeleted, whenScaled, slowKubelet));
        }
        if (parallel) {
            out.add(new SetConfig(replicas, false, minReadySeconds, onDelete, maxUnavailable, partition, startOrdinal, revisionHistoryLimit, whenDeleted, whenScaled, slowKubelet));
        }
        if (minReadySeconds > 0) {
            out.add(new SetConfig(replicas, parallel, 0, onDelete, maxUnavailable, partition, startOrdinal, revisionHistoryLimit, whenDeleted, whenScaled, slowKubelet));
        }
        if (onDelete) {
            out.add(new SetConfig(replicas, parallel, minReadySeconds, false, maxUnavailable, partition, startOrdinal, revisionHistoryLimit, whenDeleted, whenScaled, slowKubelet));
        }
        if (maxUnavailable != null) {
            out.add(new SetConfig(replicas, parallel, minReadySeconds, onDelete, null, partition, startOrdinal, revisionHistoryLimit, whenDeleted, whenScaled, slowKubelet));
        }
        if (partition != null) {
            out.add(new SetConfig(replicas, parallel, minReadySeconds, onDelete, maxUnavailable, null, startOrdinal, revisionHistoryLimit, whenDeleted, whenScaled, slowKubelet));
        }
        if (startOrdinal != null) {
            out.add(new SetConfig(replicas, parallel, minReadySeconds, onDelete, maxUnavailable, partition, null, revisionHistoryLimit, whenDeleted, whenScaled, slowKubelet));
        }
        if (revisionHistoryLimit != null) {
            out.add(new SetConfig(replicas, parallel, minReadySeconds, onDelete, maxUnavailable, partition, startOrdinal, null, whenDeleted, whenScaled, slowKubelet));
        }
        if (!retainsAll()) {
            out.add(new SetConfig(replicas, parallel, minReadySeconds, onDelete, maxUnavailable, partition, startOrdinal, revisionHistoryLimit, "Retain", "Retain", slowKubelet));
        }
        if (slowKubelet) {
            out.add(new SetConfig(replicas, parallel, minReadySeconds, onDelete, maxUnavailable, partition, startOrdinal, revisionHistoryLimit, whenDeleted, whenScaled, false));
        }
        return out;
    }

    @Override
    public String toString() {
        StringBuilder out = new StringBuilder("web: ").append(replicas).append(replicas == 1 ? " replica, " : " replicas, ");
        out.append(parallel ? "Parallel" : "OrderedReady").append(", ").append(onDelete ? "OnDelete" : "RollingUpdate");
        if (maxUnavailable != null) {
            out.append(", maxUnavailable ").append(maxUnavailable);
        }
        if (partition != null) {
            out.append(", partition ").append(partition);
        }
        if (minReadySeconds > 0) {
            out.append(", minReadySeconds ").append(minReadySeconds);
        }
        if (startOrdinal != null) {
            out.append(", ordinals.start ").append(startOrdinal);
        }
        if (revisionHistoryLimit != null) {
            out.append(", revisionHistoryLimit ").append(revisionHistoryLimit);
        }
        out.append(", claims whenDeleted ").append(whenDeleted).append(" whenScaled ").append(whenScaled);
        return out.append(slowKubelet ? "; kubelet slow (start 5s, ready 5s later, slow terminations 30s)" : "").toString();
    }
}
