package dev.stateful.fabric8.convert;

import dev.stateful.domain.model.ObjectMeta;
import dev.stateful.domain.model.OwnerReference;
import java.lang.ref.WeakReference;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
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
        return out;
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

    static String intern(String value) {
        return value == null ? null : value.intern();
    }
}
