package dev.stateful.grpc.remote.server;

import dev.stateful.grpc.v1.CachesSynced;
import dev.stateful.grpc.v1.ClusterChange;
import io.grpc.stub.ServerCallStreamObserver;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.Executor;
import java.util.function.Supplier;

/**
 * The sending side of one WatchCluster stream, in order: the initial list, then CachesSynced, then
 * the live changes that arrived meanwhile and after. Notifiers only enqueue (they may hold the
 * cluster's lock); one drain task at a time encodes and sends.
 */
final class ChangeStream {

    private final ServerCallStreamObserver<ClusterChange> out;
    private final Executor executor;
    private final Deque<Supplier<ClusterChange>> queue = new ArrayDeque<>();
    private final List<Supplier<ClusterChange>> early = new ArrayList<>();
    private boolean listed;
    private boolean draining;
    private boolean closed;

    ChangeStream(ServerCallStreamObserver<ClusterChange> out, Executor executor) {
        this.out = out;
        this.executor = executor;
    }

    /** A change seen live; held back until the initial list has been queued. */
    synchronized void live(Supplier<ClusterChange> change) {
        if (closed) {
            return;
        }
        if (listed) {
            enqueue(change);
        } else {
            early.add(change);
        }
    }

    /** The initial list, then CachesSynced, then the changes seen while listing. */
    synchronized void listed(List<Supplier<ClusterChange>> initial) {
        initial.forEach(this::enqueue);
        enqueue(() -> ClusterChange.newBuilder().setSynced(CachesSynced.getDefaultInstance()).build());
        early.forEach(this::enqueue);
        early.clear();
        listed = true;
    }

    synchronized void close() {
        closed = true;
        queue.clear();
        early.clear();
    }

    private void enqueue(Supplier<ClusterChange> change) {
        if (closed) {
            return;
        }
        queue.addLast(change);
        if (!draining) {
            draining = true;
            executor.execute(this::drain);
        }
    }

    private void drain() {
        while (true) {
            Supplier<ClusterChange> next;
            synchronized (this) {
                next = queue.pollFirst();
                if (next == null || closed) {
                    draining = false;
                    return;
                }
            }
            try {
                out.onNext(next.get());
            } catch (RuntimeException e) {
                // the call is gone (cancelled, deadline): stop sending
                close();
                return;
            }
        }
    }
}
