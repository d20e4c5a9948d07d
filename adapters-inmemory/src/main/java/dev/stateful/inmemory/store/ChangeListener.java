package dev.stateful.inmemory.store;

/** Receives every committed change synchronously, in resourceVersion order. */
@FunctionalInterface
public interface ChangeListener {
    void changed(Change<?> change);
}
