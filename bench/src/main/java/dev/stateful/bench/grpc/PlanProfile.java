package dev.stateful.bench.grpc;

import com.sun.management.ThreadMXBean;
import dev.stateful.bench.planner.PlannerStates;
import dev.stateful.domain.sync.Snapshot;
import dev.stateful.grpc.runtime.ClientSettings;
import dev.stateful.grpc.runtime.GrpcServer;
import dev.stateful.grpc.runtime.ServerAssembly;
import dev.stateful.grpc.runtime.ServerSettings;
import dev.stateful.grpc.server.ManifestSink;
import dev.stateful.grpc.server.PortsSetBackend;
import dev.stateful.grpc.server.StatefulSetServiceImpl;
import dev.stateful.grpc.v1.PlanRequest;
import dev.stateful.grpc.v1.StatefulSetServiceGrpc;
import dev.stateful.inmemory.InMemoryCluster;
import io.grpc.BindableService;
import io.grpc.ManagedChannel;
import io.grpc.Server;
import io.grpc.inprocess.InProcessChannelBuilder;
import io.grpc.inprocess.InProcessServerBuilder;
import io.grpc.netty.NettyChannelBuilder;
import io.grpc.protobuf.services.HealthStatusManager;
import java.lang.management.ManagementFactory;
import java.time.Clock;
import java.util.List;
import java.util.concurrent.Executors;

/**
 * Not a benchmark: figure 5's typed 100-pod {@code Plan} in process (direct executor, so the whole
 * call runs on the calling thread), or over loopback Netty with {@code netty} as the fourth argument,
 * in a loop, for a profiler to watch; prints the time, CPU and bytes allocated per call (all Java threads).
 * <pre>
 * java -XX:StartFlightRecording=filename=grpc-plan.jfr,settings=profile -cp bench/target/bench.jar \
 *     dev.stateful.bench.grpc.PlanProfile 100 20 typed netty
 * jfr print --events jdk.ExecutionSample grpc-plan.jfr
 * </pre>
 */
public final class PlanProfile {

    private PlanProfile() {
    }

    public static void main(String[] args) throws Exception {
        int pods = args.length > 0 ? Integer.parseInt(args[0]) : 100;
        long seconds = args.length > 1 ? Long.parseLong(args[1]) : 20;
        boolean json = args.length > 2 && args[2].equals("json");
        boolean overNetty = args.length > 3 && args[3].equals("netty");
        Snapshot snapshot = PlannerStates.build(pods).steady();
        PlanRequest request = json ? GrpcFigure.request(snapshot) : GrpcFigure.typedRequest(snapshot);
        InMemoryCluster cluster = InMemoryCluster.builder().build();
        List<BindableService> services = List.of(new StatefulSetServiceImpl(
                new PortsSetBackend(cluster.reader(), cluster.clusterEvents(), cluster.user().statefulSets()::update,
                        ManifestSink.UNSUPPORTED, cluster.clock()),
                Executors.newSingleThreadScheduledExecutor(), Clock.systemUTC()));
        String name = InProcessServerBuilder.generateName();
        InProcessServerBuilder builder = InProcessServerBuilder.forName(name).directExecutor();
        ServerAssembly.configure(builder, ServerSettings.loopback(0), services, new HealthStatusManager());
        Server server = builder.build().start();
        GrpcServer netty = overNetty ? GrpcServer.start(ServerSettings.loopback(0), services, () -> true) : null;
        ManagedChannel channel = overNetty
                ? NettyChannelBuilder.forAddress("127.0.0.1", netty.port()).usePlaintext()
                        .maxInboundMessageSize(ClientSettings.DEFAULT_MAX_INBOUND_MESSAGE_BYTES).build()
                : InProcessChannelBuilder.forName(name).directExecutor().build();
        StatefulSetServiceGrpc.StatefulSetServiceBlockingStub stub = StatefulSetServiceGrpc.newBlockingStub(channel);
        ThreadMXBean threads = (ThreadMXBean) ManagementFactory.getThreadMXBean();
        long end = System.nanoTime() + seconds * 1_000_000_000L;
        long warm = System.nanoTime() + Math.min(seconds / 4, 5) * 1_000_000_000L;
        while (System.nanoTime() < warm) {
            stub.plan(request);
        }
        long calls = 0;
        long start = System.nanoTime();
        long cpu0 = cpu(threads);
        long bytes0 = allocated(threads);
        while (System.nanoTime() < end) {
            stub.plan(request);
            calls++;
        }
        long bytes = allocated(threads) - bytes0;
        long cpu = cpu(threads) - cpu0;
        System.out.printf("%d calls (%d B request): %.1f µs each, %.1f µs CPU, %d B allocated per call%n", calls,
                request.getSerializedSize(), (System.nanoTime() - start) / 1e3 / calls, cpu / 1e3 / calls, bytes / calls);
        channel.shutdownNow();
        server.shutdownNow();
        System.exit(0);
    }

    /** CPU time of every live thread (caller, event loops, GC and compiler threads are not Java threads, so not counted). */
    private static long cpu(ThreadMXBean threads) {
        long sum = 0;
        for (long t : threads.getThreadCpuTime(threads.getAllThreadIds())) {
            sum += Math.max(t, 0);
        }
        return sum;
    }

    private static long allocated(ThreadMXBean threads) {
        long sum = 0;
        for (long b : threads.getThreadAllocatedBytes(threads.getAllThreadIds())) {
            sum += Math.max(b, 0);
        }
        return sum;
    }
}
