package dev.stateful.grpc.remote.server;

import dev.stateful.domain.model.ObjectKey;
import dev.stateful.domain.model.Pod;
import dev.stateful.domain.model.StatefulSet;
import dev.stateful.grpc.convert.KubeObjects;
import dev.stateful.grpc.remote.UndecodableSets;
import dev.stateful.grpc.v1.ClusterChange;
import dev.stateful.grpc.v1.ClusterEventsServiceGrpc;
import dev.stateful.grpc.v1.PodChanged;
import dev.stateful.grpc.v1.StatefulSetChanged;
import dev.stateful.grpc.v1.StatefulSetUndecodable;
import dev.stateful.grpc.v1.WatchClusterRequest;
import dev.stateful.ports.ClusterEvents;
import dev.stateful.ports.ClusterReader;
import dev.stateful.ports.StatefulSetList;
import dev.stateful.ports.UndecodableSet;
import io.grpc.Status;
import io.grpc.stub.ServerCallStreamObserver;
import io.grpc.stub.StreamObserver;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@code ClusterEventsService} over {@link ClusterEvents} and {@link ClusterReader}, informer style:
 * subscribe first (holding changes back), wait for the local caches, list, send CachesSynced, then
 * stream. A change seen both in the list and live is sent twice, which only costs a sync.
 */
final class ClusterEventsEndpoint extends ClusterEventsServiceGrpc.ClusterEventsServiceImplBase {

    private static final Logger LOG = LoggerFactory.getLogger(ClusterEventsEndpoint.class);
    private static final long SYNC_POLL_MILLIS = 50;

    private final ClusterEvents events;
    private final ClusterReader reader;
    private final ScheduledExecutorService executor;

    ClusterEventsEndpoint(ClusterEvents events, ClusterReader reader, ScheduledExecutorService executor) {
        this.events = events;
        this.reader = reader;
        this.executor = executor;
    }

    @Override
    public void watchCluster(WatchClusterRequest request, StreamObserver<ClusterChange> responseObserver) {
        ServerCallStreamObserver<ClusterChange> out = (ServerCallStreamObserver<ClusterChange>) responseObserver;
        String namespace = request.getNamespace();
        ChangeStream stream = new ChangeStream(out, executor);
        AutoCloseable subscription = events.subscribe(new ClusterEvents.Handler() {
            @Override
            public void statefulSetChanged(StatefulSet oldSet, StatefulSet newSet) {
                StatefulSet any = newSet != null ? newSet : oldSet;
                if (any != null && inScope(namespace, any.namespace())) {
                    stream.live(() -> setChange(oldSet, newSet));
                }
            }

            @Override
            public void statefulSetUndecodable(ObjectKey key) {
                if (inScope(namespace, key.namespace())) {
                    stream.live(() -> undecodableChange(key));
                }
            }

            @Override
            public void podChanged(Pod oldPod, Pod newPod) {
                Pod any = newPod != null ? newPod : oldPod;
                if (any != null && inScope(namespace, any.namespace())) {
                    stream.live(() -> podChange(oldPod, newPod));
                }
            }
        });
        ScheduledFuture<?>[] lister = new ScheduledFuture<?>[1];
        out.setOnCancelHandler(() -> {
            stream.close();
            close(subscription);
            if (lister[0] != null) {
                lister[0].cancel(false);
            }
        });
        lister[0] = executor.scheduleWithFixedDelay(() -> {
            if (out.isCancelled()) {
                throw new ListedOnce();
            }
            if (!events.hasSynced()) {
                return;
            }
            try {
                stream.listed(initialList(namespace));
            } catch (RuntimeException e) {
                stream.close();
                close(subscription);
                out.onError(Status.UNAVAILABLE.withDescription("could not list the cluster: " + e.getMessage()).asRuntimeException());
            }
            throw new ListedOnce();
        }, 0, SYNC_POLL_MILLIS, TimeUnit.MILLISECONDS);
    }

    /**
     * Every set and pod the caches hold, as each is now: a set whose latest state could not be
     * decoded as such, not as the last state of it that was (which {@link ClusterReader#statefulSets}
     * lists), as an informer's list hands its handlers the latest state of each object. The sets are
     * of one read ({@link ClusterReader#statefulSetList}), so each is listed once, as it was then.
     */
    private List<Supplier<ClusterChange>> initialList(String namespace) {
        List<Supplier<ClusterChange>> out = new ArrayList<>();
        StatefulSetList sets = reader.statefulSetList(namespace);
        Set<ObjectKey> undecodableKeys = sets.undecodable().stream().map(u -> ObjectKey.of(u.metadata())).collect(Collectors.toSet());
        sets.decoded().stream().filter(s -> !undecodableKeys.contains(s.key())).forEach(s -> out.add(() -> setChange(null, s)));
        sets.undecodable().forEach(u -> out.add(() -> undecodableChange(u)));
        reader.pods(namespace).forEach(p -> out.add(() -> podChange(null, p)));
        return out;
    }

    /**
     * The set's undecodable state as the caches hold it when the change is sent; none left (it was
     * deleted, or a state that decodes replaced it, whose own change follows) reads as deleted.
     */
    private ClusterChange undecodableChange(ObjectKey key) {
        return reader.undecodableStatefulSet(key).map(ClusterEventsEndpoint::undecodableChange)
                .orElseGet(() -> ClusterChange.newBuilder().setUndecodableStatefulSet(StatefulSetUndecodable.newBuilder()
                        .setStatefulSet(UndecodableSets.of(key)).setDeleted(true)).build());
    }

    private static ClusterChange undecodableChange(UndecodableSet set) {
        return ClusterChange.newBuilder().setUndecodableStatefulSet(StatefulSetUndecodable.newBuilder()
                .setStatefulSet(UndecodableSets.of(set))).build();
    }

    private static boolean inScope(String wanted, String namespace) {
        return wanted.isEmpty() || wanted.equals(namespace);
    }

    private static ClusterChange setChange(StatefulSet oldSet, StatefulSet newSet) {
        StatefulSetChanged.Builder change = StatefulSetChanged.newBuilder();
        if (oldSet != null) {
            change.setOldObject(KubeObjects.of(oldSet));
        }
        if (newSet != null) {
            change.setNewObject(KubeObjects.of(newSet));
        }
        return ClusterChange.newBuilder().setStatefulSet(change).build();
    }

    private static ClusterChange podChange(Pod oldPod, Pod newPod) {
        PodChanged.Builder change = PodChanged.newBuilder();
        if (oldPod != null) {
            change.setOldObject(KubeObjects.of(oldPod));
        }
        if (newPod != null) {
            change.setNewObject(KubeObjects.of(newPod));
        }
        return ClusterChange.newBuilder().setPod(change).build();
    }

    private static void close(AutoCloseable subscription) {
        try {
            subscription.close();
        } catch (Exception e) {
            LOG.debug("could not unsubscribe a cluster watch", e);
        }
    }

    /** Ends the periodic "synced yet?" check once the list was sent (or the call is gone). */
    private static final class ListedOnce extends RuntimeException {
        ListedOnce() {
            super(null, null, false, false);
        }
    }
}
