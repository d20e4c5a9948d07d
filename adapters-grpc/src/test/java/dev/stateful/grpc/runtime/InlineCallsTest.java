package dev.stateful.grpc.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stateful.grpc.v1.StatefulSetServiceGrpc;
import io.grpc.Attributes;
import io.grpc.Metadata;
import io.grpc.MethodDescriptor;
import io.grpc.ServerCall;
import io.grpc.Status;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/** Which calls the Netty server runs on its transport thread, and which it hands to its executor. */
class InlineCallsTest {

    private final InlineCalls inline = new InlineCalls();

    @Test
    void planAndValidateRunOnTheThreadThatReceivedThem() {
        for (MethodDescriptor<?, ?> pure : new MethodDescriptor<?, ?>[] {StatefulSetServiceGrpc.getPlanMethod(),
                StatefulSetServiceGrpc.getValidateMethod()}) {
            Executor executor = inline.getExecutor(new FakeCall<>(pure), new Metadata());
            AtomicReference<Thread> ranOn = new AtomicReference<>();
            executor.execute(() -> ranOn.set(Thread.currentThread()));
            assertThat(ranOn.get()).as(pure.getFullMethodName()).isSameAs(Thread.currentThread());
        }
    }

    @Test
    void callsThatTouchTheClusterOrStreamGoToTheServersExecutor() {
        for (MethodDescriptor<?, ?> other : new MethodDescriptor<?, ?>[] {StatefulSetServiceGrpc.getApplyMethod(),
                StatefulSetServiceGrpc.getScaleMethod(), StatefulSetServiceGrpc.getListStatefulSetsMethod(),
                StatefulSetServiceGrpc.getWatchRolloutMethod()}) {
            assertThat(inline.getExecutor(new FakeCall<>(other), new Metadata())).as(other.getFullMethodName()).isNull();
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
