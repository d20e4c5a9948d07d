package dev.stateful.fabric8.informer;

import dev.stateful.domain.consistency.OwnWrite;
import dev.stateful.domain.model.ControllerRevision;
import dev.stateful.domain.model.ObjectKey;
import dev.stateful.domain.model.ObjectMeta;
import dev.stateful.domain.model.PersistentVolumeClaim;
import dev.stateful.domain.model.Pod;
import dev.stateful.domain.model.SetKind;
import dev.stateful.domain.model.StatefulSet;
import dev.stateful.fabric8.convert.CustomKindConvert;
import dev.stateful.ports.ClusterEvents;
import dev.stateful.ports.ClusterReader;
import dev.stateful.ports.StatefulSetList;
import dev.stateful.ports.UndecodableSet;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.KubernetesResourceList;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.dsl.Informable;
import io.fabric8.kubernetes.client.dsl.MixedOperation;
import io.fabric8.kubernetes.client.dsl.Resource;
import io.fabric8.kubernetes.client.informers.ResourceEventHandler;
import io.fabric8.kubernetes.client.informers.SharedIndexInformer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.BiConsumer;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Shared informers for the four kinds the controller reads (upstream's listers), in one namespace
 * or all. Reads answer from the caches; only StatefulSet and Pod changes are reported, because
 * claim and revision changes never enqueue anything upstream either.
 */
public final class ClusterCache implements ClusterReader, ClusterEvents, AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(ClusterCache.class);

    /** kube-controller-manager's minimum resync period; a resync re-reports every StatefulSet. */
    public static final Duration DEFAULT_RESYNC = Duration.ofHours(12);

    private final KubernetesClient client;
    /** One informer per kind of set managed (apps/v1, our own kind, or both), looked up in this order. */
    private final Map<SetKind, Cached<? extends HasMetadata, StatefulSet>> sets;
    private final Cached<io.fabric8.kubernetes.api.model.Pod, Pod> pods;
    private final Cached<io.fabric8.kubernetes.api.model.PersistentVolumeClaim, PersistentVolumeClaim> claims;
    private final Cached<io.fabric8.kubernetes.api.model.apps.ControllerRevision, ControllerRevision> revisions;
    private final WatchHealth watchHealth = new WatchHealth(() -> all().toList());

    private record Cached<T extends HasMetadata, D>(SharedIndexInformer<T> informer, DomainStore<T, D> store) {

        /** @param undecodable told the key of an object whose latest state could not be decoded */
        AutoCloseable subscribe(BiConsumer<D, D> changed, Consumer<ObjectKey> undecodable) {
            ResourceEventHandler<T> handler = reporting(store::recordOf, changed, DomainStore::isDecoded,
                    obj -> undecodable.accept(ObjectKey.parse(store.getKey(obj))));
            informer.addEventHandler(handler);
            return () -> informer.removeEventHandler(handler);
        }
    }

    /** {@link #reporting(Function, BiConsumer, Predicate, Consumer)} of objects that all decode. */
    static <T, D> ResourceEventHandler<T> reporting(Function<T, D> toDomain, BiConsumer<D, D> changed) {
        return reporting(toDomain, changed, obj -> true, obj -> {
        });
    }

    /**
     * fabric8's add/update/delete callbacks as one {@code changed(old, new)} call on the records the
     * store keeps ({@code toDomain}), {@code null} standing for "none", as upstream registers its
     * {@code addPod}/{@code updatePod}/{@code deletePod} with the informer. A deletion whose final state
     * was missed (a tombstone) arrives as the last state the cache knew. An object whose latest state
     * (the new one, or the deleted one) was not {@code decoded} goes to {@code undecodable} instead;
     * an older state that was not arrives as none. A failing handler is logged, never allowed to stop
     * the informer's dispatch thread.
     */
    static <T, D> ResourceEventHandler<T> reporting(Function<T, D> toDomain, BiConsumer<D, D> changed, Predicate<T> decoded,
                                                    Consumer<T> undecodable) {
        return new ResourceEventHandler<>() {
            @Override
            public void onAdd(T obj) {
                deliver(null, obj);
            }

            @Override
            public void onUpdate(T oldObj, T newObj) {
                deliver(oldObj, newObj);
            }

            @Override
            public void onDelete(T obj, boolean deletedFinalStateUnknown) {
                deliver(obj, null);
            }

            private void deliver(T oldObj, T newObj) {
                try {
                    T latest = newObj != null ? newObj : oldObj;
                    if (!decoded.test(latest)) {
                        undecodable.accept(latest);
                        return;
                    }
                    changed.accept(oldObj == null || !decoded.test(oldObj) ? null : toDomain.apply(oldObj),
                            newObj == null ? null : toDomain.apply(newObj));
                } catch (RuntimeException e) {
                    LOG.error("event handler failed", e);
                }
            }
        };
    }

    /**
     * @param namespace the namespace to watch, "" for all
     * @param resync how often every cached object is re-reported; zero for never
     */
    public ClusterCache(KubernetesClient client, String namespace, Duration resync) {
        this(client, namespace, resync, Set.of(SetKind.APPS_V1), RecordSerialization.Decoders.CODEC);
    }

    /** @param kinds the kinds of StatefulSet to manage: apps/v1, our own kind, or both */
    public ClusterCache(KubernetesClient client, String namespace, Duration resync, Set<SetKind> kinds) {
        this(client, namespace, resync, kinds, SetDefaults.STORED);
    }

    /**
     * @param kinds the kinds of StatefulSet to manage: apps/v1, our own kind, or both
     * @param defaults whether apps/v1 sets are taken as stored or defaulted as they are read
     */
    public ClusterCache(KubernetesClient client, String namespace, Duration resync, Set<SetKind> kinds, SetDefaults defaults) {
        this(client, namespace, resync, kinds, defaults == SetDefaults.PLAYED ? RecordSerialization.Decoders.PLAYED_DEFAULTS
                : RecordSerialization.Decoders.CODEC);
    }

    /** How the apps/v1 StatefulSets read are taken (our own kind is always defaulted as it is read: its schema cannot default it all). */
    public enum SetDefaults {
        /**
         * As stored: an API server defaulted each set before storing it, and the revision hash is taken of the
         * template as stored, as kube-controller-manager takes it (what a real cluster needs).
         */
        STORED,
        /**
         * Defaulted as read, as an API server would have stored them: for fabric8's mock, which stores a set as
         * written. Taken as stored, a set's first pods would be made from the bare template and replaced once
         * the defaults were written back.
         */
        PLAYED
    }

    /** @param decoders how objects read off the wire become records (once per object) */
    ClusterCache(KubernetesClient client, String namespace, Duration resync, RecordSerialization.Decoders decoders) {
        this(client, namespace, resync, Set.of(SetKind.APPS_V1), decoders);
    }

    /**
     * @param kinds the kinds of StatefulSet to manage: apps/v1, our own kind, or both
     * @param decoders how objects read off the wire become records (once per object)
     */
    ClusterCache(KubernetesClient client, String namespace, Duration resync, Set<SetKind> kinds, RecordSerialization.Decoders decoders) {
        this.client = client;
        KubernetesClient informing = RecordSerialization.forCaches(decoders).clientSharing(client);
        long resyncMillis = resync.toMillis();
        Map<SetKind, Cached<? extends HasMetadata, StatefulSet>> setCaches = new LinkedHashMap<>();
        if (kinds.contains(SetKind.APPS_V1)) {
            setCaches.put(SetKind.APPS_V1, cache(scope(informing.apps().statefulSets(), namespace), resyncMillis, new DomainStore<>("statefulset",
                    io.fabric8.kubernetes.api.model.apps.StatefulSet::new, StatefulSet::metadata)));
        }
        if (kinds.contains(SetKind.STATEFUL_DEV)) {
            setCaches.put(SetKind.STATEFUL_DEV, cache(scope(informing.genericKubernetesResources(CustomKindConvert.CONTEXT), namespace), resyncMillis,
                    new DomainStore<>("statefulset.apps.stateful.dev", GenericKubernetesResource::new, StatefulSet::metadata)));
        }
        sets = Collections.unmodifiableMap(setCaches);
        pods = cache(scope(informing.pods(), namespace), resyncMillis,
                new DomainStore<>("pod", io.fabric8.kubernetes.api.model.Pod::new, Pod::metadata));
        claims = cache(scope(informing.persistentVolumeClaims(), namespace), resyncMillis, new DomainStore<>("persistentvolumeclaim",
                io.fabric8.kubernetes.api.model.PersistentVolumeClaim::new, PersistentVolumeClaim::metadata));
        revisions = cache(scope(informing.apps().controllerRevisions(), namespace), resyncMillis, new DomainStore<>("controllerrevision",
                io.fabric8.kubernetes.api.model.apps.ControllerRevision::new, ControllerRevision::metadata));
    }

    /** Starts listing and watching; returns at once. {@link #hasSynced()} tells when the caches are filled. */
    public ClusterCache start() {
        openConnection();
        all().forEach(informer -> informer.start().whenComplete((ok, failure) -> {
            if (failure != null) {
                LOG.error("{} informer stopped: {}", informer.getApiTypeClass().getSimpleName(), failure.getMessage());
            }
        }));
        watchHealth.start(Duration.ofMillis(500));
        return this;
    }

    /**
     * Opens the client's connection with a small request (the server version) before the informers
     * list. The JDK 17 HTTP client, the controller's before fabric8's Vert.x transport and still the
     * one a client gets where both are on the class path and it names none, keeps the exchange that
     * opened a connection (its connect-timeout event, held by the connection) for as long as the
     * connection lives, response body included: left to the informers, that is a whole list of pods
     * as bytes, ~3 KB per pod kept beside the cache. Any answer will do, an error included: only the
     * connection matters.
     */
    private void openConnection() {
        try {
            client.getKubernetesVersion();
        } catch (RuntimeException anyAnswer) {
            LOG.debug("opening the connection: {}", anyAnswer.getMessage());
        }
    }

    /** Every informer has listed and its watch is open: changes made from now on reach the caches. */
    public boolean isWatching() {
        return all().allMatch(SharedIndexInformer::isWatching);
    }

    @Override
    public boolean hasSynced() {
        return all().allMatch(SharedIndexInformer::hasSynced);
    }

    @Override
    public AutoCloseable subscribe(Handler handler) {
        // handlers get the records the caches decoded (and keep): an event decodes nothing again
        List<AutoCloseable> subscriptions = new ArrayList<>();
        sets.values().forEach(cached -> subscriptions.add(cached.subscribe(handler::statefulSetChanged, handler::statefulSetUndecodable)));
        // a pod the cache cannot decode was logged by the store; its sets hear of it when a state of it decodes
        subscriptions.add(pods.subscribe(handler::podChanged, key -> LOG.debug("pod {} changed, cannot be decoded", key)));
        return () -> {
            for (AutoCloseable subscription : subscriptions) {
                subscription.close();
            }
        };
    }

    @Override
    public Optional<StatefulSet> statefulSet(ObjectKey key) {
        return sets.values().stream().flatMap(cached -> cached.store().get(key.namespace(), key.name()).stream()).findFirst();
    }

    /** The sets with that key, one per kind managed that has one (at most two): a lookup, no pass over the namespace. */
    public List<StatefulSet> statefulSetsNamed(ObjectKey key) {
        List<StatefulSet> found = new ArrayList<>(1);
        for (Cached<? extends HasMetadata, StatefulSet> cached : sets.values()) {
            cached.store().get(key.namespace(), key.name()).ifPresent(found::add);
        }
        return found;
    }

    @Override
    public List<StatefulSet> statefulSets(String namespace) {
        return sets.values().stream().flatMap(cached -> cached.store().list(namespace).stream()).toList();
    }

    /** The identity the API server sent with the undecodable state, as the store keeps its carrier. */
    @Override
    public Optional<UndecodableSet> undecodableStatefulSet(ObjectKey key) {
        for (Map.Entry<SetKind, Cached<? extends HasMetadata, StatefulSet>> cached : sets.entrySet()) {
            Optional<? extends HasMetadata> carrier = cached.getValue().store().undecodable(key.namespace(), key.name());
            if (carrier.isPresent()) {
                return Optional.of(undecodable(cached.getKey(), carrier.get()));
            }
        }
        return Optional.empty();
    }

    /** Kind by kind, in the order {@link #statefulSets} lists them. */
    @Override
    public List<UndecodableSet> undecodableStatefulSets(String namespace) {
        return sets.entrySet().stream().flatMap(cached -> cached.getValue().store().undecodable(namespace).stream()
                .map(carrier -> undecodable(cached.getKey(), carrier))).toList();
    }

    /**
     * Kind by kind, in the order of {@link #statefulSets}, each kind from one snapshot of its cache
     * ({@link DomainStore#listing}): a set whose latest state the informer replaces meanwhile is listed
     * either as it was or as it is, undecodable or not.
     */
    @Override
    public StatefulSetList statefulSetList(String namespace) {
        List<StatefulSet> decoded = new ArrayList<>();
        List<UndecodableSet> undecodable = new ArrayList<>();
        sets.forEach((kind, cached) -> {
            DomainStore.Listing<? extends HasMetadata, StatefulSet> listing = cached.store().listing(namespace);
            decoded.addAll(listing.records());
            listing.undecodable().forEach(carrier -> undecodable.add(undecodable(kind, carrier)));
        });
        return new StatefulSetList(decoded, undecodable);
    }

    private static UndecodableSet undecodable(SetKind kind, HasMetadata carrier) {
        io.fabric8.kubernetes.api.model.ObjectMeta meta = carrier.getMetadata();
        return new UndecodableSet(kind, ObjectMeta.named(meta.getNamespace(), meta.getName())
                .withUid(meta.getUid()).withResourceVersion(meta.getResourceVersion()), DomainStore.reason(carrier));
    }

    @Override
    public List<Pod> pods(String namespace) {
        return pods.store().list(namespace);
    }

    @Override
    public Optional<Pod> pod(String namespace, String name) {
        return pods.store().get(namespace, name);
    }

    @Override
    public Optional<PersistentVolumeClaim> claim(String namespace, String name) {
        return claims.store().get(namespace, name);
    }

    @Override
    public List<PersistentVolumeClaim> claims(String namespace) {
        return claims.store().list(namespace);
    }

    @Override
    public List<ControllerRevision> revisions(String namespace) {
        return revisions.store().list(namespace);
    }

    /** The informer's last synced resourceVersion: fabric8 sets it after the store took the event. */
    @Override
    public String observedVersion(OwnWrite.Kind kind) {
        String version = (kind == OwnWrite.Kind.POD ? pods : claims).informer().lastSyncResourceVersion();
        return version == null ? "" : version;
    }

    /** From the pod cache's owner index; see {@link DomainStore#controlledBy}. */
    @Override
    public List<Pod> controlledPods(String namespace, String controllerUid) {
        List<Pod> indexed = pods.store().controlledBy(namespace, controllerUid);
        List<Pod> out = new ArrayList<>(indexed.size());
        for (Pod pod : indexed) {
            if (ClusterReader.controlledByOrOrphan(pod.metadata(), controllerUid)) {
                out.add(pod);
            }
        }
        return Collections.unmodifiableList(out);
    }

    /** From the claim cache's owner index; see {@link DomainStore#controlledOnlyBy}. */
    @Override
    public List<PersistentVolumeClaim> claimsControlledBy(String namespace, String controllerUid) {
        List<PersistentVolumeClaim> out = new ArrayList<>();
        for (PersistentVolumeClaim claim : claims.store().controlledOnlyBy(namespace, controllerUid)) {
            if (claim.metadata().isControlledBy(controllerUid)) {
                out.add(claim);
            }
        }
        return Collections.unmodifiableList(out);
    }

    /** From the revision cache's owner index, plus a scan of the namespace's names for the prefix. */
    @Override
    public List<ControllerRevision> controlledRevisions(String namespace, String controllerUid, String namePrefix) {
        TreeMap<String, ControllerRevision> found = new TreeMap<>();
        for (ControllerRevision r : revisions.store().controlledBy(namespace, controllerUid)) {
            if (ClusterReader.controlledByOrOrphan(r.metadata(), controllerUid)) {
                found.put(r.name(), r);
            }
        }
        revisions.store().namedWithPrefix(namespace, namePrefix).forEach(r -> found.put(r.name(), r));
        return List.copyOf(found.values());
    }

    @Override
    public void close() {
        watchHealth.close();
        all().forEach(SharedIndexInformer::stop);
    }

    private Stream<SharedIndexInformer<?>> all() {
        return Stream.concat(sets.values().stream().map(Cached::informer), Stream.of(pods.informer(), claims.informer(), revisions.informer()));
    }

    private static <T extends HasMetadata, L extends KubernetesResourceList<T>, R extends Resource<T>> Informable<T> scope(
            MixedOperation<T, L, R> operation, String namespace) {
        return namespace.isEmpty() ? operation.inAnyNamespace() : operation.inNamespace(namespace);
    }

    private static <T extends HasMetadata, D> Cached<T, D> cache(Informable<T> source, long resyncMillis, DomainStore<T, D> store) {
        // Our store keeps its own per-namespace maps, so fabric8's namespace index is dead weight.
        SharedIndexInformer<T> informer = source.runnableInformer(resyncMillis).removeNamespaceIndex().itemStore(store);
        return new Cached<>(informer, store);
    }
}
