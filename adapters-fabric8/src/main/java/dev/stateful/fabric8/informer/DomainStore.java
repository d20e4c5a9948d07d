package dev.stateful.fabric8.informer;

import dev.stateful.domain.model.ObjectKey;
import dev.stateful.domain.model.ObjectMeta;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.client.informers.cache.Cache;
import io.fabric8.kubernetes.client.informers.cache.ItemStore;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentSkipListSet;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * An informer item store that keeps the domain record instead of the fabric8 object. The domain
 * records hold only what the controller reads (no managedFields; pods reduced to a
 * {@link dev.stateful.fabric8.convert.SlimPod}), they are decoded once per change instead of on
 * every read, and listing a namespace is a map lookup.
 *
 * <p>The objects the informer hands over were decoded on the wire ({@link RecordSerialization}): each
 * is a blank object carrying its record ({@link #carrier}), which this store keeps and the event
 * handlers get ({@link #recordOf}), so a change decodes nothing here. What the store gives back to
 * fabric8 (the previous state from {@link #put} and {@link #remove}, which it compares by
 * resourceVersion and passes to the handlers as the old object; the objects of {@link #get} and
 * {@link #values}, for its resync and listing) is a blank object of the same kind carrying the
 * cached record and its identifying metadata: no fabric8 object is rebuilt.
 *
 * <p>An object whose latest state could not be decoded keeps its last decoded record for the domain
 * reads (or none), and that state's carrier is what fabric8 gets back as the object
 * ({@link #undecodable(String, String)}): its informer compares resourceVersions with the state it
 * last saw, as client-go's store holds the latest object, so a relist of the same undecodable
 * version is no change, a resync re-reports it, a relist without it deletes it, and the handlers
 * hear of it ({@link #isDecoded}) rather than of the older record.
 */
final class DomainStore<T extends HasMetadata, D> implements ItemStore<T> {

    private static final Logger LOG = LoggerFactory.getLogger(DomainStore.class);

    /** The metadata property under which the record rides with a fabric8 object; never sent anywhere. */
    static final String RECORD = "dev.stateful/record";

    /** What rides instead of a record when the object could not be decoded. */
    record Undecodable(String reason) {
    }

    /**
     * The fabric8 objects the informers handle: {@code blank}, an empty object of the kind, with only
     * what fabric8 itself reads of it (namespace and name, its store key; resourceVersion, which it
     * compares and resumes its watch from; uid), carrying {@code record} (a record or an
     * {@link Undecodable}). fabric8's model of the object is never built.
     */
    static <T extends HasMetadata> T carrier(T blank, String namespace, String name, String uid, String resourceVersion, Object record) {
        io.fabric8.kubernetes.api.model.ObjectMeta meta = new io.fabric8.kubernetes.api.model.ObjectMeta();
        meta.setNamespace(namespace);
        meta.setName(name);
        meta.setUid(uid);
        meta.setResourceVersion(resourceVersion);
        meta.setAdditionalProperty(RECORD, record);
        blank.setMetadata(meta);
        return blank;
    }

    /** What {@code obj} carries: a record, an {@link Undecodable}, or null for an object that carries nothing. */
    static Object carried(HasMetadata obj) {
        return obj.getMetadata() == null ? null : obj.getMetadata().getAdditionalProperties().get(RECORD);
    }

    /** Whether {@code obj} carries a record, not an {@link Undecodable}. */
    static boolean isDecoded(HasMetadata obj) {
        return !(carried(obj) instanceof Undecodable);
    }

    private final String kind;
    private final Supplier<T> blank;
    private final Function<D, String> nameOf;
    private final Function<D, ObjectMeta> metaOf;
    private final Map<String, Map<String, D>> byNamespace = new ConcurrentHashMap<>();
    /**
     * The owner index (upstream's informers keep one through an indexer): per namespace, the names
     * of the objects by controller ({@link #ownerKey}). An object is unindexed from the owner of the
     * record it replaces (no second map of keys to owners: it cost ~170 bytes per cached object).
     */
    private final Map<String, Map<String, Set<String>>> byController = new ConcurrentHashMap<>();
    /**
     * The objects whose latest state could not be decoded, by store key: that state's carrier (its
     * identity and {@link Undecodable}). Left at the next state that decodes, or at the removal.
     */
    private final Map<String, T> undecodable = new ConcurrentHashMap<>();
    /**
     * Held by {@link #put} and {@link #remove}, each of which changes more than one map for an object,
     * and by {@link #listing}, which reads two. fabric8 calls the first two one at a time anyway (under
     * its cache's lock), and the other reads stay lock-free.
     */
    private final Object changes = new Object();

    /**
     * @param blank a new, empty fabric8 object of the kind (the carrier of a record)
     * @param metaOf a record's metadata
     */
    DomainStore(String kind, Supplier<T> blank, Function<D, ObjectMeta> metaOf) {
        this.kind = kind;
        this.blank = blank;
        this.metaOf = metaOf;
        this.nameOf = record -> metaOf.apply(record).name();
    }

    /**
     * The record a fabric8 object the informer handed over carries: decoded on the wire, or the
     * cached one this store gave back.
     *
     * @throws IllegalStateException for an object that could not be decoded (the store kept the
     *     previous state; the handlers ask {@link #isDecoded} first) or carries nothing
     */
    @SuppressWarnings("unchecked")
    D recordOf(T obj) {
        Object carried = carried(obj);
        if (carried instanceof Undecodable undecodable) {
            throw new IllegalStateException("cannot decode " + kind + " " + getKey(obj) + ": " + undecodable.reason());
        }
        if (carried == null) {
            throw new IllegalStateException(kind + " " + getKey(obj) + " carries no record: not read by the informers' serialisation");
        }
        return (D) carried;
    }

    /** A record as fabric8 needs it: identity and resourceVersion, carrying the record. */
    private T carrier(D record) {
        ObjectMeta meta = metaOf.apply(record);
        return carrier(blank.get(), meta.namespace(), meta.name(), meta.uid(), meta.resourceVersion(), record);
    }

    // ---------------------------------------------------------------- domain reads

    Optional<D> get(String namespace, String name) {
        return Optional.ofNullable(byNamespace.getOrDefault(namespace, Map.of()).get(name));
    }

    /** The carrier of the object's latest state if it could not be decoded ({@link #reason}); {@link #get} has the last that could. */
    Optional<T> undecodable(String namespace, String name) {
        return Optional.ofNullable(undecodable.get(Cache.namespaceKeyFunc(namespace, name)));
    }

    /** The carriers of {@link #undecodable(String, String)} in {@code namespace} ("" for all), ordered by namespace then name. */
    List<T> undecodable(String namespace) {
        if (undecodable.isEmpty()) {
            return List.of();
        }
        return undecodable.values().stream()
                .filter(carrier -> namespace.isEmpty() || namespace.equals(carrier.getMetadata().getNamespace()))
                .sorted(Comparator.comparing((T carrier) -> carrier.getMetadata().getNamespace())
                        .thenComparing(carrier -> carrier.getMetadata().getName()))
                .toList();
    }

    /** What {@link #listing} answers: {@link #list} and {@link #undecodable(String)} of one moment. */
    record Listing<T, D>(List<D> records, List<T> undecodable) {
    }

    /**
     * {@link #list} and {@link #undecodable(String)} of {@code namespace} as of one moment, no change
     * landing between the two: an object whose latest state could not be decoded is in
     * {@code undecodable}, beside the record decoded last before it, if any; any other is listed as
     * its latest record.
     */
    Listing<T, D> listing(String namespace) {
        synchronized (changes) {
            return new Listing<>(list(namespace), undecodable(namespace));
        }
    }

    /** Why the object {@code carrier} carries could not be decoded; null when it was. */
    static String reason(HasMetadata carrier) {
        return carried(carrier) instanceof Undecodable u ? u.reason() : null;
    }

    /** Every record in {@code namespace} ("" for all), ordered by namespace then name. */
    List<D> list(String namespace) {
        Stream<Map.Entry<String, Map<String, D>>> namespaces = namespace.isEmpty()
                ? byNamespace.entrySet().stream()
                : Stream.ofNullable(byNamespace.get(namespace)).map(m -> Map.entry(namespace, m));
        return namespaces.sorted(Map.Entry.comparingByKey())
                .flatMap(e -> e.getValue().values().stream().sorted(Comparator.comparing(nameOf)))
                .toList();
    }

    /**
     * The records of {@code namespace} whose controller has uid {@code controllerUid} or that have
     * no controller, ordered by name. Read from the owner index, which is updated right after the
     * records: a record that just changed owner may still appear under its old owner, so callers
     * check the controller of what they get.
     */
    List<D> controlledBy(String namespace, String controllerUid) {
        Map<String, Set<String>> owners = byController.getOrDefault(namespace, Map.of());
        Map<String, D> records = byNamespace.getOrDefault(namespace, Map.of());
        Iterator<String> controlled = owners.getOrDefault(ownerKey(Optional.of(controllerUid)), Set.of()).iterator();
        Iterator<String> orphans = owners.getOrDefault(ownerKey(Optional.empty()), Set.of()).iterator();
        // both name sets iterate in name order (skip lists), so merging them keeps it without a sort: a sync
        // of a 500-pod set reads this on every pass
        List<D> out = new ArrayList<>();
        String a = next(controlled);
        String b = next(orphans);
        while (a != null || b != null) {
            int order = a == null ? 1 : b == null ? -1 : a.compareTo(b);
            String name = order <= 0 ? a : b;
            D record = records.get(name);
            if (record != null) {
                out.add(record);
            }
            if (order <= 0) {
                a = next(controlled);
            }
            if (order >= 0) {
                b = next(orphans); // a name under both owners for a moment (see above) is read once
            }
        }
        return Collections.unmodifiableList(out);
    }

    /**
     * The records of {@code namespace} whose controller has uid {@code controllerUid}, ordered by
     * name, from the owner index (callers check the controller, as for {@link #controlledBy}).
     */
    List<D> controlledOnlyBy(String namespace, String controllerUid) {
        Map<String, D> records = byNamespace.getOrDefault(namespace, Map.of());
        List<D> out = new ArrayList<>();
        for (String name : byController.getOrDefault(namespace, Map.of()).getOrDefault(ownerKey(Optional.of(controllerUid)), Set.of())) {
            D record = records.get(name);
            if (record != null) {
                out.add(record);
            }
        }
        return Collections.unmodifiableList(out);
    }

    private static String next(Iterator<String> names) {
        return names.hasNext() ? names.next() : null;
    }

    /** The records of {@code namespace} whose name starts with {@code prefix}, ordered by name. */
    List<D> namedWithPrefix(String namespace, String prefix) {
        TreeMap<String, D> out = new TreeMap<>();
        byNamespace.getOrDefault(namespace, Map.of()).forEach((name, record) -> {
            if (name.startsWith(prefix)) {
                out.put(name, record);
            }
        });
        return List.copyOf(out.values());
    }

    // ---------------------------------------------------------------- ItemStore (fabric8's side)

    @Override
    public String getKey(T obj) {
        return Cache.metaNamespaceKeyFunc(obj);
    }

    @Override
    public T put(String key, T obj) {
        synchronized (changes) {
            return keep(key, obj);
        }
    }

    private T keep(String key, T obj) {
        ObjectKey k = ObjectKey.parse(key);
        if (carried(obj) instanceof Undecodable unread) {
            T previous = undecodable.put(key, obj);
            if (previous == null || !Objects.equals(previous.getMetadata().getResourceVersion(), obj.getMetadata().getResourceVersion())) {
                LOG.warn("cannot decode {} {} at resourceVersion {}: {}; keeping the previous state", kind, key,
                        obj.getMetadata().getResourceVersion(), unread.reason());
            }
            return previous != null ? previous : get(k.namespace(), k.name()).map(this::carrier).orElse(null);
        }
        D record;
        try {
            record = recordOf(obj);
        } catch (IllegalStateException e) {
            LOG.error("{}, keeping the previous state", e.getMessage());
            return get(k.namespace(), k.name()).map(this::carrier).orElse(null);
        }
        // indexed under the new owner before the record changes, unindexed from the old one after:
        // a reader of the index always finds the object under one of them
        String owner = ownerOf(record);
        // keyed by the record's own name string (not the one parsed from the key): one copy per object
        String name = nameOf.apply(record);
        byController.computeIfAbsent(k.namespace(), ns -> new ConcurrentHashMap<>()).compute(owner, (o, names) -> {
            Set<String> out = names == null ? new ConcurrentSkipListSet<>() : names;
            out.add(name);
            return out;
        });
        D old = byNamespace.computeIfAbsent(k.namespace(), ns -> new ConcurrentHashMap<>()).put(name, record);
        if (old != null && !ownerOf(old).equals(owner)) {
            unindex(k, ownerOf(old));
        }
        T unread = undecodable.remove(key);
        return unread != null ? unread : old == null ? null : carrier(old);
    }

    @Override
    public T remove(String key) {
        synchronized (changes) {
            return forget(key);
        }
    }

    private T forget(String key) {
        ObjectKey k = ObjectKey.parse(key);
        T unread = undecodable.remove(key);
        Map<String, D> names = byNamespace.get(k.namespace());
        D old = names == null ? null : names.remove(k.name());
        if (names != null && names.isEmpty()) {
            byNamespace.remove(k.namespace(), names);
        }
        if (old != null) {
            unindex(k, ownerOf(old));
        }
        return unread != null ? unread : old == null ? null : carrier(old);
    }

    private void unindex(ObjectKey k, String owner) {
        Map<String, Set<String>> owners = byController.get(k.namespace());
        if (owners != null) {
            owners.computeIfPresent(owner, (o, names) -> {
                names.remove(k.name());
                return names.isEmpty() ? null : names;
            });
        }
    }

    private String ownerOf(D record) {
        return ownerKey(metaOf.apply(record).ownerReferences().stream().filter(r -> Boolean.TRUE.equals(r.controller()))
                .findFirst().map(r -> r.uid() == null ? "" : r.uid()));
    }

    /** The index key of a controller uid, or of "no controller". */
    private static String ownerKey(Optional<String> controllerUid) {
        return controllerUid.map(uid -> "+" + uid).orElse("-");
    }

    // fabric8 is given each object's latest state: for those in undecodable, the carrier kept there

    @Override
    public Stream<String> keySet() {
        Stream<String> decoded = byNamespace.entrySet().stream()
                .flatMap(e -> e.getValue().keySet().stream().map(name -> Cache.namespaceKeyFunc(e.getKey(), name)));
        return undecodable.isEmpty() ? decoded
                : Stream.concat(decoded.filter(key -> !undecodable.containsKey(key)), undecodable.keySet().stream());
    }

    @Override
    public Stream<T> values() {
        Stream<T> decoded = byNamespace.values().stream().flatMap(m -> m.values().stream()).map(this::carrier);
        return undecodable.isEmpty() ? decoded
                : Stream.concat(decoded.filter(obj -> !undecodable.containsKey(getKey(obj))), undecodable.values().stream());
    }

    @Override
    public int size() {
        int decoded = byNamespace.values().stream().mapToInt(Map::size).sum();
        return undecodable.isEmpty() ? decoded : (int) keySet().count();
    }

    @Override
    public T get(String key) {
        T unread = undecodable.get(key);
        if (unread != null) {
            return unread;
        }
        ObjectKey k = ObjectKey.parse(key);
        return get(k.namespace(), k.name()).map(this::carrier).orElse(null);
    }
}
