package dev.stateful.domain.model;

/** namespace/name, the key a work queue and a store use. */
public record ObjectKey(String namespace, String name) implements Comparable<ObjectKey> {

    public ObjectKey {
        namespace = namespace == null ? "" : namespace;
        name = name == null ? "" : name;
    }

    public static ObjectKey of(ObjectMeta meta) {
        return new ObjectKey(meta.namespace(), meta.name());
    }

    /** Parses {@code namespace/name} (or {@code name} for the empty namespace). */
    public static ObjectKey parse(String key) {
        int slash = key.indexOf('/');
        return slash < 0 ? new ObjectKey("", key) : new ObjectKey(key.substring(0, slash), key.substring(slash + 1));
    }

    @Override
    public int compareTo(ObjectKey other) {
        int c = namespace.compareTo(other.namespace);
        return c != 0 ? c : name.compareTo(other.name);
    }

    @Override
    public String toString() {
        return namespace.isEmpty() ? name : namespace + "/" + name;
    }
}
