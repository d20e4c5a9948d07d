package dev.stateful.domain.memo;

import java.lang.ref.Reference;
import java.lang.ref.ReferenceQueue;
import java.lang.ref.WeakReference;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

/**
 * Remembers the result of a pure function per argument <em>instance</em>: the same (identical)
 * immutable object gives the remembered result, any other instance, even an equal one, is computed
 * afresh. Meant for derivations of the domain's immutable records that the controller would
 * otherwise repeat on every sync (serialising and hashing a pod template, parsing a revision's
 * JSON): the informer caches keep the same instance of an object until the object changes, so a
 * changed object is always a new instance and can never be answered from a stale entry.
 *
 * <p>Keys are held weakly, compared by identity ({@code ==}), so an entry goes away once its key is
 * no longer referenced (an object replaced in the cache); the function's result must not refer to
 * its key, or the entry would keep itself alive. Thread-safe; two threads asking for the same new
 * key at once may both compute it (the function is pure, so either answer is the answer).
 * JDK only: no {@code WeakHashMap} (it compares keys with {@code equals}, which for records is a
 * deep, costly comparison).
 *
 * @param <K> an immutable argument type
 * @param <V> the result type; never null
 */
public final class IdentityMemo<K, V> {

    private final Function<? super K, ? extends V> function;
    private final Map<Object, V> entries = new ConcurrentHashMap<>();
    private final ReferenceQueue<K> collected = new ReferenceQueue<>();

    public IdentityMemo(Function<? super K, ? extends V> function) {
        this.function = function;
    }

    /** {@code function.apply(key)}, computed once per key instance while the key is alive. */
    public V apply(K key) {
        if (key == null) {
            // nothing to hold weakly: not remembered
            return function.apply(null);
        }
        expungeCollected();
        V known = entries.get(new Lookup(key));
        if (known != null) {
            return known;
        }
        V computed = function.apply(key);
        V raced = entries.putIfAbsent(new WeakKey<>(key, collected), computed);
        return raced == null ? computed : raced;
    }

    /** Entries currently held (including ones whose key was collected but not yet expunged). */
    int size() {
        return entries.size();
    }

    private void expungeCollected() {
        for (Reference<? extends K> gone = collected.poll(); gone != null; gone = collected.poll()) {
            entries.remove(gone);
        }
    }

    /** A stored key: weak, hashed and compared by the identity of its referent. */
    private static final class WeakKey<K> extends WeakReference<K> {
        private final int hash;

        WeakKey(K key, ReferenceQueue<K> queue) {
            super(key, queue);
            this.hash = System.identityHashCode(key);
        }

        @Override
        public int hashCode() {
            return hash;
        }

        @Override
        public boolean equals(Object other) {
            if (other == this) {
                return true;
            }
            Object referent = get();
            if (referent == null) {
                // collected: equal to itself only, so that expunging removes exactly this entry
                return false;
            }
            if (other instanceof WeakKey<?> key) {
                return referent == key.get();
            }
            return other instanceof Lookup lookup && referent == lookup.key;
        }
    }

    /** A throw-away lookup key: strong, short-lived, equal to the stored key of the same instance. */
    private static final class Lookup {
        private final Object key;

        Lookup(Object key) {
            this.key = key;
        }

        @Override
        public int hashCode() {
            return System.identityHashCode(key);
        }

        @Override
        public boolean equals(Object other) {
            if (other instanceof WeakKey<?> stored) {
                return stored.get() == key;
            }
            return other instanceof Lookup lookup && lookup.key == key;
        }
    }
}
