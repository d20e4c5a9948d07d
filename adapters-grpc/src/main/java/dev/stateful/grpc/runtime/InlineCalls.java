package dev.stateful.grpc.runtime;

import dev.stateful.grpc.v1.StatefulSetServiceGrpc;
import io.grpc.Metadata;
import io.grpc.ServerCall;
import io.grpc.ServerCallExecutorSupplier;
import java.util.Set;
import java.util.concurrent.Executor;

/**
 * Which calls run on the transport's own thread instead of being handed to the server's executor:
 * {@code Plan} and {@code Validate}, unary and pure (no I/O, no lock, nothing that waits), where the
 * hand-off to another thread and back costs more than the work on a loaded machine. Every other call
 * (reads and writes of the cluster, streams) goes to the server's executor as before, whatever
 * executor that is. A pure call's time is bounded by the request size limit.
 */
final class InlineCalls implements ServerCallExecutorSupplier {

    private static final Executor ON_TRANSPORT_THREAD = Runnable::run;

    static final Set<String> PURE_UNARY = Set.of(
            StatefulSetServiceGrpc.getPlanMethod().getFullMethodName(),
            StatefulSetServiceGrpc.getValidateMethod().getFullMethodName());

    @Override
    public <ReqT, RespT> Executor getExecutor(ServerCall<ReqT, RespT> call, Metadata metadata) {
        // null: the server's executor
        return PURE_UNARY.contains(call.getMethodDescriptor().getFullMethodName()) ? ON_TRANSPORT_THREAD : null;
    }
}
