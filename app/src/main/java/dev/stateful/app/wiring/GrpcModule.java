package dev.stateful.app.wiring;

import com.google.inject.AbstractModule;
import com.google.inject.BindingAnnotation;
import com.google.inject.Module;
import com.google.inject.Provides;
import com.google.inject.Singleton;
import dev.stateful.grpc.remote.PortSet;
import dev.stateful.grpc.server.ManifestOutcome;
import dev.stateful.grpc.server.ManifestSink;
import dev.stateful.grpc.server.PortsSetBackend;
import dev.stateful.grpc.server.SetBackend;
import dev.stateful.grpc.server.SpecWriter;
import dev.stateful.grpc.server.StatefulSetServiceImpl;
import dev.stateful.inmemory.InMemoryCluster;
import dev.stateful.inmemory.manifest.ApplyResult;
import dev.stateful.inmemory.manifest.ManifestApplier;
import dev.stateful.inmemory.manifest.ManifestException;
import dev.stateful.ports.ClaimControl;
import dev.stateful.ports.ClusterEvents;
import dev.stateful.ports.ClusterReader;
import dev.stateful.ports.EventRecorder;
import dev.stateful.ports.PodControl;
import dev.stateful.ports.RevisionControl;
import dev.stateful.ports.StatusWriter;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import java.time.Clock;
import java.util.concurrent.Executor;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;

/**
 * The gRPC side of the app, whatever cluster the ports are bound to: the StatefulSetService over a
 * {@link SetBackend} built from the bound read ports, and the bound ports as one {@link PortSet}
 * for the remote-ports services.
 *
 * <p>Extension point: the backend needs two user writes the ports lack, {@link SpecWriter} and
 * {@link ManifestSink}. {@link #inMemoryWrites} binds them for the in-memory cluster; a real API
 * binds SpecWriter to an update of the StatefulSet and ManifestSink to {@link ManifestSink#UNSUPPORTED}.
 */
public final class GrpcModule extends AbstractModule {

    /** The scheduler that runs WatchRollout looks and the remote-ports watch streams. */
    @BindingAnnotation
    @Retention(RetentionPolicy.RUNTIME)
    @Target({ElementType.PARAMETER, ElementType.FIELD, ElementType.METHOD})
    public @interface Streams {
    }

    @Provides
    @Singleton
    @Streams
    ScheduledExecutorService streams() {
        return Executors.newScheduledThreadPool(2, r -> {
            Thread t = new Thread(r, "grpc-streams");
            t.setDaemon(true);
            return t;
        });
    }

    @Provides
    @Singleton
    SetBackend backend(ClusterReader reader, ClusterEvents events, SpecWriter specs, ManifestSink manifests, Clock clock) {
        return new PortsSetBackend(reader, events, specs, manifests, clock);
    }

    @Provides
    @Singleton
    StatefulSetServiceImpl statefulSetService(SetBackend backend, @Streams ScheduledExecutorService streams) {
        return new StatefulSetServiceImpl(backend, streams, Clock.systemUTC());
    }

    @Provides
    PortSet ports(ClusterReader reader, ClusterEvents events, PodControl pods, ClaimControl claims, RevisionControl revisions,
                  StatusWriter status, EventRecorder recorder) {
        return new PortSet(reader, events, pods, claims, revisions, status, recorder);
    }

    /** The user's writes on the in-memory cluster: spec updates and kubectl-apply of manifests. */
    public static Module inMemoryWrites(InMemoryCluster cluster) {
        return new AbstractModule() {
            @Override
            protected void configure() {
                bind(SpecWriter.class).toInstance(cluster.user().statefulSets()::update);
                bind(ManifestSink.class).toInstance((manifest, namespace) -> outcome(cluster, manifest, namespace));
            }
        };
    }

    /** Every port bound to remote ones (the engine on someone else's infrastructure); batches run inline. */
    public static Module remotePorts(PortSet ports) {
        return new AbstractModule() {
            @Override
            protected void configure() {
                bind(ClusterReader.class).toInstance(ports.reader());
                bind(ClusterEvents.class).toInstance(ports.clusterEvents());
                bind(PodControl.class).toInstance(ports.pods());
                bind(ClaimControl.class).toInstance(ports.claims());
                bind(RevisionControl.class).toInstance(ports.revisions());
                bind(StatusWriter.class).toInstance(ports.status());
                bind(EventRecorder.class).toInstance(ports.events());
                bind(Clock.class).toInstance(Clock.systemUTC());
                bind(Executor.class).annotatedWith(EngineModule.Batches.class).toInstance(Runnable::run);
            }
        };
    }

    private static ManifestOutcome outcome(InMemoryCluster cluster, String manifest, String namespace) {
        ApplyResult result;
        try {
            result = new ManifestApplier(cluster.user(), namespace).applyAllOrNothing(manifest);
        } catch (ManifestException e) {
            // "field: problem", which the status makes a BadRequest violation of that field
            throw new IllegalArgumentException("manifest: not valid YAML: " + e.getMessage());
        }
        return new ManifestOutcome(
                result.applied().stream().map(a -> new ManifestOutcome.Applied(a.kind().kindName(), a.key(), a.created())).toList(),
                result.problems().stream().map(p -> new ManifestOutcome.Problem(p.document(), p.kind(), p.name(),
                        p.findings().stream().map(f -> new ManifestOutcome.Finding(f.field(), f.message(),
                                f.location().line(), f.location().column())).toList())).toList());
    }
}
