package dev.stateful.it.support;

import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.Watch;
import io.fabric8.kubernetes.client.Watcher;
import io.fabric8.kubernetes.client.WatcherException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * Every pod change in a namespace, in the order the API server reports it (one watch, so one
 * order): tells in which order pods were created and deleted and whether each was created only
 * after its predecessor was Ready.
 */
public final class PodTimeline implements AutoCloseable {

    /** One observed state of one pod. */
    public record Entry(Watcher.Action action, String name, String uid, boolean ready, boolean terminating) {
    }

    private final List<Entry> entries = new CopyOnWriteArrayList<>();
    private final Watch watch;

    private PodTimeline(KubernetesClient client, String namespace) {
        watch = client.pods().inNamespace(namespace).watch(new Watcher<>() {
            @Override
            public void eventReceived(Action action, Pod pod) {
                entries.add(new Entry(action, pod.getMetadata().getName(), pod.getMetadata().getUid(), Pods.isReady(pod),
                        pod.getMetadata().getDeletionTimestamp() != null));
            }

            @Override
            public void onClose(WatcherException cause) {
                // the test ends the watch; a broken one shows up as missing entries
            }
        });
    }

    public static PodTimeline watch(KubernetesClient client, String namespace) {
        return new PodTimeline(client, namespace);
    }

    public List<Entry> entries() {
        return List.copyOf(entries);
    }

    /** Pod names in the order they were added (a recreated pod appears again). */
    public List<String> creations() {
        return entries.stream().filter(e -> e.action() == Watcher.Action.ADDED).map(Entry::name).toList();
    }

    /** Pod names in the order their deletion began (a deletion timestamp appeared, or the pod vanished). */
    public List<String> deletions() {
        List<String> out = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        for (Entry e : entries) {
            if ((e.action() == Watcher.Action.DELETED || e.terminating()) && seen.add(e.uid())) {
                out.add(e.name());
            }
        }
        return out;
    }

    /**
     * Names of pods that were added while their predecessor ({@code <set>-<ordinal - 1>}) had
     * not been seen Ready since its own latest creation: OrderedReady forbids this.
     */
    public List<String> createdBeforePredecessorWasReady(String setName) {
        List<String> violations = new ArrayList<>();
        Set<String> ready = new HashSet<>();
        for (Entry e : entries) {
            if (e.action() == Watcher.Action.ADDED) {
                ready.remove(e.name());
                int ordinal = Integer.parseInt(e.name().substring(setName.length() + 1));
                if (ordinal > 0 && !ready.contains(setName + "-" + (ordinal - 1))) {
                    violations.add(e.name());
                }
            }
            if (e.ready() && !e.terminating() && e.action() != Watcher.Action.DELETED) {
                ready.add(e.name());
            } else {
                ready.remove(e.name());
            }
        }
        return violations;
    }

    @Override
    public void close() {
        watch.close();
    }
}
