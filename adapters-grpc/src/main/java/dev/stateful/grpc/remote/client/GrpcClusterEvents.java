package dev.stateful.grpc.remote.client;

import dev.stateful.domain.model.ObjectKey;
import dev.stateful.domain.model.Pod;
import dev.stateful.domain.model.StatefulSet;
import dev.stateful.grpc.v1.ClusterChange;
import dev.stateful.grpc.v1.ClusterEventsServiceGrpc.ClusterEventsServiceStub;
import dev.stateful.grpc.remote.UndecodableSets;
import dev.stateful.grpc.v1.KubeObject;
import dev.stateful.grpc.v1.StatefulSetChanged;
import dev.stateful.grpc.v1.StatefulSetUndecodable;
import dev.stateful.grpc.v1.WatchClusterRequest;
import dev.stateful.ports.ClusterEvents;
import dev.stateful.ports.StatefulSetRead;
import io.grpc.Status;
import io.grpc.stub.ClientCallStreamObserver;
import io.grpc.stub.ClientResponseObserver;
import java.time.Duration;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@link ClusterEvents} from a remote {@code WatchCluster} stream, opened on the first subscription.
 * When the stream breaks it reconnects with backoff; the remote then lists everything again, which
 * handlers see as updates of the objects reported before and additions of the others (as an
 * informer's relist), and at the new stream's CachesSynced every object reported before that the
 * new list lacks is reported deleted, once ({@link KnownObjects}). Synced once the remote has sent its first CachesSynced.
 * A set whose latest state the remote could not decode is reported by its key alone
 * ({@link ClusterEvents.Handler#statefulSetUndecodable}), as the remote's own handlers heard of it, and
 * so is one whose JSON the remote sent but the codec here refuses.
 */
final class GrpcClusterEvents implements ClusterEvents, AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(GrpcClusterEvents.class);
    private static final Duration FIRST_RETRY = Duration.ofMillis(100);
    private static final Duration MAX_RETRY = Duration.ofSeconds(5);

    private final ClusterEventsServiceStub stub;
    private final String namespace;
    private final List<Handler> handlers = new CopyOnWriteArrayList<>();
    private final KnownObjects<StatefulSet> sets = new KnownObjects<>(StatefulSet::key);
    private final KnownObjects<Pod> pods = new KnownObjects<>(p -> ObjectKey.of(p.metadata()));
    private final ScheduledExecutorService reconnects = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "remote-ports-watch");
        t.setDaemon(true);
        return t;
    });
    /** Codes of a broken watch that retrying alone does not mend: no such service, a caller the server does not accept. */
    private static final Set<Status.Code> REFUSALS = EnumSet.of(Status.Code.UNIMPLEMENTED, Status.Code.UNAUTHENTICATED,
            Status.Code.PERMISSION_DENIED);

    private volatile boolean synced;
    /** The status the last attempt was refused with, while it is one of {@link #REFUSALS}; null once the stream delivers. */
    private volatile Status refusal;
    private volatile boolean closed;
    private boolean started;
    private ClientCallStreamObserver<WatchClusterRequest> call;
    private Duration nextRetry = FIRST_RETRY;

    private final Runnable reconnectNow;

    GrpcClusterEvents(ClusterEventsServiceStub stub, String namespace, Runnable reconnectNow) {
        this.stub = stub;
        this.namespace = namespace;
        this.reconnectNow = reconnectNow;
    }

    @Override
    public AutoCloseable subscribe(Handler handler) {
        handlers.add(handler);
        synchronized (this) {
            if (!started) {
                started = true;
                connect();
            }
        }
        return () -> handlers.remove(handler);
    }

    @Override
    public boolean hasSynced() {
        return synced;
    }

    private synchronized void connect() {
        if (closed) {
            return;
        }
        reconnectNow.run();
        sets.relisting();
        pods.relisting();
        stub.watchCluster(WatchClusterRequest.newBuilder().setNamespace(namespace).build(), new ClientResponseObserver<WatchClusterRequest, ClusterChange>() {
            @Override
            public void beforeStart(ClientCallStreamObserver<WatchClusterRequest> requestStream) {
                call = requestStream;
            }

            @Override
            public void onNext(ClusterChange change) {
                refusal = null;
                deliver(change);
            }

            @Override
            public void onError(Throwable t) {
                Status status = Status.fromThrowable(t);
                refusal = REFUSALS.contains(status.getCode()) ? status : null;
                reconnectLater("broke: " + t.getMessage());
            }

            @Override
            public void onCompleted() {
                reconnectLater("was closed by the remote");
            }
        });
    }

    /**
     * Why the remote refuses the watch, while it does so in a way that retrying alone does not mend
     * (it does not serve the remote ports, or does not accept the caller's token or identity): the
     * engine keeps retrying, and this lets it tell the person running it.
     */
    Optional<Status> refusal() {
        return Optional.ofNullable(refusal);
    }

    private void deliver(ClusterChange change) {
        try {
            switch (change.getChangeCase()) {
                case SYNCED -> {
                    sets.synced(this::deliverSet, this::deliverUndecodable);
                    pods.synced(this::deliverPod);
                    synced = true;
                    synchronized (this) {
                        nextRetry = FIRST_RETRY;
                    }
                }
                case STATEFUL_SET -> setChanged(change.getStatefulSet());
                case UNDECODABLE_STATEFUL_SET -> {
                    StatefulSetUndecodable undecodable = change.getUndecodableStatefulSet();
                    sets.undecodable(UndecodableSets.key(undecodable.getStatefulSet()), !undecodable.getDeleted(), this::deliverUndecodable);
                }
                case POD -> {
                    Pod before = decode(change.getPod().hasOldObject(), change.getPod().getOldObject(), Replies::pod);
                    Pod after = decode(change.getPod().hasNewObject(), change.getPod().getNewObject(), Replies::pod);
                    pods.changed(before, after, this::deliverPod);
                }
                default -> LOG.debug("ignoring an unknown cluster change {}", change.getChangeCase());
            }
        } catch (RuntimeException e) {
            LOG.warn("could not deliver a cluster change: {}", e.getMessage());
        }
    }

    /**
     * A set whose latest state (the new one, or the deleted one) the codec here refuses is reported
     * as one the remote could not decode ({@link Replies#statefulSetOrUndecodable}), as fabric8's
     * {@code ClusterCache} reports a set whose latest state its informer could not decode; an older
     * state that does not decode arrives as none.
     */
    private void setChanged(StatefulSetChanged change) {
        StatefulSetRead before = change.hasOldObject() ? Replies.statefulSetOrUndecodable(change.getOldObject(), null) : null;
        StatefulSetRead after = change.hasNewObject() ? Replies.statefulSetOrUndecodable(change.getNewObject(), null) : null;
        StatefulSetRead latest = after != null ? after : before;
        if (latest == null) {
            return;
        }
        if (latest.undecodable().isPresent()) {
            sets.undecodable(ObjectKey.of(latest.undecodable().get().metadata()), after != null, this::deliverUndecodable);
        } else {
            sets.changed(before == null ? null : before.decoded().orElse(null), after == null ? null : after.decoded().orElse(null), this::deliverSet);
        }
    }

    private void deliverSet(StatefulSet before, StatefulSet after) {
        handlers.forEach(h -> toHandler(() -> h.statefulSetChanged(before, after)));
    }

    private void deliverUndecodable(ObjectKey key) {
        handlers.forEach(h -> toHandler(() -> h.statefulSetUndecodable(key)));
    }

    private void deliverPod(Pod before, Pod after) {
        handlers.forEach(h -> toHandler(() -> h.podChanged(before, after)));
    }

    /** A failing handler is logged: it must not keep the change from the others, nor a relist's other deletions from anyone. */
    private static void toHandler(Runnable call) {
        try {
            call.run();
        } catch (RuntimeException e) {
            LOG.warn("a cluster event handler failed: {}", e.toString());
        }
    }

    private static <T> T decode(boolean present, KubeObject object, Function<KubeObject, T> decoder) {
        return present ? decoder.apply(object) : null;
    }

    private synchronized void reconnectLater(String why) {
        if (closed) {
            return;
        }
        Duration delay = nextRetry;
        nextRetry = nextRetry.multipliedBy(2).compareTo(MAX_RETRY) > 0 ? MAX_RETRY : nextRetry.multipliedBy(2);
        LOG.info("the remote cluster watch {}; reconnecting in {} ms", why, delay.toMillis());
        reconnects.schedule(this::connect, delay.toMillis(), TimeUnit.MILLISECONDS);
    }

    @Override
    public synchronized void close() {
        closed = true;
        if (call != null) {
            call.cancel("closed", null);
        }
        reconnects.shutdownNow();
    }
}
