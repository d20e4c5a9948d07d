package dev.stateful.fabric8.loop;

import dev.stateful.domain.model.LabelSelector;
import dev.stateful.domain.model.ObjectKey;
import dev.stateful.domain.model.OwnerReference;
import dev.stateful.domain.model.Pod;
import dev.stateful.domain.model.StatefulSet;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Which StatefulSets a pod change concerns (upstream {@code addPod}/{@code updatePod}/{@code deletePod}):
 * the owner named by the pod's controller reference when it resolves (same name <em>and</em> uid),
 * otherwise, for orphans, every set whose selector matches, so that one of them can adopt it.
 */
public final class PodEventRouter {

    private static final Logger LOG = LoggerFactory.getLogger(PodEventRouter.class);

    /** A set to sync, now ({@link Duration#ZERO}) or after a delay. */
    public record Enqueue(ObjectKey key, Duration after) {
        static Enqueue now(StatefulSet set) {
            return new Enqueue(set.key(), Duration.ZERO);
        }
    }

    private final Function<ObjectKey, List<StatefulSet>> setsNamed;
    private final Function<String, List<StatefulSet>> setsInNamespace;

    /**
     * @param setsNamed the cached StatefulSets with that namespace and name (one per kind managed),
     *        looked up by key: every pod event resolves its owner, as upstream's lister {@code Get} does,
     *        so that must not cost a pass over the namespace's sets
     * @param setsInNamespace the cached StatefulSets of a namespace, for orphans
     */
    public PodEventRouter(Function<ObjectKey, List<StatefulSet>> setsNamed, Function<String, List<StatefulSet>> setsInNamespace) {
        this.setsNamed = setsNamed;
        this.setsInNamespace = setsInNamespace;
    }

    /** Over a namespace's sets only, each owner found by a pass over them: for tests and small caches. */
    public PodEventRouter(Function<String, List<StatefulSet>> setsInNamespace) {
        this(key -> setsInNamespace.apply(key.namespace()).stream().filter(set -> set.name().equals(key.name())).toList(), setsInNamespace);
    }

    /** {@code oldPod} null: added; {@code newPod} null: deleted. */
    public List<Enqueue> route(Pod oldPod, Pod newPod) {
        if (oldPod == null && newPod == null) {
            return List.of();
        }
        if (newPod == null) {
            return deleted(oldPod);
        }
        return oldPod == null ? added(newPod) : updated(oldPod, newPod);
    }

    private List<Enqueue> added(Pod pod) {
        if (pod.isTerminating()) {
            // Seen for the first time already being deleted (e.g. after a restart): not a creation.
            return deleted(pod);
        }
        Optional<OwnerReference> ref = pod.metadata().controllerRef();
        if (ref.isPresent()) {
            return resolve(pod.namespace(), ref.get()).map(set -> List.of(Enqueue.now(set))).orElse(List.of());
        }
        return selecting(pod).stream().map(Enqueue::now).toList();
    }

    private List<Enqueue> updated(Pod oldPod, Pod newPod) {
        if (Objects.equals(oldPod.metadata().resourceVersion(), newPod.metadata().resourceVersion())) {
            return List.of(); // a resync or relist replay: nothing changed
        }
        List<Enqueue> out = new ArrayList<>();
        Optional<OwnerReference> oldRef = oldPod.metadata().controllerRef();
        Optional<OwnerReference> newRef = newPod.metadata().controllerRef();
        boolean refChanged = !oldRef.equals(newRef);
        if (refChanged && oldRef.isPresent()) {
            resolve(oldPod.namespace(), oldRef.get()).ifPresent(set -> out.add(Enqueue.now(set)));
        }
        if (newRef.isPresent()) {
            resolve(newPod.namespace(), newRef.get()).ifPresent(set -> {
                out.add(Enqueue.now(set));
                int minReady = set.spec().minReadySeconds();
                if (minReady > 0 && !oldPod.status().isReady() && newPod.status().isReady()) {
                    // Check availability once minReadySeconds have passed, as upstream's updatePod does; a
                    // sync that comes a little early (kubernetes#39785) asks to be looked at again when the
                    // pod becomes available (the plan's requeueAfter).
                    out.add(new Enqueue(set.key(), Duration.ofSeconds(minReady)));
                }
            });
            return out;
        }
        boolean labelsChanged = !oldPod.metadata().labels().equals(newPod.metadata().labels());
        if (labelsChanged || refChanged) {
            selecting(newPod).forEach(set -> out.add(Enqueue.now(set)));
        }
        return out;
    }

    private List<Enqueue> deleted(Pod pod) {
        // Nobody adopts a deleted orphan, so only an owner cares.
        return pod.metadata().controllerRef()
                .flatMap(ref -> resolve(pod.namespace(), ref))
                .map(set -> List.of(Enqueue.now(set)))
                .orElse(List.of());
    }

    /** Upstream {@code resolveControllerRef}: the set a controller reference points to, if we know one with that name and uid. */
    private Optional<StatefulSet> resolve(String namespace, OwnerReference ref) {
        if (!OwnerReference.STATEFUL_SET_KIND.equals(ref.kind())) {
            return Optional.empty();
        }
        for (StatefulSet set : setsNamed.apply(new ObjectKey(namespace, ref.name()))) {
            if (Objects.equals(set.metadata().uid(), ref.uid())) {
                return Optional.of(set);
            }
        }
        return Optional.empty();
    }

    /** Upstream {@code GetPodStatefulSets}: an empty or malformed selector selects nothing. */
    private List<StatefulSet> selecting(Pod pod) {
        if (pod.metadata().labels().isEmpty()) {
            return List.of();
        }
        List<StatefulSet> sets = setsInNamespace.apply(pod.namespace()).stream()
                .filter(set -> selects(set.spec().selector(), pod))
                .toList();
        if (sets.size() > 1) {
            LOG.warn("user error: more than one StatefulSet is selecting pods with labels: {} Sets: {}",
                    pod.metadata().labels(), sets.stream().map(StatefulSet::key).toList());
        }
        return sets;
    }

    private static boolean selects(LabelSelector selector, Pod pod) {
        return selector != null && !selector.isEmpty() && wellFormed(selector) && selector.matches(pod.metadata().labels());
    }

    /** What {@code metav1.LabelSelectorAsSelector} accepts; a set with any other selector matches nothing. */
    private static boolean wellFormed(LabelSelector selector) {
        for (LabelSelector.Requirement r : selector.matchExpressions()) {
            boolean valid = switch (r.operator()) {
                case "In", "NotIn" -> !r.values().isEmpty();
                case "Exists", "DoesNotExist" -> r.values().isEmpty();
                default -> false;
            };
            if (!valid) {
                return false;
            }
        }
        return true;
    }
}
