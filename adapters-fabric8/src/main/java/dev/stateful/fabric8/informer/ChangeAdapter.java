package dev.stateful.fabric8.informer;

import io.fabric8.kubernetes.client.informers.ResourceEventHandler;
import java.util.function.BiConsumer;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Turns fabric8's add/update/delete callbacks into one {@code changed(old, new)} call on domain
 * records, {@code null} standing for "none". A deletion whose final state was missed (a tombstone)
 * arrives as the last state the cache knew. A failing handler is logged, never allowed to stop the
 * informer's dispatch thread.
 */
final class ChangeAdapter<T, D> implements ResourceEventHandler<T> {

    private static final Logger LOG = LoggerFactory.getLogger(ChangeAdapter.class);

    private final Function<T, D> toDomain;
    private final BiConsumer<D, D> changed;

    ChangeAdapter(Function<T, D> toDomain, BiConsumer<D, D> changed) {
        this.toDomain = toDomain;
        this.changed = changed;
    }

    @Override
    public void onAdd(T obj) {
        deliver(null, obj);
    }

    @Override
    public void onUpdate(T oldObj, T newObj) {
        deliver(oldObj, newObj);
    }

    @Override
    public void onDelete(T obj, boolean deletedFinalStateUnknown) {
        deliver(obj, null);
    }

    private void deliver(T oldObj, T newObj) {
        try {
            changed.accept(oldObj == null ? null : toDomain.apply(oldObj), newObj == null ? null : toDomain.apply(newObj));
        } catch (RuntimeException e) {
            LOG.error("event handler failed", e);
        }
    }
}
