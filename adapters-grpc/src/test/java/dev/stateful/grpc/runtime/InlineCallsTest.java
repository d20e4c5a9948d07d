package dev.stateful.grpc.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stateful.grpc.v1.StatefulSetServiceGrpc;
import io.grpc.Attributes;
import io.grpc.Context;
import io.grpc.Metadata;
import io.grpc.MethodDescriptor;
import io.grpc.ServerCall;
import io.grpc.ServerStreamTracer;
import io.grpc.Status;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/** Which calls the Netty server runs on its transport thread, and which it hands to its call pool. */
class InlineCallsTest {

    private static final MethodDescriptor<?, ?>[] PURE = {StatefulSetServiceGrpc.getPlanMethod(), StatefulSetServiceGrpc.getValidateMethod()};

    /** Keeps what it is given, to show that a task went to the pool without running it. */
    private final List<Runnable> pool = new ArrayList<>();
    private final InlineCalls inline = new InlineCalls(pool::add);

    /** The executor the server gets for {@code method}, asked as ServerImpl asks: in the context the call's tracer made. */
    private Executor executor(MethodDescriptor<?, ?> method, ServerStreamTracer tracer) throws Exception {
        return tracer.filterContext(Context.ROOT).call(() -> inline.getExecutor(new FakeCall<>(method), new Metadata()));
    }

    @Test
    void planAndValidateRunOnTheThreadThatReceivedThemWhileTheirRequestIsSmall() throws Exception {
        for (MethodDescriptor<?, ?> pure : PURE) {
            ServerStreamTracer tracer = inline.newServerStreamTracer(pure.getFullMethodName(), new Metadata());
            Executor executor = executor(pure, tracer);
            tracer.inboundWireSize(InlineCalls.LARGE - 1);
            AtomicReference<Thread> ranOn = new AtomicReference<>();
            executor.execute(() -> ranOn.set(Thread.currentThread()));
            assertThat(ranOn.get()).as(pure.getFullMethodName()).isSameAs(Thread.currentThread());
        }
        assertThat(pool).isEmpty();
    }

    @Test
    void onceTheRequestIsLargeTheRestOfTheCallGoesToThePool() throws Exception {
        for (MethodDescriptor<?, ?> pure : PURE) {
            ServerStreamTracer tracer = inline.newServerStreamTracer(pure.getFullMethodName(), new Metadata());
            Executor executor = executor(pure, tracer);
            List<String> ran = new ArrayList<>();
            executor.execute(() -> ran.add("small so far"));
            tracer.inboundWireSize(InlineCalls.LARGE - 10);
            tracer.inboundWireSize(10);
            Runnable afterLarge = () -> ran.add("large");
            executor.execute(afterLarge);

            assertThat(ran).containsExactly("small so far");
            assertThat(pool).as(pure.getFullMethodName()).containsExactly(afterLarge);
            pool.clear();
        }
    }

    @Test
    void aCompressedRequestGoesToThePoolFromTheStartAsItsSizeIsKnownOnlyOnceDecompressed() throws Exception {
        Metadata gzip = new Metadata();
        gzip.put(Metadata.Key.of("grpc-encoding", Metadata.ASCII_STRING_MARSHALLER), "gzip");
        for (MethodDescriptor<?, ?> pure : PURE) {
            Executor executor = executor(pure, inline.newServerStreamTracer(pure.getFullMethodName(), gzip));
            Runnable task = () -> { };
            executor.execute(task);
            assertThat(pool).as(pure.getFullMethodName()).containsExactly(task);
            pool.clear();
        }
    }

    @Test
    void callsThatTouchTheClusterOrStreamGoToThePool() throws Exception {
        for (MethodDescriptor<?, ?> other : new MethodDescriptor<?, ?>[] {StatefulSetServiceGrpc.getApplyMethod(),
                StatefulSetServiceGrpc.getScaleMethod(), StatefulSetServiceGrpc.getListStatefulSetsMethod(),
                StatefulSetServiceGrpc.getWatchRolloutMethod()}) {
            Executor executor = executor(other, inline.newServerStreamTracer(other.getFullMethodName(), new Metadata()));
            Runnable task = () -> { };
            executor.execute(task);
            assertThat(pool).as(other.getFullMethodName()).containsExactly(task);
            pool.clear();
        }
    }

    /** Only the method descriptor is read. */
    private static final class FakeCall<ReqT, RespT> extends ServerCall<ReqT, RespT> {
        private final MethodDescriptor<ReqT, RespT> method;

        FakeCall(MethodDescriptor<ReqT, RespT> method) {
            this.method = method;
        }

        @Override
        public MethodDescriptor<ReqT, RespT> getMethodDescriptor() {
            return method;
        }

        @Override
        public void request(int numMessages) {
        }

        @Override
        public void sendHeaders(Metadata headers) {
        }

        @Override
        public void sendMessage(RespT message) {
        }

        @Override
        public void close(Status status, Metadata trailers) {
        }

        @Override
        public boolean isCancelled() {
            return false;
        }

        @Override
        public Attributes getAttributes() {
            return Attributes.EMPTY;
        }
    }
}
