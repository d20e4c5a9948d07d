package dev.stateful.grpc.testing;

import dev.stateful.domain.model.ControllerRevision;
import dev.stateful.domain.model.ObjectKey;
import dev.stateful.domain.model.PersistentVolumeClaim;
import dev.stateful.domain.model.Pod;
import dev.stateful.domain.model.StatefulSet;
import dev.stateful.ports.ClusterReader;
import java.util.List;
import java.util.Optional;

/** A reader that passes every call on; tests override what they bend. */
public class DelegatingReader implements ClusterReader {

    private final ClusterReader delegate;

    public DelegatingReader(ClusterReader delegate) {
        this.delegate = delegate;
    }

    @Override
    public Optional<StatefulSet> statefulSet(ObjectKey key) {
        return delegate.statefulSet(key);
    }

    @Override
    public List<StatefulSet> statefulSets(String namespace) {
        return delegate.statefulSets(namespace);
    }

    @Override
    public List<Pod> pods(String namespace) {
        return delegate.pods(namespace);
    }

    @Override
    public Optional<PersistentVolumeClaim> claim(String namespace, String name) {
        return delegate.claim(namespace, name);
    }

    @Override
    public List<PersistentVolumeClaim> claims(String namespace) {
        return delegate.claims(namespace);
    }

    @Override
    public List<ControllerRevision> revisions(String namespace) {
        return delegate.revisions(namespace);
    }
}
