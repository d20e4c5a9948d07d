package dev.stateful.ports.reconcile;

import dev.stateful.domain.consistency.OwnWrite;
import dev.stateful.domain.model.ObjectKey;
import dev.stateful.domain.model.PersistentVolumeClaim;
import dev.stateful.domain.model.Pod;
import dev.stateful.domain.sync.Snapshot;
import dev.stateful.ports.ClusterReader;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Predicate;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The pod, claim and status writes of each set that the caches have not shown yet (upstream's
 * {@code ConsistencyStore}). A sync of a set whose own writes are not visible would decide from a
 * world without them and repeat them, or write a status computed from a set older than its own
 * last status write. Writes not shown within {@code patience} are dropped with a
 * warning, so a cache that never catches up degrades to acting on stale reads (still guarded by
 * uid and resourceVersion preconditions) rather than stopping the set. Lost on restart by design:
 * a new process starts from freshly listed caches.
 */
public final class OwnWrites {

    private static final Logger LOG = LoggerFactory.getLogger(OwnWrites.class);

    /** How long to trust that the caches will show a write; far beyond a healthy watch's lag. */
    public static final Duration DEFAULT_PATIENCE = Duration.ofSeconds(60);

    private record Pending(OwnWrite write, Instant at) {
    }

    private final boolean enabled;
    private final Clock clock;
    private final Duration patience;
    private final Map<ObjectKey, List<Pending>> bySet = new ConcurrentHashMap<>();

    private OwnWrites(boolean enabled, Clock clock, Duration patience) {
        this.enabled = enabled;
        this.clock = clock;
        this.patience = patience;
    }

    public static OwnWrites tracking(Clock clock, Duration patience) {
        return new OwnWrites(true, clock, patience);
    }

    /** Decides from whatever the caches hold (the behaviour before Kubernetes 1.36). */
    public static OwnWrites off() {
        return new OwnWrites(false, Clock.systemUTC(), Duration.ZERO);
    }

    void record(ObjectKey set, OwnWrite write) {
        if (enabled) {
            Pending pending = new Pending(write, clock.instant());
            bySet.compute(set, (k, list) -> {
                List<Pending> next = list == null ? new ArrayList<>() : new ArrayList<>(list);
                next.add(pending);
                return List.copyOf(next);
            });
        }
    }

    /** The caches' observed versions, read before the snapshot so that they never claim more than it shows. */
    record Observed(String pods, String claims) {
        static Observed from(ClusterReader reader) {
            return new Observed(reader.observedVersion(OwnWrite.Kind.POD), reader.observedVersion(OwnWrite.Kind.CLAIM));
        }
    }

    boolean enabled() {
        return enabled;
    }

    /** The writes to {@code set}'s objects that {@code snapshot} does not show yet; forgets the rest. */
    List<OwnWrite> unseen(ObjectKey set, Snapshot snapshot, Observed observed) {
        return unseen(set, () -> OwnWrite.shownIn(snapshot, observed.pods(), observed.claims()));
    }

    /**
     * The writes made for {@code set}, which the cache no longer holds, that the caches do not show
     * yet, each object looked up by name; forgets the rest. Upstream's {@code sync} asks its
     * {@code ConsistencyStore} ({@code EnsureReady}, keyed by the set's name) before it looks the set
     * up, so a set deleted and created again under its name does not decide without them.
     */
    List<OwnWrite> unseenOfAGoneSet(ObjectKey set, ClusterReader reader, Observed observed) {
        String namespace = set.namespace();
        return unseen(set, () -> OwnWrite.shownIn(name -> reader.pod(namespace, name).map(Pod::metadata),
                name -> reader.claim(namespace, name).map(PersistentVolumeClaim::metadata), Optional.empty(), observed.pods(), observed.claims()));
    }

    private List<OwnWrite> unseen(ObjectKey set, Supplier<Predicate<OwnWrite>> shownBy) {
        List<Pending> pending = bySet.get(set);
        if (pending == null) {
            return List.of();
        }
        Instant now = clock.instant();
        Predicate<OwnWrite> shown = shownBy.get();
        List<Pending> still = new ArrayList<>();
        for (Pending p : pending) {
            if (shown.test(p.write())) {
                continue;
            }
            if (Duration.between(p.at(), now).compareTo(patience) > 0) {
                LOG.warn("the caches still do not show {} {} of StatefulSet {} after {} s; deciding without it", p.write().verb(),
                        p.write().name(), set, patience.toSeconds());
                continue;
            }
            still.add(p);
        }
        // only this set's worker touches its entry, so replacing it cannot lose a concurrent record
        if (still.isEmpty()) {
            bySet.remove(set, pending);
        } else {
            bySet.replace(set, pending, List.copyOf(still));
        }
        return still.stream().map(Pending::write).toList();
    }

    void forget(ObjectKey set) {
        bySet.remove(set);
    }
}
