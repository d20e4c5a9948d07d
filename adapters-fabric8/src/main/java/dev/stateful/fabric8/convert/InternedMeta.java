package dev.stateful.fabric8.convert;

import dev.stateful.domain.json.Json;
import dev.stateful.domain.model.ObjectMeta;
import dev.stateful.domain.model.OwnerReference;
import java.lang.ref.WeakReference;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.WeakHashMap;

/**
 * Metadata as the caches keep it: the strings that repeat across objects (namespace, label and
 * annotation keys and values, finalizers, owner fields) interned, a label value equal to the name
 * sharing the name's string, and owner reference lists shared between the objects that have the
 * same (the pods or claims of one set). Unique strings (name, uid, resourceVersion) are kept as
 * they are: interning them would only move them.
 */
public final class InternedMeta {

    /** Owner reference lists; weak so a deleted set's list can go. */
    private static final Map<List<OwnerReference>, WeakReference<List<OwnerReference>>> OWNERS =
            Collections.synchronizedMap(new WeakHashMap<>());

    private InternedMeta() {
    }

    /** The same metadata, its repeated strings interned. */
    public static ObjectMeta of(ObjectMeta m) {
        return of(m, m.annotations());
    }

    /** The same metadata with {@code annotations} instead of its own, its repeated strings interned. */
    public static ObjectMeta of(ObjectMeta m, Map<String, String> annotations) {
        String name = m.name();
        return new ObjectMeta(name, intern(m.generateName()), intern(m.namespace()), m.uid(), m.resourceVersion(),
                m.generation(), strings(m.labels(), name), strings(annotations, name), owners(m.ownerReferences()),
                m.finalizers().isEmpty() ? List.of() : m.finalizers().stream().map(String::intern).toList(),
                m.creationTimestamp(), m.deletionTimestamp());
    }

    private static Map<String, String> strings(Map<String, String> values, String name) {
        if (values.isEmpty()) {
            return Map.of();
        }
        Map<String, String> out = new HashMap<>(values.size() * 2);
        values.forEach((k, v) -> out.put(k.intern(), v.equals(name) ? name : v.intern()));
        // an immutable map is half a HashMap's size (no entry objects): ~120 bytes a pod's labels
        return Map.copyOf(out);
    }

    private static List<OwnerReference> owners(List<OwnerReference> refs) {
        if (refs.isEmpty()) {
            return List.of();
        }
        List<OwnerReference> interned = new ArrayList<>(refs.size());
        for (OwnerReference r : refs) {
            interned.add(new OwnerReference(intern(r.apiVersion()), intern(r.kind()), intern(r.name()), intern(r.uid()),
                    r.controller(), r.blockOwnerDeletion()));
        }
        List<OwnerReference> list = List.copyOf(interned);
        synchronized (OWNERS) {
            WeakReference<List<OwnerReference>> shared = OWNERS.get(list);
            List<OwnerReference> existing = shared == null ? null : shared.get();
            if (existing != null) {
                return existing;
            }
            OWNERS.put(list, new WeakReference<>(list));
            return list;
        }
    }

    /** JSON trees handed out by {@link #shared}; weak so a deleted set's claim spec can go. */
    private static final Map<Json.Obj, WeakReference<Json.Obj>> TREES = Collections.synchronizedMap(new WeakHashMap<>());

    /**
     * A JSON tree with its string values interned (its keys already are: the codec interns them),
     * one instance for every equal tree: the claims of one set have the same spec (their
     * template's: access mode, size, storage class, volume mode) once the bound volume's name is
     * left out.
     */
    public static Json.Obj shared(Json.Obj tree) {
        Json.Obj interned = (Json.Obj) strings((Json) tree);
        synchronized (TREES) {
            WeakReference<Json.Obj> shared = TREES.get(interned);
            Json.Obj existing = shared == null ? null : shared.get();
            if (existing != null) {
                return existing;
            }
            TREES.put(interned, new WeakReference<>(interned));
            return interned;
        }
    }

    private static Json strings(Json json) {
        if (json instanceof Json.Obj o) {
            Map<String, Json> out = new LinkedHashMap<>();
            o.fields().forEach((k, v) -> out.put(k, strings(v)));
            return new Json.Obj(out);
        }
        if (json instanceof Json.Arr a) {
            List<Json> out = new ArrayList<>(a.items().size());
            a.items().forEach(v -> out.add(strings(v)));
            return new Json.Arr(out);
        }
        return json instanceof Json.Str str ? Json.of(str.value().intern()) : json;
    }

    static String intern(String value) {
        return value == null ? null : value.intern();
    }
}
