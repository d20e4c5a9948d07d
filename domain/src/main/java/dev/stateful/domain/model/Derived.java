package dev.stateful.domain.model;

import java.util.Arrays;
import java.util.function.Supplier;

/**
 * Values derived from one immutable record (a set's validation, the revision its template makes, its
 * reserved ordinals), each computed at most once and kept with the record: a record that stays in a
 * cache from sync to sync pays for them once, and a changed object is a new record with nothing
 * derived yet, so nothing stale can be read. Not part of the record's value: every holder equals every
 * other, so records compare as before.
 *
 * <p>Thread-safe without locks: two threads asking for a value not derived yet may both compute it
 * (the functions are pure, either answer is the answer).
 */
public final class Derived {

    /** key, value, key, value, ...; replaced, never changed in place; null until a value is derived. */
    private volatile Object[] entries;

    /** The value {@code key} names, computed by {@code compute} the first time it is asked for. */
    @SuppressWarnings("unchecked")
    public <T> T get(Key<T> key, Supplier<? extends T> compute) {
        Object[] known = entries == null ? new Object[0] : entries;
        for (int i = 0; i < known.length; i += 2) {
            if (known[i] == key) {
                return (T) known[i + 1];
            }
        }
        T value = compute.get();
        Object[] more = Arrays.copyOf(known, known.length + 2);
        more[known.length] = key;
        more[known.length + 1] = value;
        // a value another thread added meanwhile may be dropped: it is recomputed if asked for again
        entries = more;
        return value;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof Derived;
    }

    @Override
    public int hashCode() {
        return 0;
    }

    @Override
    public String toString() {
        return "Derived";
    }

    /** Names one derived value; declared once, by the rule that computes it. */
    public static final class Key<T> {
        private final String name;

        public Key(String name) {
            this.name = name;
        }

        @Override
        public String toString() {
            return name;
        }
    }
}
