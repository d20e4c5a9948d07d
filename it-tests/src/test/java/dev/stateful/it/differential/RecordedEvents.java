package dev.stateful.it.differential;

import io.fabric8.kubernetes.api.model.Event;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.Watch;
import io.fabric8.kubernetes.client.Watcher;
import io.fabric8.kubernetes.client.WatcherException;
import java.util.LinkedHashSet;
import java.util.Set;

/**
 * Every event message recorded on the namespace's StatefulSet, as a watch of its events sees them.
 * A list at each settle point would not do: client-go's {@code EventAggregator} folds an object's
 * eleventh and later messages of one reason into one combined event that shows only the latest,
 * and which messages it folds depends on the one {@code sets.PopAny} drops (arbitrary), so a message
 * recorded again could be visible in one run and hidden in the other (random seed
 * 7279905398567894810). Each write of an event, its own or the combined one, reaches the watch.
 */
final class RecordedEvents implements AutoCloseable {

    private static final String COMBINED = "(combined from similar events): ";

    private final Set<String> recorded = new LinkedHashSet<>();
    private final Watch watch;
    private WatcherException closed;

    RecordedEvents(KubernetesClient client, String namespace) {
        this.watch = client.v1().events().inNamespace(namespace).watch(new Watcher<>() {
            @Override
            public void eventReceived(Action action, Event event) {
                if ((action == Action.ADDED || action == Action.MODIFIED) && "StatefulSet".equals(event.getInvolvedObject().getKind())) {
                    record(describe(event));
                }
            }

            @Override
            public void onClose(WatcherException cause) {
                fail(cause);
            }
        });
    }

    /** The messages recorded since the last call, in the order first seen. */
    synchronized Set<String> drain() {
        if (closed != null) {
            throw new IllegalStateException("the events watch closed: " + closed.getMessage(), closed);
        }
        Set<String> out = new LinkedHashSet<>(recorded);
        recorded.clear();
        return out;
    }

    private synchronized void record(String description) {
        recorded.add(description);
    }

    private synchronized void fail(WatcherException cause) {
        closed = cause;
    }

    /** An event as compared: type, reason and message, a combined event by the message it carries now. */
    private static String describe(Event event) {
        String message = event.getMessage() == null ? "" : event.getMessage().replace(COMBINED, "");
        return event.getType() + " " + event.getReason() + ": " + message;
    }

    @Override
    public void close() {
        watch.close();
    }
}
