package dev.stateful.grpc.remote.client;

import dev.stateful.domain.model.ObjectKey;
import java.util.HashSet;
import java.util.Iterator;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.BiConsumer;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * The objects of one kind that the watch has reported and not yet reported deleted, by namespace
 * and name, with the last state reported: what client-go's informer store holds. A reconnected
 * stream lists everything again; at its CachesSynced, every known object that list lacked is
 * reported deleted with its last known state (the reflector's relist through the store's
 * {@code Replace}, whose tombstone is {@code DeletedFinalStateUnknown}), or an object deleted while
 * the stream was down would never be. A deletion of an object not known is dropped, as client-go's
 * {@code DeltaFIFO.Delete} drops it: the relist reported it already (the server may send it again
 * as a live change it saw while listing), or it was never reported at all.
 *
 * <p>An object whose latest state the remote could not decode (a set: {@code StatefulSetUndecodable})
 * is known by its key alone, as fabric8's informers, through {@code ClusterCache}, know it: its
 * changes, its deletion and its absence from a relist are all reported undecodable, and a state of
 * it that decodes next is reported as an addition.
 *
 * <p>Used by one stream's callbacks at a time (gRPC calls a stream's observer serially, and a new
 * stream starts only after the previous one ended); synchronized all the same.
 */
final class KnownObjects<T> {

    private final Function<T, ObjectKey> key;
    /** Sorted, so that the deletions of a relist come in the order of a list. */
    private final Map<ObjectKey, T> known = new TreeMap<>();
    /** The objects reported whose latest state could not be decoded, known by key alone: none of them is in {@link #known}. */
    private final Set<ObjectKey> undecodable = new TreeSet<>();
    /** The keys the current stream has listed before its CachesSynced; null once synced. */
    private Set<ObjectKey> listed;

    KnownObjects(Function<T, ObjectKey> key) {
        this.key = key;
    }

    /** A new stream starts: what it lists before CachesSynced replaces what is known. */
    synchronized void relisting() {
        listed = new HashSet<>();
    }

    /**
     * A change of the stream, given to {@code deliver} unless it deletes an object not known. An
     * addition of an object already known (a relist lists it again) is delivered as an update from
     * the state last reported, as an informer whose store holds the object calls {@code OnUpdate}.
     */
    synchronized void changed(T before, T after, BiConsumer<T, T> deliver) {
        if (after != null) {
            ObjectKey k = key.apply(after);
            T previous = known.put(k, after);
            listed(k);
            // after an undecodable state, none: the remote's handlers got none either
            deliver.accept(undecodable.remove(k) ? null : before == null ? previous : before, after);
        } else if (before != null) {
            ObjectKey k = key.apply(before);
            if (known.remove(k) != null | undecodable.remove(k)) {
                deliver.accept(before, null);
            }
        }
    }

    /**
     * An object whose latest state could not be decoded changed ({@code present}) or is gone, given to
     * {@code deliver} unless it is gone and was not known. Its last decoded state is forgotten: no
     * later change is reported from it.
     */
    synchronized void undecodable(ObjectKey k, boolean present, Consumer<ObjectKey> deliver) {
        boolean wasKnown = known.remove(k) != null | undecodable.remove(k);
        if (present) {
            undecodable.add(k);
            listed(k);
        }
        if (present || wasKnown) {
            deliver.accept(k);
        }
    }

    private void listed(ObjectKey k) {
        if (listed != null) {
            listed.add(k);
        }
    }

    /** CachesSynced of a kind that is always decoded. */
    synchronized void synced(BiConsumer<T, T> deliver) {
        synced(deliver, k -> {
        });
    }

    /**
     * CachesSynced: the known objects the list lacked are delivered as deleted, each once, to
     * {@code deliver}, or to {@code undecodable} if their latest state was.
     */
    synchronized void synced(BiConsumer<T, T> deliver, Consumer<ObjectKey> undecodable) {
        if (listed == null) {
            return;
        }
        for (Iterator<Map.Entry<ObjectKey, T>> it = known.entrySet().iterator(); it.hasNext(); ) {
            Map.Entry<ObjectKey, T> entry = it.next();
            if (!listed.contains(entry.getKey())) {
                it.remove();
                deliver.accept(entry.getValue(), null);
            }
        }
        for (Iterator<ObjectKey> it = this.undecodable.iterator(); it.hasNext(); ) {
            ObjectKey k = it.next();
            if (!listed.contains(k)) {
                it.remove();
                undecodable.accept(k);
            }
        }
        listed = null;
    }
}
