package dev.stateful.bench.grpc;

import dev.stateful.bench.Figure;
import dev.stateful.bench.Log;
import dev.stateful.bench.Row;
import dev.stateful.bench.Scale;
import dev.stateful.bench.Stats;
import dev.stateful.bench.planner.PlannerStates;
import dev.stateful.domain.sync.Snapshot;
import dev.stateful.grpc.convert.KubeObjects;
import dev.stateful.grpc.convert.ObservedObjects;
import dev.stateful.grpc.convert.Timestamps;
import dev.stateful.grpc.runtime.ClientSettings;
import dev.stateful.grpc.runtime.GrpcServer;
import dev.stateful.grpc.runtime.ServerAssembly;
import dev.stateful.grpc.runtime.ServerSettings;
import dev.stateful.grpc.server.ManifestSink;
import dev.stateful.grpc.server.PortsSetBackend;
import dev.stateful.grpc.server.StatefulSetServiceImpl;
import dev.stateful.grpc.v1.PlanRequest;
import dev.stateful.grpc.v1.PlanResponse;
import dev.stateful.grpc.v1.StatefulSetServiceGrpc;
import dev.stateful.inmemory.InMemoryCluster;
import io.grpc.BindableService;
import io.grpc.CallOptions;
import io.grpc.ManagedChannel;
import io.grpc.Server;
import io.grpc.inprocess.InProcessChannelBuilder;
import io.grpc.inprocess.InProcessServerBuilder;
import io.grpc.netty.NettyChannelBuilder;
import io.grpc.protobuf.services.HealthStatusManager;
import io.grpc.stub.ClientCalls;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * docs/benchmarks.md, figure 5: {@code Plan} for a 100-pod set (the steady snapshot of that file's figure 1, encoded once, as JSON objects
 * and in the typed projection) from a blocking stub over loopback Netty (the production server
 * assembly: {@link GrpcServer}, which runs Plan on the transport thread), against the same request over the in-process transport (same
 * service, same interceptors, no sockets, no thread hop: direct executor). Beside them, the transport's
 * floor: the typed request encoded once beforehand ({@link RawMethods#PLAN}: the server's part without the
 * Java client's encoding), and an empty unary call on a bare server ({@link EmptyCallFloor}), over both
 * transports. One caller, calls back to back; the eight combinations alternate in slices so that machine load hits all alike.
 */
public final class GrpcFigure implements Figure {

    @Override
    public int number() {
        return 5;
    }

    @Override
    public String title() {
        return "gRPC Plan latency";
    }

    @Override
    public String expectedDuration(Scale scale) {
        return scale.isQuick() ? "~2 s" : "~45 s";
    }

    @Override
    public List<Row> run(Scale scale) throws Exception {
        int pods = scale.isQuick() ? 8 : 100;
        Snapshot snapshot = PlannerStates.build(pods).steady();
        PlanRequest json = request(snapshot);
        PlanRequest typed = typedRequest(snapshot);
        Log.progress("  plan request: %d pods, %d bytes as JSON objects, %d bytes typed", snapshot.pods().size(),
                json.getSerializedSize(), typed.getSerializedSize());

        InMemoryCluster cluster = InMemoryCluster.builder().build();
        ScheduledExecutorService scheduler = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "bench-grpc-watch");
            t.setDaemon(true);
            return t;
        });
        List<BindableService> services = List.of(new StatefulSetServiceImpl(
                new PortsSetBackend(cluster.reader(), cluster.clusterEvents(), cluster.user().statefulSets()::update,
                        ManifestSink.UNSUPPORTED, cluster.clock()),
                scheduler, Clock.systemUTC()));
        ServerSettings settings = ServerSettings.loopback(0);

        GrpcServer netty = GrpcServer.start(settings, services, () -> true);
        String name = InProcessServerBuilder.generateName();
        InProcessServerBuilder inProcessBuilder = InProcessServerBuilder.forName(name).directExecutor();
        ServerAssembly.configure(inProcessBuilder, settings, services, new HealthStatusManager());
        Server inProcess = inProcessBuilder.build().start();
        ManagedChannel nettyChannel = nettyChannel(netty.port());
        ManagedChannel inProcessChannel = InProcessChannelBuilder.forName(name).directExecutor().build();
        try (EmptyCallFloor floor = new EmptyCallFloor(GrpcFigure::nettyChannel)) {
            StatefulSetServiceGrpc.StatefulSetServiceBlockingStub overNetty = StatefulSetServiceGrpc.newBlockingStub(nettyChannel);
            StatefulSetServiceGrpc.StatefulSetServiceBlockingStub overInProcess = StatefulSetServiceGrpc.newBlockingStub(inProcessChannel);
            check(overNetty.plan(json), overInProcess.plan(json));
            check(overNetty.plan(typed), overInProcess.plan(typed));
            byte[] encoded = typed.toByteArray();
            Runnable encodedOverNetty = () -> ClientCalls.blockingUnaryCall(nettyChannel, RawMethods.PLAN, CallOptions.DEFAULT, encoded);
            Runnable encodedInProcess = () -> ClientCalls.blockingUnaryCall(inProcessChannel, RawMethods.PLAN, CallOptions.DEFAULT, encoded);

            long warmupNanos = scale.isQuick() ? 50_000_000L : 3_000_000_000L;
            long sliceNanos = scale.isQuick() ? 20_000_000L : 250_000_000L;
            int rounds = scale.isQuick() ? 1 : 20;
            long end = System.nanoTime() + warmupNanos;
            while (System.nanoTime() < end) {
                overNetty.plan(json);
                overInProcess.plan(json);
                overNetty.plan(typed);
                overInProcess.plan(typed);
                encodedOverNetty.run();
                encodedInProcess.run();
                floor.overNetty().run();
                floor.inProcess().run();
            }
            Samples jsonNet = new Samples();
            Samples jsonIn = new Samples();
            Samples typedNet = new Samples();
            Samples typedIn = new Samples();
            Samples encodedNet = new Samples();
            Samples encodedIn = new Samples();
            Samples emptyNet = new Samples();
            Samples emptyIn = new Samples();
            for (int round = 0; round < rounds; round++) {
                slice(() -> overNetty.plan(json), sliceNanos, jsonNet);
                slice(() -> overInProcess.plan(json), sliceNanos, jsonIn);
                slice(() -> overNetty.plan(typed), sliceNanos, typedNet);
                slice(() -> overInProcess.plan(typed), sliceNanos, typedIn);
                slice(encodedOverNetty, sliceNanos, encodedNet);
                slice(encodedInProcess, sliceNanos, encodedIn);
                slice(floor.overNetty(), sliceNanos, emptyNet);
                slice(floor.inProcess(), sliceNanos, emptyIn);
            }
            List<Row> rows = new ArrayList<>();
            rows.addAll(rows("5a", "5b", "5c", pods + "-pod set as JSON objects (" + json.getSerializedSize() + " B)", jsonNet, jsonIn, "-"));
            rows.addAll(rows("5d", "5e", "5f", pods + "-pod set in the typed projection (" + typed.getSerializedSize() + " B)", typedNet, typedIn,
                    "p50 ≤ 0.3 ms"));
            rows.addAll(infoRows("5g", "5h", "the same typed request encoded once beforehand (the Java client's protobuf encoding left out;"
                    + " same server, same work)", encodedNet, encodedIn));
            rows.addAll(infoRows("5i", "5j", "empty unary call on a bare grpc-java server, method on the transport thread (the transport's floor)",
                    emptyNet, emptyIn));
            return rows;
        } finally {
            nettyChannel.shutdownNow();
            inProcessChannel.shutdownNow();
            inProcess.shutdownNow();
            netty.close();
            scheduler.shutdownNow();
            inProcess.awaitTermination(5, TimeUnit.SECONDS);
        }
    }

    /** The figure's client channel to a loopback port: plaintext, the CLI's inbound bound. */
    static ManagedChannel nettyChannel(int port) {
        return NettyChannelBuilder.forAddress("127.0.0.1", port).usePlaintext()
                .maxInboundMessageSize(ClientSettings.DEFAULT_MAX_INBOUND_MESSAGE_BYTES).build();
    }

    /** p50 and p99 rows of a call beside Plan, measured in the same slices, reported without a goal. */
    private static List<Row> infoRows(String p50Id, String p99Id, String call, Samples net, Samples in) {
        String what = "gRPC " + call + ", %s over loopback Netty vs in process (%d vs %d calls)";
        return List.of(
                new Row(p50Id, String.format(Locale.ROOT, what, "p50", net.count, in.count), Stats.duration(net.percentile(0.50)),
                        Stats.duration(in.percentile(0.50)), net.percentile(0.50) / in.percentile(0.50), "-", Row.Verdict.INFO),
                new Row(p99Id, String.format(Locale.ROOT, what, "p99", net.count, in.count), Stats.duration(net.percentile(0.99)),
                        Stats.duration(in.percentile(0.99)), net.percentile(0.99) / in.percentile(0.99), "-", Row.Verdict.INFO));
    }

    /** p50, p99 and throughput rows of one encoding; the p99 goal (docs/benchmarks.md) is the same for both. */
    private static List<Row> rows(String p50Id, String p99Id, String rateId, String what, Samples net, Samples in, String p50Goal) {
        double netP50 = net.percentile(0.50);
        double netP99 = net.percentile(0.99);
        double inP50 = in.percentile(0.50);
        double inP99 = in.percentile(0.99);
        double netRate = net.count / (net.totalNanos / 1e9);
        double inRate = in.count / (in.totalNanos / 1e9);
        String calls = String.format(Locale.ROOT, " (%d vs %d calls, one caller; GC pauses during them: %d, %d ms vs %d, %d ms)",
                net.count, in.count, net.gcCount, net.gcMillis, in.gcCount, in.gcMillis);
        Row.Verdict p50Verdict = p50Goal.equals("-") ? Row.Verdict.INFO : Row.Verdict.of(netP50 <= 300_000);
        return List.of(
                new Row(p50Id, "gRPC Plan, " + what + ", p50 over loopback Netty vs in process (grpc-inprocess)" + calls,
                        Stats.duration(netP50), Stats.duration(inP50), netP50 / inP50, p50Goal, p50Verdict),
                new Row(p99Id, "gRPC Plan, " + what + ", p99 over loopback Netty vs in process (grpc-inprocess)",
                        Stats.duration(netP99), Stats.duration(inP99), netP99 / inP99, "p99 ≤ 1 ms",
                        Row.Verdict.of(netP99 <= 1_000_000)),
                new Row(rateId, "gRPC Plan, " + what + ", throughput (calls/s, one blocking caller) over loopback Netty vs in process",
                        String.format(Locale.ROOT, "%.0f/s", netRate), String.format(Locale.ROOT, "%.0f/s", inRate),
                        netRate / inRate, "-", Row.Verdict.INFO));
    }

    /** The snapshot with every pod, claim and revision in the typed projection (ObservedPod, ...). */
    static PlanRequest typedRequest(Snapshot snapshot) {
        PlanRequest.Builder b = PlanRequest.newBuilder().setStatefulSet(KubeObjects.of(snapshot.set()));
        snapshot.pods().forEach(p -> b.addObservedPods(ObservedObjects.of(p)));
        snapshot.claims().values().forEach(c -> b.addObservedClaims(ObservedObjects.of(c)));
        snapshot.revisions().forEach(r -> b.addObservedRevisions(ObservedObjects.of(r)));
        return b.setNow(Timestamps.of(snapshot.now())).build();
    }

    /** The snapshot with every object as Kubernetes JSON (KubeObject). */
    static PlanRequest request(Snapshot snapshot) {
        PlanRequest.Builder b = PlanRequest.newBuilder().setStatefulSet(KubeObjects.of(snapshot.set()));
        snapshot.pods().forEach(p -> b.addPods(KubeObjects.of(p)));
        snapshot.claims().values().forEach(c -> b.addClaims(KubeObjects.of(c)));
        snapshot.revisions().forEach(r -> b.addRevisions(KubeObjects.of(r)));
        return b.setNow(Timestamps.of(snapshot.now())).build();
    }

    /** Both transports must answer the same thing, and the plan must be the steady one. */
    private static void check(PlanResponse overNetty, PlanResponse overInProcess) {
        if (!overNetty.equals(overInProcess) || !overNetty.getValid() || overNetty.getActionsCount() != 0) {
            throw new IllegalStateException("the steady plan is not what it should be: valid " + overNetty.getValid()
                    + ", " + overNetty.getActionsCount() + " actions; same on both transports: " + overNetty.equals(overInProcess));
        }
    }

    private static void slice(Runnable call, long nanos, Samples into) {
        long gcCountBefore = gcCount();
        long gcMillisBefore = gcMillis();
        long sliceStart = System.nanoTime();
        long end = sliceStart + nanos;
        long now = sliceStart;
        while (now < end) {
            long t0 = now;
            call.run();
            now = System.nanoTime();
            into.add(now - t0);
        }
        into.totalNanos += now - sliceStart;
        into.gcCount += gcCount() - gcCountBefore;
        into.gcMillis += gcMillis() - gcMillisBefore;
    }

    /** Collections so far, all collectors (G1's young and mixed pauses stop the caller and the server alike). */
    private static long gcCount() {
        return ManagementFactory.getGarbageCollectorMXBeans().stream().mapToLong(GarbageCollectorMXBean::getCollectionCount).sum();
    }

    private static long gcMillis() {
        return ManagementFactory.getGarbageCollectorMXBeans().stream().mapToLong(GarbageCollectorMXBean::getCollectionTime).sum();
    }

    private static final class Samples {
        long[] values = new long[1 << 14];
        int count;
        long totalNanos;
        long gcCount;
        long gcMillis;

        void add(long v) {
            if (count == values.length) {
                values = Arrays.copyOf(values, count * 2);
            }
            values[count++] = v;
        }

        double percentile(double p) {
            long[] sorted = Arrays.copyOf(values, count);
            Arrays.sort(sorted);
            int i = (int) Math.ceil(p * count) - 1;
            return sorted[Math.max(0, Math.min(count - 1, i))];
        }
    }
}
