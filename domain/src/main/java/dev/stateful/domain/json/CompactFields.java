package dev.stateful.domain.json;

import java.util.AbstractMap;
import java.util.AbstractSet;
import java.util.Iterator;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Set;
import java.util.function.BiConsumer;

/**
 * The fields of a small JSON object: an immutable map over one array of keys and values, in
 * insertion order. A {@code LinkedHashMap} costs ~250 bytes for one field (map, table, entry,
 * unmodifiable and entry-set views), this 48; objects of a few fields are most of a Kubernetes
 * object's tree (volumes, owner references, conditions), and caches hold many of them.
 * Lookups scan, so it is used only up to {@link #MAX} fields.
 */
final class CompactFields extends AbstractMap<String, Json> {

    static final int MAX = 8;

    /** k0, v0, k1, v1, ... */
    private final Object[] keysAndValues;

    CompactFields(Object[] keysAndValues) {
        this.keysAndValues = keysAndValues;
    }

    /** k0, v0, k1, v1, ... as kept, for {@link JsonWriter} to walk without entries; never to be changed. */
    Object[] pairs() {
        return keysAndValues;
    }

    @Override
    public int size() {
        return keysAndValues.length / 2;
    }

    @Override
    public boolean isEmpty() {
        return keysAndValues.length == 0;
    }

    @Override
    public Json get(Object key) {
        int i = indexOf(key);
        return i < 0 ? null : (Json) keysAndValues[i + 1];
    }

    @Override
    public boolean containsKey(Object key) {
        return indexOf(key) >= 0;
    }

    private int indexOf(Object key) {
        for (int i = 0; i < keysAndValues.length; i += 2) {
            if (keysAndValues[i].equals(key)) {
                return i;
            }
        }
        return -1;
    }

    @Override
    public void forEach(BiConsumer<? super String, ? super Json> action) {
        for (int i = 0; i < keysAndValues.length; i += 2) {
            action.accept((String) keysAndValues[i], (Json) keysAndValues[i + 1]);
        }
    }

    @Override
    public Set<Entry<String, Json>> entrySet() {
        return new AbstractSet<>() {
            @Override
            public Iterator<Entry<String, Json>> iterator() {
                return new Iterator<>() {
                    private int next;

                    @Override
                    public boolean hasNext() {
                        return next < keysAndValues.length;
                    }

                    @Override
                    public Entry<String, Json> next() {
                        if (next >= keysAndValues.length) {
                            throw new NoSuchElementException();
                        }
                        Entry<String, Json> e = new SimpleImmutableEntry<>((String) keysAndValues[next], (Json) keysAndValues[next + 1]);
                        next += 2;
                        return e;
                    }
                };
            }

            @Override
            public int size() {
                return keysAndValues.length / 2;
            }
        };
    }

    /** An immutable copy of {@code fields} in its iteration order, Java nulls as JSON null. */
    static Map<String, Json> copyOf(Map<String, Json> fields) {
        if (fields instanceof CompactFields compact) {
            return compact;
        }
        if (fields.size() > MAX) {
            Map<String, Json> copy = new java.util.LinkedHashMap<>();
            fields.forEach((k, v) -> copy.put(k, v == null ? Json.Null.INSTANCE : v));
            return java.util.Collections.unmodifiableMap(copy);
        }
        Object[] keysAndValues = new Object[fields.size() * 2];
        int[] i = {0};
        fields.forEach((k, v) -> {
            keysAndValues[i[0]++] = java.util.Objects.requireNonNull(k, "JSON object key");
            keysAndValues[i[0]++] = v == null ? Json.Null.INSTANCE : v;
        });
        return new CompactFields(keysAndValues);
    }
}
