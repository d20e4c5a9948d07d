package dev.stateful.grpc.testing;

import dev.stateful.grpc.runtime.ServerSettings;
import dev.stateful.grpc.server.PortsSetBackend;
import dev.stateful.grpc.server.SetBackend;
import dev.stateful.grpc.server.StatefulSetServiceImpl;
import dev.stateful.grpc.v1.ApplyRequest;
import dev.stateful.grpc.v1.ObjectRef;
import dev.stateful.grpc.v1.StatefulSetServiceGrpc;
import dev.stateful.inmemory.InMemoryCluster;
import java.time.Clock;
import java.util.List;
import java.util.concurrent.ScheduledExecutorService;

/** StatefulSetService in process over an in-memory cluster (or any backend), with a blocking and an async stub. */
public final class ServiceHarness implements AutoCloseable {

    public final InMemoryCluster cluster;
    /** Subscriptions to the in-memory cluster's change notifications (watchers hold one each). */
    public final CountingEvents subscriptions;
    public final InProcessServer server;
    public final StatefulSetServiceGrpc.StatefulSetServiceBlockingStub stub;
    public final StatefulSetServiceGrpc.StatefulSetServiceStub async;
    private final ScheduledExecutorService executor;

    private ServiceHarness(InMemoryCluster cluster, CountingEvents subscriptions, SetBackend backend, ServerSettings settings) {
        this.cluster = cluster;
        this.subscriptions = subscriptions;
        this.executor = Daemons.scheduler(2);
        this.server = InProcessServer.start(settings, List.of(new StatefulSetServiceImpl(backend, executor, Clock.systemUTC())), backend::ready);
        this.stub = StatefulSetServiceGrpc.newBlockingStub(server.channel());
        this.async = StatefulSetServiceGrpc.newStub(server.channel());
    }

    /** Over a fresh in-memory cluster whose pods start at once. */
    public static ServiceHarness inMemory() {
        InMemoryCluster cluster = InMemoryCluster.builder().instantKubelet().build();
        CountingEvents events = new CountingEvents(cluster.clusterEvents());
        PortsSetBackend backend = new PortsSetBackend(cluster.reader(), events, cluster.user().statefulSets()::update,
                InMemory.manifests(cluster), cluster.clock());
        return new ServiceHarness(cluster, events, backend, ServerSettings.loopback(0));
    }

    /** The set {@link #withWebRunning()} applies, as the service names it. */
    public static final ObjectRef WEB = ObjectRef.newBuilder().setName("web").build();

    /** Over a fresh in-memory cluster where {@code web} (3 replicas of nginx:1.25), applied through the service, has settled. */
    public static ServiceHarness withWebRunning() {
        ServiceHarness harness = inMemory();
        harness.stub.apply(ApplyRequest.newBuilder().setManifest(Manifests.web(3, "nginx:1.25")).build());
        Sets.settle(harness.cluster);
        return harness;
    }

    public static ServiceHarness over(SetBackend backend, ServerSettings settings) {
        return new ServiceHarness(null, null, backend, settings);
    }

    @Override
    public void close() {
        server.close();
        executor.shutdownNow();
    }
}
