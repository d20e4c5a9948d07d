package dev.stateful.inmemory.store;

import dev.stateful.domain.model.ObjectKey;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.Iterator;
import java.util.List;
import java.util.TreeMap;
import java.util.function.Consumer;

/**
 * The most recent committed changes, newest last. Rewinding the current state through them gives
 * the state "as of N writes ago": what a lagging informer cache would still show.
 */
public final class ChangeJournal implements ChangeListener {

    private final int capacity;
    private final Deque<Change<?>> changes = new ArrayDeque<>();

    public ChangeJournal(int capacity) {
        this.capacity = capacity;
    }

    @Override
    public synchronized void changed(Change<?> change) {
        changes.addLast(change);
        if (changes.size() > capacity) {
            changes.removeFirst();
        }
    }

    /**
     * Undoes, on {@code current} (all objects of {@code kind}, every namespace), the last {@code writes} changes. When
     * {@code countAllKinds} is false only changes of {@code kind} count as writes. A lag longer
     * than the journal rewinds as far as the journal reaches.
     */
    @SuppressWarnings("unchecked")
    public synchronized <T> TreeMap<ObjectKey, T> rewind(TreeMap<ObjectKey, T> current, Kind kind, int writes, boolean countAllKinds) {
        TreeMap<ObjectKey, T> out = new TreeMap<>(current);
        forEachUndone(kind, writes, countAllKinds, change -> {
            if (change.before() == null) {
                out.remove(change.key());
            } else {
                out.put(change.key(), (T) change.before());
            }
        });
        return out;
    }

    /**
     * The object under {@code key} as of {@code writes} writes ago (counted as in {@link #rewind}),
     * from its current state: only that key's changes are undone, nothing is copied.
     */
    @SuppressWarnings("unchecked")
    public synchronized <T> T rewindOne(T current, ObjectKey key, Kind kind, int writes, boolean countAllKinds) {
        List<T> out = new ArrayList<>(Collections.singletonList(current));
        forEachUndone(kind, writes, countAllKinds, change -> {
            if (change.key().equals(key)) {
                out.set(0, (T) change.before());
            }
        });
        return out.get(0);
    }

    /** The changes of {@code kind} among the last {@code writes} writes, newest first. */
    private void forEachUndone(Kind kind, int writes, boolean countAllKinds, Consumer<Change<?>> undo) {
        int counted = 0;
        Iterator<Change<?>> newestFirst = changes.descendingIterator();
        while (counted < writes && newestFirst.hasNext()) {
            Change<?> change = newestFirst.next();
            if (change.kind() != kind) {
                counted += countAllKinds ? 1 : 0;
                continue;
            }
            counted++;
            undo.accept(change);
        }
    }
}
