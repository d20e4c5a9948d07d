package dev.stateful.grpc.runtime;

import dev.stateful.grpc.v1.StatefulSetServiceGrpc;
import io.grpc.Context;
import io.grpc.Metadata;
import io.grpc.ServerCall;
import io.grpc.ServerCallExecutorSupplier;
import io.grpc.ServerStreamTracer;
import java.util.Set;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Which calls run on the transport's own thread instead of the server's call pool: {@code Plan} and
 * {@code Validate}, unary and pure (no I/O, no lock, nothing that waits), while their request is small,
 * where the hand-off to another thread and back costs more than the work on a loaded machine. Every
 * other call (reads and writes of the cluster, streams) goes to the pool.
 *
 * <p>The executor is chosen when the headers arrive, before the request's size is known, and a request
 * of a few MB (a set with tens of thousands of revisions) is planned for a few hundred milliseconds,
 * during which every other call on that event loop (health checks, other connections) would wait. So a
 * pure call's executor is its own {@link Received}: it counts the request's bytes as this class's stream
 * tracer sees them arrive, and runs the call's tasks inline until {@value #LARGE} bytes have arrived, on
 * the pool from then on. A unary request is read whole before grpc-java's {@code ServerImpl} hands it on,
 * and {@code ServerCallImpl} parses it in the same task as {@code onHalfClose}, where the unary handler
 * calls the service: so parsing and planning a large request both run on the pool. {@code ServerImpl}
 * wraps the executor in a {@code SerializingExecutor}, so the call's tasks keep their order and never
 * overlap across the switch, and every interceptor's listener (the call limits' count too) runs in the
 * same task as before. A compressed request's size is known only as that task decompresses it, so a
 * compressed pure call runs on the pool from the start.
 * Installed as both the server's {@code callExecutor} and a stream tracer factory.
 */
final class InlineCalls extends ServerStreamTracer.Factory implements ServerCallExecutorSupplier {

    /**
     * A request this large goes to the pool. The hand-off costs two thread wake-ups whatever the size,
     * while the work grows with it: the 100 typed pods of the gRPC plan benchmark in docs/benchmarks.md (46.5 KB, 0.4 ms a call at p50)
     * stay inline, where the wake-ups would be a good part of the call; the same pods as JSON (165 KB,
     * 1.45 ms a call) go to the pool, where they are a small part of it. No call holds the event loop for
     * much more than a millisecond, instead of the hundreds a request of several MB takes.
     */
    static final int LARGE = 64 * 1024;

    static final Set<String> PURE_UNARY = Set.of(
            StatefulSetServiceGrpc.getPlanMethod().getFullMethodName(),
            StatefulSetServiceGrpc.getValidateMethod().getFullMethodName());

    private static final Metadata.Key<String> ENCODING = Metadata.Key.of("grpc-encoding", Metadata.ASCII_STRING_MARSHALLER);
    private static final Context.Key<Received> RECEIVED = Context.key("stateful-inline-call");
    private static final ServerStreamTracer NOT_INLINE = new ServerStreamTracer() {
    };

    private final Executor pool;

    /** @param pool the server's call executor */
    InlineCalls(Executor pool) {
        this.pool = pool;
    }

    @Override
    public ServerStreamTracer newServerStreamTracer(String fullMethodName, Metadata headers) {
        String encoding = headers.get(ENCODING);
        boolean plain = encoding == null || encoding.equals("identity");
        return plain && PURE_UNARY.contains(fullMethodName) ? new Received() : NOT_INLINE;
    }

    @Override
    public <ReqT, RespT> Executor getExecutor(ServerCall<ReqT, RespT> call, Metadata metadata) {
        // ServerImpl asks in the call's context, which the tracer of a plain pure call filtered
        Received received = RECEIVED.get();
        return received != null ? received : pool;
    }

    /** One pure call's request bytes so far, and its executor. */
    private final class Received extends ServerStreamTracer implements Executor {
        private final AtomicLong bytes = new AtomicLong();

        @Override
        public Context filterContext(Context context) {
            return context.withValue(RECEIVED, this);
        }

        @Override
        public void inboundWireSize(long more) {
            bytes.addAndGet(more);
        }

        @Override
        public void execute(Runnable task) {
            if (bytes.get() >= LARGE) {
                pool.execute(task);
            } else {
                task.run();
            }
        }
    }
}
