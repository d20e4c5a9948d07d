package dev.stateful.inmemory.driver;

import dev.stateful.domain.model.ObjectKey;
import dev.stateful.domain.model.StatefulSet;
import dev.stateful.inmemory.InMemoryCluster;
import dev.stateful.inmemory.audit.Actor;
import dev.stateful.inmemory.audit.WriteRecord;
import dev.stateful.ports.reconcile.OwnWrites;
import dev.stateful.ports.reconcile.ReconcileListener;
import dev.stateful.ports.reconcile.StatefulSetReconciler;
import dev.stateful.ports.reconcile.SyncResult;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;
import java.util.stream.Collectors;

/**
 * Runs the real reconciler against an {@link InMemoryCluster}, deterministically: one pass syncs
 * every StatefulSet in name order; {@link #settle()} repeats passes, ticks the kubelet and moves the
 * clock to the next thing that will happen (a pod transition, a minReadySeconds requeue, a retry)
 * until nothing changes any more.
 */
public final class ControllerDriver {

    /** Retry delay after a failed sync when nothing else is scheduled (the first step of upstream's backoff is 5 ms). */
    static final Duration RETRY_DELAY = Duration.ofSeconds(1);
    static final int DEFAULT_MAX_ROUNDS = 10_000;
    /** How many of the latest writes a cluster that did not settle shows. */
    private static final int SHOWN_WRITES = 12;

    private final InMemoryCluster cluster;
    private final Supplier<StatefulSetReconciler> reconcilers;
    private StatefulSetReconciler reconciler;

    public ControllerDriver(InMemoryCluster cluster) {
        this(cluster, ReconcileListener.NONE);
    }

    public ControllerDriver(InMemoryCluster cluster, ReconcileListener listener) {
        this(cluster, () -> new StatefulSetReconciler(cluster.reader(), cluster.podControl(), cluster.claimControl(),
                cluster.revisionControl(), cluster.statusWriter(), cluster.eventRecorder(), cluster.clock(),
                Runnable::run, listener));
    }

    /**
     * A driver whose reconciler waits for the cache to show its own pod and claim writes, as
     * kube-controller-manager's does since 1.36 and the production wiring does. The in-memory cache
     * is exact unless a read lag is injected, which is where the difference shows.
     */
    public static ControllerDriver readingOwnWrites(InMemoryCluster cluster, Duration patience) {
        return new ControllerDriver(cluster, () -> new StatefulSetReconciler(cluster.reader(), cluster.podControl(),
                cluster.claimControl(), cluster.revisionControl(), cluster.statusWriter(), cluster.eventRecorder(),
                cluster.clock(), Runnable::run, ReconcileListener.NONE, OwnWrites.tracking(cluster.clock(), patience)));
    }

    /** @param reconcilers makes a fresh reconciler on start and on every {@link #restart()} */
    public ControllerDriver(InMemoryCluster cluster, Supplier<StatefulSetReconciler> reconcilers) {
        this.cluster = cluster;
        this.reconcilers = reconcilers;
        this.reconciler = reconcilers.get();
    }

    public InMemoryCluster cluster() {
        return cluster;
    }

    public StatefulSetReconciler reconciler() {
        return reconciler;
    }

    /** A controller restart: a fresh reconciler; nothing survives but what is in the cluster. */
    public void restart() {
        reconciler = reconcilers.get();
    }

    public SyncResult sync(String namespace, String name) {
        return reconciler.sync(new ObjectKey(namespace, name));
    }

    /** One pass: every StatefulSet synced once, in key order. */
    public List<SyncResult> syncAll() {
        List<ObjectKey> keys = cluster.stores().statefulSets().list("").stream()
                .map(StatefulSet::key).sorted().toList();
        List<SyncResult> results = new ArrayList<>();
        for (ObjectKey key : keys) {
            results.add(reconciler.sync(key));
        }
        return results;
    }

    public Settlement settle() {
        return settle(DEFAULT_MAX_ROUNDS, Duration.ofDays(1));
    }

    /**
     * Syncs, ticks and advances time until a pass makes no controller write, the kubelet has
     * nothing more to do and no requeue or retry is due within {@code horizon}, or until the time
     * advanced for the requeues changed nothing: two passes in a row without a write, a tick or a
     * failure asked for the same requeues, so the controller only polls (a pod waiting for a claim of a
     * gone owner to be deleted looks again every second) and only something other than time can move it.
     */
    public Settlement settle(int maxRounds, Duration horizon) {
        Instant started = cluster.clock().instant();
        Instant deadline = started.plus(horizon);
        int controllerWrites = 0;
        List<SyncResult> last = List.of();
        List<Map.Entry<ObjectKey, Optional<Duration>>> idleRequeues = null;
        for (int round = 1; round <= maxRounds; round++) {
            // a count, not the records since a mark: a bounded audit log may have dropped them during a large pass
            long before = cluster.audit().writesBy(Actor.CONTROLLER);
            last = syncAll();
            int written = Math.toIntExact(cluster.audit().writesBy(Actor.CONTROLLER) - before);
            controllerWrites += written;
            int ticked = cluster.tick();
            if (written > 0 || ticked > 0) {
                idleRequeues = null;
                continue;
            }
            Optional<Instant> next = nextEvent(last);
            List<Map.Entry<ObjectKey, Optional<Duration>>> requeues = last.stream()
                    .map(r -> Map.entry(r.key(), r.requeueAfter())).toList();
            boolean polling = requeues.equals(idleRequeues) && cluster.nextTransition().isEmpty()
                    && last.stream().allMatch(SyncResult::succeeded);
            if (next.isEmpty() || next.get().isAfter(deadline) || polling) {
                return new Settlement(round, controllerWrites, Duration.between(started, cluster.clock().instant()), last);
            }
            idleRequeues = requeues;
            cluster.advance(Duration.between(cluster.clock().instant(), next.get()));
        }
        throw new IllegalStateException("the cluster did not settle within " + maxRounds + " rounds ("
                + Duration.between(started, cluster.clock().instant()) + " of cluster time); last errors: "
                + last.stream().flatMap(r -> r.error().stream()).map(Throwable::getMessage).toList()
                + "; the latest writes, which kept it moving (a pod that keeps failing is replaced for ever):\n"
                + latestWrites(SHOWN_WRITES));
    }

    private String latestWrites(int n) {
        List<WriteRecord> records = cluster.audit().query().records();
        return records.subList(Math.max(0, records.size() - n), records.size()).stream()
                .map(r -> "  " + r).collect(Collectors.joining("\n"));
    }

    /** The earliest of: a kubelet transition, a requeue the controller asked for, a retry of a failed sync. */
    private Optional<Instant> nextEvent(List<SyncResult> results) {
        Instant now = cluster.clock().instant();
        List<Instant> candidates = new ArrayList<>();
        cluster.nextTransition().ifPresent(candidates::add);
        for (SyncResult r : results) {
            r.requeueAfter().ifPresent(d -> candidates.add(now.plus(d)));
            if (r.error().isPresent()) {
                candidates.add(now.plus(RETRY_DELAY));
            }
        }
        return candidates.stream().min(Comparator.naturalOrder());
    }

    /** How a {@link #settle()} ended. */
    public record Settlement(int rounds, int controllerWrites, Duration elapsed, List<SyncResult> lastPass) {

        /** Whether the last pass succeeded for every set. */
        public boolean clean() {
            return lastPass.stream().allMatch(SyncResult::succeeded);
        }
    }
}
