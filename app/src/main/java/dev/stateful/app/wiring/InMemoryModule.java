package dev.stateful.app.wiring;

import com.google.inject.AbstractModule;
import com.google.inject.Provides;
import com.google.inject.Singleton;
import dev.stateful.inmemory.InMemoryCluster;
import dev.stateful.inmemory.driver.ControllerDriver;
import dev.stateful.ports.ClaimControl;
import dev.stateful.ports.ClusterEvents;
import dev.stateful.ports.ClusterReader;
import dev.stateful.ports.EventRecorder;
import dev.stateful.ports.PodControl;
import dev.stateful.ports.RevisionControl;
import dev.stateful.ports.StatusWriter;
import dev.stateful.ports.reconcile.StatefulSetReconciler;
import java.time.Clock;
import java.util.concurrent.Executor;

/** Binds every port to the embedded in-memory cluster; batches run inline so runs are deterministic. */
public final class InMemoryModule extends AbstractModule {

    private final InMemoryCluster cluster;

    public InMemoryModule(InMemoryCluster cluster) {
        this.cluster = cluster;
    }

    @Override
    protected void configure() {
        bind(InMemoryCluster.class).toInstance(cluster);
        bind(ClusterReader.class).toInstance(cluster.reader());
        bind(ClusterEvents.class).toInstance(cluster.clusterEvents());
        bind(PodControl.class).toInstance(cluster.podControl());
        bind(ClaimControl.class).toInstance(cluster.claimControl());
        bind(RevisionControl.class).toInstance(cluster.revisionControl());
        bind(StatusWriter.class).toInstance(cluster.statusWriter());
        bind(EventRecorder.class).toInstance(cluster.eventRecorder());
        bind(Clock.class).toInstance(cluster.clock());
        bind(Executor.class).annotatedWith(EngineModule.Batches.class).toInstance(Runnable::run);
    }

    @Provides
    @Singleton
    ControllerDriver driver(com.google.inject.Provider<StatefulSetReconciler> reconcilers) {
        return new ControllerDriver(cluster, reconcilers::get);
    }
}
