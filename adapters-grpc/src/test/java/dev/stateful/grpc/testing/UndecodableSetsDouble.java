package dev.stateful.grpc.testing;

import dev.stateful.domain.consistency.OwnWrite;
import dev.stateful.domain.model.ObjectKey;
import dev.stateful.domain.model.ObjectMeta;
import dev.stateful.domain.model.Pod;
import dev.stateful.domain.model.SetKind;
import dev.stateful.domain.model.StatefulSet;
import dev.stateful.grpc.remote.PortSet;
import dev.stateful.inmemory.InMemoryCluster;
import dev.stateful.ports.ClusterEvents;
import dev.stateful.ports.ClusterReader;
import dev.stateful.ports.UndecodableSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A cluster's reader and watch with sets a test declares undecodable, as fabric8's {@code ClusterCache}
 * reports a set of our kind whose latest state it cannot decode: every change of such a set reaches
 * the handlers as {@code statefulSetUndecodable}, the reader tells it apart and still answers the
 * last decoded state (the underlying cluster's), until the test mends it (a decodable change follows,
 * with no old set) or deletes it (the key is reported undecodable once more).
 */
public final class UndecodableSetsDouble extends DelegatingReader implements ClusterEvents {

    public static final String REASON = "spec.updateStrategy.rollingUpdate.maxUnavailable: Invalid value: 3000000000: must fit in 32 bits";

    private final ClusterReader reader;
    private final ClusterEvents events;
    private final Map<ObjectKey, UndecodableSet> undecodable = new ConcurrentSkipListMap<>();
    private final List<Handler> handlers = new CopyOnWriteArrayList<>();

    public UndecodableSetsDouble(ClusterReader reader, ClusterEvents events) {
        super(reader);
        this.reader = reader;
        this.events = events;
    }

    /** The in-memory cluster's ports, with this double over its reader and watch. */
    public static PortSet ports(InMemoryCluster cluster, UndecodableSetsDouble sets) {
        PortSet ports = InMemory.ports(cluster);
        return new PortSet(sets, sets, ports.pods(), ports.claims(), ports.revisions(), ports.status(), ports.events());
    }

    /** From now on the set of that key is undecodable at that uid and resourceVersion. */
    public void breakSet(ObjectKey key, String uid, String resourceVersion) {
        undecodable.put(key, new UndecodableSet(SetKind.STATEFUL_DEV,
                ObjectMeta.named(key.namespace(), key.name()).withUid(uid).withResourceVersion(resourceVersion), REASON));
        handlers.forEach(h -> h.statefulSetUndecodable(key));
    }

    /** The set decodes again: its current state is reported as an addition, as after an undecodable one. */
    public void mend(ObjectKey key) {
        undecodable.remove(key);
        reader.statefulSet(key).ifPresent(set -> handlers.forEach(h -> h.statefulSetChanged(null, set)));
    }

    /** The undecodable set is deleted (it never decoded: the underlying cluster has none). */
    public void delete(ObjectKey key) {
        undecodable.remove(key);
        handlers.forEach(h -> h.statefulSetUndecodable(key));
    }

    /** Forgets the set without telling anyone, as a watch that was down misses its deletion. */
    public void deleteUnseen(ObjectKey key) {
        undecodable.remove(key);
    }

    @Override
    public AutoCloseable subscribe(Handler handler) {
        handlers.add(handler);
        AutoCloseable subscription = events.subscribe(new Handler() {
            @Override
            public void statefulSetChanged(StatefulSet oldSet, StatefulSet newSet) {
                ObjectKey key = (newSet != null ? newSet : oldSet).key();
                if (undecodable.containsKey(key)) {
                    handler.statefulSetUndecodable(key);
                } else {
                    handler.statefulSetChanged(oldSet, newSet);
                }
            }

            @Override
            public void podChanged(Pod oldPod, Pod newPod) {
                handler.podChanged(oldPod, newPod);
            }
        });
        return () -> {
            handlers.remove(handler);
            subscription.close();
        };
    }

    @Override
    public boolean hasSynced() {
        return events.hasSynced();
    }

    @Override
    public Optional<UndecodableSet> undecodableStatefulSet(ObjectKey key) {
        return Optional.ofNullable(undecodable.get(key));
    }

    @Override
    public List<UndecodableSet> undecodableStatefulSets(String namespace) {
        return undecodable.values().stream().filter(u -> namespace.isEmpty() || namespace.equals(u.metadata().namespace())).toList();
    }

    /** Not from {@link #pods}: the cluster's own lookup. */
    @Override
    public Optional<Pod> pod(String namespace, String name) {
        return reader.pod(namespace, name);
    }

    @Override
    public String observedVersion(OwnWrite.Kind kind) {
        return reader.observedVersion(kind);
    }
}
