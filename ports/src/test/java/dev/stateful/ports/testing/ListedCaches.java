package dev.stateful.ports.testing;

import dev.stateful.domain.model.ControllerRevision;
import dev.stateful.domain.model.ObjectKey;
import dev.stateful.domain.model.PersistentVolumeClaim;
import dev.stateful.domain.model.Pod;
import dev.stateful.domain.model.StatefulSet;
import dev.stateful.ports.ClusterReader;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The informer caches as two lists a test fills, {@link #sets} and {@link #pods}, every namespace's
 * alike; no claims, no revisions. For tests of what reads the caches; extend it for more.
 */
public class ListedCaches implements ClusterReader {

    public final List<StatefulSet> sets = new ArrayList<>();
    public final List<Pod> pods = new ArrayList<>();

    @Override
    public Optional<StatefulSet> statefulSet(ObjectKey key) {
        return sets.stream().filter(s -> s.key().equals(key)).findFirst();
    }

    @Override
    public List<StatefulSet> statefulSets(String namespace) {
        return sets;
    }

    @Override
    public List<Pod> pods(String namespace) {
        return pods;
    }

    @Override
    public Optional<PersistentVolumeClaim> claim(String namespace, String name) {
        return Optional.empty();
    }

    @Override
    public List<PersistentVolumeClaim> claims(String namespace) {
        return List.of();
    }

    @Override
    public List<ControllerRevision> revisions(String namespace) {
        return List.of();
    }
}
