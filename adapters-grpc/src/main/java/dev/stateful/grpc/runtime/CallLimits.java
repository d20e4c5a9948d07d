package dev.stateful.grpc.runtime;

import io.grpc.Grpc;
import io.grpc.Metadata;
import io.grpc.MethodDescriptor;
import io.grpc.ServerCall;
import io.grpc.ServerCallHandler;
import io.grpc.ServerInterceptor;
import io.grpc.Status;
import java.net.SocketAddress;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * How much one server takes on at once: unary calls and streams (server streaming, e.g.
 * {@code WatchRollout}) in flight per connection and in total, RESOURCE_EXHAUSTED beyond them; and the
 * fixed number of threads that run the calls (grpc-java's default executor grows without bound).
 *
 * @param callsPerConnection unary calls in flight on one connection
 * @param calls unary calls in flight on the server
 * @param streamsPerConnection open streams on one connection
 * @param streams open streams on the server
 * @param threads threads of the executor that runs every call
 */
public record CallLimits(int callsPerConnection, int calls, int streamsPerConnection, int streams, int threads) {

    public static final CallLimits DEFAULT = new CallLimits(100, 1000, 100, 1000, 16);

    void check() {
        if (callsPerConnection < 1 || calls < 1 || streamsPerConnection < 1 || streams < 1 || threads < 1) {
            throw new IllegalArgumentException("every call limit and the thread count must be at least 1");
        }
    }

    /** A fixed-size pool of daemon threads for the calls. */
    public ExecutorService executor() {
        AtomicInteger n = new AtomicInteger();
        return Executors.newFixedThreadPool(threads, r -> {
            Thread t = new Thread(r, "grpc-call-" + n.getAndIncrement());
            t.setDaemon(true);
            return t;
        });
    }

    /** The interceptor that counts calls and streams and refuses those over the limits; one per server. */
    public ServerInterceptor interceptor() {
        return new Counting(this);
    }

    private static final class Counting implements ServerInterceptor {
        private final CallLimits limits;
        private final AtomicInteger calls = new AtomicInteger();
        private final AtomicInteger streams = new AtomicInteger();
        private final ConcurrentHashMap<SocketAddress, AtomicInteger> callsByConnection = new ConcurrentHashMap<>();
        private final ConcurrentHashMap<SocketAddress, AtomicInteger> streamsByConnection = new ConcurrentHashMap<>();

        Counting(CallLimits limits) {
            this.limits = limits;
        }

        @Override
        public <Q, R> ServerCall.Listener<Q> interceptCall(ServerCall<Q, R> call, Metadata headers, ServerCallHandler<Q, R> next) {
            boolean unary = call.getMethodDescriptor().getType() == MethodDescriptor.MethodType.UNARY;
            AtomicInteger total = unary ? calls : streams;
            ConcurrentHashMap<SocketAddress, AtomicInteger> byConnection = unary ? callsByConnection : streamsByConnection;
            int totalLimit = unary ? limits.calls : limits.streams;
            int connectionLimit = unary ? limits.callsPerConnection : limits.streamsPerConnection;
            String what = unary ? "calls" : "streams";
            SocketAddress connection = call.getAttributes().get(Grpc.TRANSPORT_ATTR_REMOTE_ADDR);
            AtomicInteger mine = connection == null ? new AtomicInteger()
                    : byConnection.computeIfAbsent(connection, c -> new AtomicInteger());
            if (mine.incrementAndGet() > connectionLimit) {
                release(byConnection, connection, mine);
                return refuse(call, "more than " + connectionLimit + " concurrent " + what + " on one connection");
            }
            if (total.incrementAndGet() > totalLimit) {
                total.decrementAndGet();
                release(byConnection, connection, mine);
                return refuse(call, "more than " + totalLimit + " concurrent " + what + " on this server");
            }
            AtomicBoolean done = new AtomicBoolean();
            Runnable end = () -> {
                if (done.compareAndSet(false, true)) {
                    total.decrementAndGet();
                    release(byConnection, connection, mine);
                }
            };
            ServerCall.Listener<Q> listener;
            try {
                listener = next.startCall(call, headers);
            } catch (RuntimeException | Error e) {
                end.run();
                throw e;
            }
            return new io.grpc.ForwardingServerCallListener.SimpleForwardingServerCallListener<>(listener) {
                @Override
                public void onComplete() {
                    end.run();
                    super.onComplete();
                }

                @Override
                public void onCancel() {
                    end.run();
                    super.onCancel();
                }
            };
        }

        private static void release(ConcurrentHashMap<SocketAddress, AtomicInteger> byConnection, SocketAddress connection,
                                    AtomicInteger mine) {
            if (mine.decrementAndGet() == 0 && connection != null) {
                byConnection.remove(connection, mine);
            }
        }

        private static <Q, R> ServerCall.Listener<Q> refuse(ServerCall<Q, R> call, String why) {
            call.close(Status.RESOURCE_EXHAUSTED.withDescription(why + "; try again later"), new Metadata());
            return new ServerCall.Listener<>() { };
        }
    }
}
