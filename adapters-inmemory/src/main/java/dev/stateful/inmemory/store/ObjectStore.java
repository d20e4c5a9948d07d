package dev.stateful.inmemory.store;

import dev.stateful.domain.model.LabelSelector;
import dev.stateful.domain.model.ObjectKey;
import dev.stateful.domain.model.ObjectMeta;
import dev.stateful.domain.model.OwnerReference;
import dev.stateful.domain.validation.ObjectMetaRules;
import dev.stateful.domain.validation.Violation;
import dev.stateful.ports.ApiException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Supplier;

/**
 * The objects of one kind, with the API server's write semantics: server-assigned uid,
 * resourceVersion and timestamps, optimistic concurrency, the {@code /status} split, finalizers and
 * graceful deletion. No faults and no audit here: this is the truth that clients (which add both)
 * read and write. Lists are sorted by namespace/name so runs are reproducible.
 */
public final class ObjectStore<T> {

    /** The finalizer that makes the garbage collector orphan dependents before the owner goes. */
    public static final String ORPHAN_FINALIZER = "orphan";

    private static final TreeSet<ObjectKey> EMPTY_KEYS = new TreeSet<>();
    /** What a dry run's generateName gets in place of a drawn suffix: as long as one, of its alphabet, so it passes or fails the name rules alike. */
    private static final String DRY_RUN_SUFFIX = "bbbbb";

    private final ObjectType<T> type;
    private final StoreContext ctx;
    private final TreeMap<ObjectKey, T> objects = new TreeMap<>();
    /** The owner index: keys by namespace and controller (see {@link #indexKey}), kept on every commit and removal. */
    private final Map<String, TreeSet<ObjectKey>> byController = new HashMap<>();
    /** Pods deleted with a grace period whose termination the kubelet has not yet confirmed. */
    private final Set<ObjectKey> awaitingTermination = new HashSet<>();

    ObjectStore(ObjectType<T> type, StoreContext ctx) {
        this.type = type;
        this.ctx = ctx;
    }

    public Kind kind() {
        return type.kind();
    }

    public ObjectType<T> type() {
        return type;
    }

    public ObjectMeta meta(T object) {
        return type.meta(object);
    }

    public Optional<T> get(ObjectKey key) {
        synchronized (ctx.lock) {
            return Optional.ofNullable(objects.get(key));
        }
    }

    /** Objects of the namespace ("" for all namespaces). */
    public List<T> list(String namespace) {
        synchronized (ctx.lock) {
            // one copy of the values, already in key order: no TreeMap built only to be read once
            return List.copyOf(namespace.isEmpty() ? objects.values() : namespaceRange(namespace).values());
        }
    }

    public List<T> list(String namespace, LabelSelector selector) {
        return list(namespace).stream().filter(o -> selector.matches(meta(o).labels())).toList();
    }

    /** A copy of the objects of the namespace ("" for all), keyed and sorted by namespace/name. */
    public TreeMap<ObjectKey, T> snapshot(String namespace) {
        synchronized (ctx.lock) {
            if (namespace.isEmpty()) {
                return new TreeMap<>(objects);
            }
            // keys sort by namespace first, so one namespace is a contiguous range: copy just that
            // (linear, no re-sorting) instead of scanning every object of every namespace
            return new TreeMap<>(namespaceRange(namespace));
        }
    }

    /** The live view of one namespace's objects: keys sort by namespace first, so it is one contiguous range. */
    private java.util.NavigableMap<ObjectKey, T> namespaceRange(String namespace) {
        return objects.subMap(new ObjectKey(namespace, ""), true, new ObjectKey(namespace + "\0", ""), false);
    }

    /**
     * The objects of the namespace whose controller has uid {@code controllerUid} and those with no
     * controller, sorted by name: an index lookup, not a scan of the namespace.
     */
    public SortedMap<ObjectKey, T> controlledBy(String namespace, String controllerUid) {
        synchronized (ctx.lock) {
            TreeMap<ObjectKey, T> out = new TreeMap<>();
            for (String indexKey : List.of(indexKey(namespace, Optional.of(controllerUid)), indexKey(namespace, Optional.empty()))) {
                for (ObjectKey key : byController.getOrDefault(indexKey, EMPTY_KEYS)) {
                    out.put(key, objects.get(key));
                }
            }
            return out;
        }
    }

    /** The objects of the namespace whose controller has uid {@code controllerUid}, sorted by name: an index lookup. */
    public SortedMap<ObjectKey, T> controlledOnlyBy(String namespace, String controllerUid) {
        synchronized (ctx.lock) {
            TreeMap<ObjectKey, T> out = new TreeMap<>();
            for (ObjectKey key : byController.getOrDefault(indexKey(namespace, Optional.of(controllerUid)), EMPTY_KEYS)) {
                out.put(key, objects.get(key));
            }
            return out;
        }
    }

    /** The objects of the namespace whose name starts with {@code prefix}, sorted by name. */
    public SortedMap<ObjectKey, T> namedWithPrefix(String namespace, String prefix) {
        synchronized (ctx.lock) {
            TreeMap<ObjectKey, T> out = new TreeMap<>();
            for (Map.Entry<ObjectKey, T> e : objects.tailMap(new ObjectKey(namespace, prefix), true).entrySet()) {
                if (!e.getKey().namespace().equals(namespace) || !e.getKey().name().startsWith(prefix)) {
                    break;
                }
                out.put(e.getKey(), e.getValue());
            }
            return out;
        }
    }

    public T create(T incoming) {
        synchronized (ctx.lock) {
            T admitted = admitCreate(incoming, ctx.ids::nameSuffix, ctx.ids::uid, 0);
            ctx.objects++;
            return commit(ObjectKey.of(meta(admitted)), null, admitted);
        }
    }

    /**
     * A server-side dry run of {@link #create} ({@code dryRun=All}): every check create makes, its
     * admission included, refused alike, but nothing stored and no uid or generateName suffix drawn,
     * so that the seeded ids of a run do not depend on how many dry runs it made.
     */
    public T dryRunCreate(T incoming) {
        return dryRunCreate(incoming, 0);
    }

    /**
     * {@link #dryRunCreate} as one of a batch checked before any of it is written: {@code earlierCreates}
     * objects the batch creates before this one count against the object limit as if stored.
     * Returns the object create would store.
     */
    public T dryRunCreate(T incoming, int earlierCreates) {
        synchronized (ctx.lock) {
            return admitCreate(incoming, () -> DRY_RUN_SUFFIX, () -> "", earlierCreates);
        }
    }

    /** The object create stores, after every check that may refuse it. */
    private T admitCreate(T incoming, Supplier<String> nameSuffix, Supplier<String> uid, int earlierCreates) {
        ObjectMeta requested = meta(incoming);
        if (requested.resourceVersion() != null && !requested.resourceVersion().isEmpty()) {
            throw new ApiException.Invalid("resourceVersion should not be set on objects to be created");
        }
        String name = requested.name().isEmpty() && requested.generateName() != null && !requested.generateName().isEmpty()
                ? requested.generateName() + nameSuffix.get()
                : requested.name();
        T prepared = type.prepareForCreate(type.withMeta(incoming, requested.withName(name)));
        ObjectMeta meta = meta(prepared)
                .withUid(uid.get())
                .withCreationTimestamp(ctx.clock.instant())
                .withDeletionTimestamp(null)
                .withGeneration(type.generation(prepared, null));
        validate(meta);
        if (objects.containsKey(ObjectKey.of(meta))) {
            throw ApiErrors.alreadyExists(kind(), name);
        }
        if (ctx.objects + earlierCreates >= ctx.maxObjects) {
            throw ApiErrors.exceededQuota(kind(), name, ctx.maxObjects);
        }
        return type.withMeta(prepared, meta);
    }

    /** A plain update: metadata and spec; the status stays as stored for kinds that have one. */
    public T update(T incoming) {
        synchronized (ctx.lock) {
            ObjectKey key = ObjectKey.of(meta(incoming));
            T admitted = admitUpdate(incoming);
            T updated = commit(key, objects.get(key), admitted);
            removeIfFinished(key);
            return updated;
        }
    }

    /** A server-side dry run of {@link #update}: every check update makes, its admission included, but nothing stored. */
    public T dryRunUpdate(T incoming) {
        synchronized (ctx.lock) {
            return admitUpdate(incoming);
        }
    }

    /**
     * {@link #dryRunUpdate} of an object an earlier write of the same batch would have stored as
     * {@code stored} (created or updated), which is not in the store yet. Returns the object update would store.
     */
    public T dryRunUpdate(T incoming, T stored) {
        synchronized (ctx.lock) {
            return admitUpdate(incoming, stored);
        }
    }

    /** The object update stores, after every check that may refuse it. */
    private T admitUpdate(T incoming) {
        return admitUpdate(incoming, require(ObjectKey.of(meta(incoming))));
    }

    private T admitUpdate(T incoming, T stored) {
        checkPreconditions(incoming, stored);
        T prepared = type.prepareForUpdate(incoming, stored);
        ObjectMeta old = meta(stored);
        ObjectMeta meta = meta(prepared)
                .withName(old.name())
                .withNamespace(old.namespace())
                .withGenerateName(old.generateName())
                .withUid(old.uid())
                .withResourceVersion(old.resourceVersion())
                .withCreationTimestamp(old.creationTimestamp())
                .withDeletionTimestamp(old.deletionTimestamp())
                .withGeneration(type.generation(prepared, stored));
        validate(meta);
        if (old.isTerminating() && !old.finalizers().containsAll(meta.finalizers())) {
            throw ApiErrors.invalid(kind(), old.name(), List.of(new Violation("metadata.finalizers",
                    Violation.Type.FORBIDDEN, "no new finalizers can be added if the object is being deleted")));
        }
        return type.withMeta(prepared, meta);
    }

    /** A {@code /status} update: only the status changes, whatever else the caller sent. */
    public T updateStatus(T incoming) {
        synchronized (ctx.lock) {
            ObjectKey key = ObjectKey.of(meta(incoming));
            T stored = require(key);
            checkPreconditions(incoming, stored);
            return commit(key, stored, type.prepareForStatusUpdate(incoming, stored));
        }
    }

    /**
     * Deletes the object, or marks it terminating when finalizers or a grace period hold it back.
     * Returns the object while it remains (terminating), empty once it is gone.
     */
    public Optional<T> delete(ObjectKey key, DeleteOptions options) {
        synchronized (ctx.lock) {
            T stored = require(key);
            ObjectMeta meta = meta(stored);
            if (options.uid() != null && !options.uid().isEmpty() && !options.uid().equals(meta.uid())) {
                throw ApiErrors.uidPrecondition(kind(), key.name(), options.uid(), meta.uid());
            }
            long grace = type.gracePeriodSeconds(stored, options.gracePeriodSeconds());
            if (meta.isTerminating()) {
                if (grace == 0) {
                    awaitingTermination.remove(key);
                }
                return removeIfFinished(key);
            }
            List<String> finalizers = new ArrayList<>(meta.finalizers());
            if (options.propagation() == DeleteOptions.Propagation.ORPHAN && !finalizers.contains(ORPHAN_FINALIZER)) {
                finalizers.add(ORPHAN_FINALIZER);
            }
            if (finalizers.isEmpty() && grace == 0) {
                remove(key, stored);
                return Optional.empty();
            }
            if (grace > 0) {
                awaitingTermination.add(key);
            }
            ObjectMeta terminating = meta.withFinalizers(finalizers).withDeletionTimestamp(ctx.clock.instant());
            return Optional.of(commit(key, stored, type.withMeta(stored, terminating)));
        }
    }

    /** True while a graceful pod deletion waits for the kubelet. */
    public boolean isAwaitingTermination(ObjectKey key) {
        synchronized (ctx.lock) {
            return awaitingTermination.contains(key);
        }
    }

    private T require(ObjectKey key) {
        T stored = objects.get(key);
        if (stored == null) {
            throw ApiErrors.notFound(kind(), key.name());
        }
        return stored;
    }

    /** An empty resourceVersion or uid means "unconditional", as on the real API server. */
    private void checkPreconditions(T incoming, T stored) {
        ObjectMeta in = meta(incoming);
        ObjectMeta old = meta(stored);
        if (in.uid() != null && !in.uid().isEmpty() && !in.uid().equals(old.uid())) {
            throw ApiErrors.uidPrecondition(kind(), old.name(), in.uid(), old.uid());
        }
        if (in.resourceVersion() != null && !in.resourceVersion().isEmpty() && !in.resourceVersion().equals(old.resourceVersion())) {
            throw ApiErrors.staleResourceVersion(kind(), old.name());
        }
    }

    private void validate(ObjectMeta meta) {
        List<Violation> violations = ObjectMetaRules.validate(meta, type::nameErrors);
        if (!violations.isEmpty()) {
            throw ApiErrors.invalid(kind(), meta.name(), violations);
        }
    }

    /** Stores the candidate under a new resourceVersion, unless it equals what is stored (a no-op write). */
    private T commit(ObjectKey key, T before, T candidate) {
        if (candidate.equals(before)) {
            return before;
        }
        long rv = ctx.nextResourceVersion();
        T stored = type.withMeta(candidate, meta(candidate).withResourceVersion(Long.toString(rv)));
        objects.put(key, stored);
        if (before != null) {
            unindex(key, before);
        }
        byController.computeIfAbsent(indexKey(key.namespace(), meta(stored).controllerRef().map(OwnerReference::uid)),
                k -> new TreeSet<>()).add(key);
        ctx.publish(new Change<>(rv, kind(), key, before, stored));
        return stored;
    }

    /** A terminating object goes once its finalizers are empty and any grace period has been confirmed. */
    private Optional<T> removeIfFinished(ObjectKey key) {
        T stored = objects.get(key);
        if (stored == null) {
            return Optional.empty();
        }
        ObjectMeta meta = meta(stored);
        if (meta.isTerminating() && meta.finalizers().isEmpty() && !awaitingTermination.contains(key)) {
            remove(key, stored);
            return Optional.empty();
        }
        return Optional.of(stored);
    }

    private void unindex(ObjectKey key, T stored) {
        String indexKey = indexKey(key.namespace(), meta(stored).controllerRef().map(OwnerReference::uid));
        TreeSet<ObjectKey> keys = byController.get(indexKey);
        if (keys != null) {
            keys.remove(key);
            if (keys.isEmpty()) {
                byController.remove(indexKey);
            }
        }
    }

    /** The owner index's key: the namespace and the controller's uid, or the namespace alone for objects with no controller. */
    private static String indexKey(String namespace, Optional<String> controllerUid) {
        return controllerUid.map(uid -> namespace + "\0+" + uid).orElse(namespace + "\0-");
    }

    private void remove(ObjectKey key, T stored) {
        long rv = ctx.nextResourceVersion();
        objects.remove(key);
        ctx.objects--;
        unindex(key, stored);
        awaitingTermination.remove(key);
        ctx.publish(new Change<>(rv, kind(), key, stored, null));
    }
}
