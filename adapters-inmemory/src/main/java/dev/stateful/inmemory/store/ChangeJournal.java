package dev.stateful.inmemory.store;

import dev.stateful.domain.model.ObjectKey;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Iterator;
import java.util.TreeMap;

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
        int counted = 0;
        Iterator<Change<?>> newestFirst = changes.descendingIterator();
        while (counted < writes && newestFirst.hasNext()) {
            Change<?> change = newestFirst.next();
            if (change.kind() != kind) {
                counted += countAllKinds ? 1 : 0;
                continue;
            }
            counted++;
            if (change.before() == null) {
                out.remove(change.key());
            } else {
                out.put(change.key(), (T) change.before());
            }
        }
        return out;
    }
}
