package dev.stateful.bench.grpc;

import io.grpc.CallOptions;
import io.grpc.ManagedChannel;
import io.grpc.Server;
import io.grpc.ServerServiceDefinition;
import io.grpc.inprocess.InProcessChannelBuilder;
import io.grpc.inprocess.InProcessServerBuilder;
import io.grpc.netty.NettyServerBuilder;
import io.grpc.stub.ClientCalls;
import io.grpc.stub.ServerCalls;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;

/**
 * The transport's floor beside {@link GrpcFigure}'s {@code Plan} rows (docs/benchmarks.md, 5i/5j): a
 * unary call with an empty request and an empty answer, on a bare grpc-java server (no interceptors, the
 * method run on the transport thread as Plan is), over loopback Netty and in process. What a Netty call costs however little the server does: the
 * part of {@code Plan}'s time over Netty that no work on the server's side can remove.
 */
final class EmptyCallFloor implements AutoCloseable {

    private static final byte[] NOTHING = new byte[0];

    private final Server netty;
    private final Server inProcess;
    private final ManagedChannel nettyChannel;
    private final ManagedChannel inProcessChannel;

    /** @param channelTo the client channel to a loopback port, configured as the figure's Plan channel is */
    EmptyCallFloor(Function<Integer, ManagedChannel> channelTo) throws IOException {
        ServerServiceDefinition service = ServerServiceDefinition.builder("bench.Floor")
                .addMethod(RawMethods.EMPTY, ServerCalls.asyncUnaryCall((request, out) -> {
                    out.onNext(NOTHING);
                    out.onCompleted();
                })).build();
        netty = NettyServerBuilder.forAddress(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0))
                .directExecutor().addService(service).build().start();
        String name = InProcessServerBuilder.generateName();
        inProcess = InProcessServerBuilder.forName(name).directExecutor().addService(service).build().start();
        nettyChannel = channelTo.apply(netty.getPort());
        inProcessChannel = InProcessChannelBuilder.forName(name).directExecutor().build();
    }

    Runnable overNetty() {
        return () -> ClientCalls.blockingUnaryCall(nettyChannel, RawMethods.EMPTY, CallOptions.DEFAULT, NOTHING);
    }

    Runnable inProcess() {
        return () -> ClientCalls.blockingUnaryCall(inProcessChannel, RawMethods.EMPTY, CallOptions.DEFAULT, NOTHING);
    }

    @Override
    public void close() throws InterruptedException {
        nettyChannel.shutdownNow();
        inProcessChannel.shutdownNow();
        netty.shutdownNow();
        inProcess.shutdownNow();
        netty.awaitTermination(5, TimeUnit.SECONDS);
        inProcess.awaitTermination(5, TimeUnit.SECONDS);
    }
}
