package dev.stateful.fabric8.informer;

import dev.stateful.domain.model.ObjectKey;
import dev.stateful.domain.model.ObjectMeta;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.client.informers.cache.Cache;
import io.fabric8.kubernetes.client.informers.cache.ItemStore;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
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
 * <p>Each object the informer hands over is decoded once, here: the record rides with the fabric8
 * object to the event handlers ({@link #recordOf}), so a change event decodes nothing again. What
 * {@link #put} and {@link #remove} give back as the previous state (fabric8 compares its
 * resourceVersion and passes it to the handlers as the old object) is a blank object carrying the
 * cached record and its identifying metadata, not a rebuilt copy; {@link #get} and {@link #values}
 * (fabric8's resync and listing) rebuild whole objects from the record, carrying it too.
 */
final class DomainStore<T extends HasMetadata, D> implements ItemStore<T> {

    private static final Logger LOG = LoggerFactory.getLogger(DomainStore.class);

    /** The metadata property under which the record rides with a fabric8 object; never sent anywhere. */
    static final String RECORD = "dev.stateful/record";

    private final String kind;
    private final Function<T, D> toDomain;
    private final Function<D, T> toFabric8;
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
     * @param blank a new, empty fabric8 object of the kind (the carrier of a previous state)
     * @param metaOf a record's metadata
     */
    DomainStore(String kind, Function<T, D> toDomain, Function<D, T> toFabric8, Supplier<T> blank, Function<D, ObjectMeta> metaOf) {
        this.kind = kind;
        this.toDomain = toDomain;
        this.toFabric8 = toFabric8;
        this.blank = blank;
        this.metaOf = metaOf;
        this.nameOf = record -> metaOf.apply(record).name();
    }

    /**
     * The record of a fabric8 object the informer handed over: the one this store decoded when the
     * object entered it (or rebuilt it from), decoded now only for an object that never passed here.
     */
    @SuppressWarnings("unchecked")
    D recordOf(T obj) {
        Object carried = obj.getMetadata() == null ? null : obj.getMetadata().getAdditionalProperties().get(RECORD);
        return carried != null ? (D) carried : toDomain.apply(obj);
    }

    private T carrying(T obj, D record) {
        obj.getMetadata().setAdditionalProperty(RECORD, record);
        return obj;
    }

    /** The previous state as fabric8 needs it: identity and resourceVersion, with the record. */
    private T previous(D record) {
        ObjectMeta meta = metaOf.apply(record);
        T out = blank.get();
        out.setMetadata(new io.fabric8.kubernetes.api.model.ObjectMetaBuilder().withNamespace(meta.namespace())
                .withName(meta.name()).withUid(meta.uid()).withResourceVersion(meta.resourceVersion()).build());
        return carrying(out, record);
    }

    private T rebuilt(D record) {
        return carrying(toFabric8.apply(record), record);
    }

    // ---------------------------------------------------------------- domain reads

    Optional<D> get(String namespace, String name) {
        return Optional.ofNullable(byNamespace.getOrDefault(namespace, Map.of()).get(name));
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
        TreeMap<String, D> out = new TreeMap<>();
        for (String owner : List.of(ownerKey(Optional.of(controllerUid)), ownerKey(Optional.empty()))) {
            for (String name : owners.getOrDefault(owner, Set.of())) {
                D record = records.get(name);
                if (record != null) {
                    out.put(name, record);
                }
            }
        }
        return List.copyOf(out.values());
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
        ObjectKey k = ObjectKey.parse(key);
        // The informer hands over a freshly decoded object; managedFields are the bulk of it and
        // nobody downstream reads them.
        obj.getMetadata().setManagedFields(null);
        D record;
        try {
            record = toDomain.apply(obj);
        } catch (RuntimeException e) {
            LOG.error("cannot decode {} {}, keeping the previous state: {}", kind, key, e.getMessage());
            return get(k.namespace(), k.name()).map(this::previous).orElse(null);
        }
        carrying(obj, record);
        // indexed under the new owner before the record changes, unindexed from the old one after:
        // a reader of the index always finds the object under one of them
        String owner = ownerOf(record);
        // keyed by the record's own name string (not the one parsed from the key): one copy per object
        String name = nameOf.apply(record);
        byController.computeIfAbsent(k.namespace(), ns -> new ConcurrentHashMap<>()).compute(owner, (o, names) -> {
            Set<String> out = names == null ? ConcurrentHashMap.newKeySet() : names;
            out.add(name);
            return out;
        });
        D old = byNamespace.computeIfAbsent(k.namespace(), ns -> new ConcurrentHashMap<>()).put(name, record);
        if (old != null && !ownerOf(old).equals(owner)) {
            unindex(k, ownerOf(old));
        }
        return old == null ? null : previous(old);
    }

    @Override
    public T remove(String key) {
        ObjectKey k = ObjectKey.parse(key);
        Map<String, D> names = byNamespace.get(k.namespace());
        D old = names == null ? null : names.remove(k.name());
        if (names != null && names.isEmpty()) {
            byNamespace.remove(k.namespace(), names);
        }
        if (old != null) {
            unindex(k, ownerOf(old));
        }
        return old == null ? null : previous(old);
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

    @Override
    public Stream<String> keySet() {
        return byNamespace.entrySet().stream()
                .flatMap(e -> e.getValue().keySet().stream().map(name -> Cache.namespaceKeyFunc(e.getKey(), name)));
    }

    @Override
    public Stream<T> values() {
        return byNamespace.values().stream().flatMap(m -> m.values().stream()).map(this::rebuilt);
    }

    @Override
    public int size() {
        return byNamespace.values().stream().mapToInt(Map::size).sum();
    }

    @Override
    public T get(String key) {
        ObjectKey k = ObjectKey.parse(key);
        return get(k.namespace(), k.name()).map(this::rebuilt).orElse(null);
    }
}
