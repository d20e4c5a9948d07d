package dev.stateful.app.wiring;

import com.google.inject.AbstractModule;
import com.google.inject.BindingAnnotation;
import com.google.inject.Provides;
import dev.stateful.ports.ClaimControl;
import dev.stateful.ports.ClusterReader;
import dev.stateful.ports.EventRecorder;
import dev.stateful.ports.PodControl;
import dev.stateful.ports.RevisionControl;
import dev.stateful.ports.StatusWriter;
import dev.stateful.ports.reconcile.OwnWrites;
import dev.stateful.ports.reconcile.ReconcileListener;
import dev.stateful.ports.reconcile.StatefulSetReconciler;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import java.time.Clock;
import java.util.concurrent.Executor;

/**
 * The engine, whatever the ports are bound to: a reconciler over the bound ports that waits for
 * the caches to show its own pod and claim writes (as kube-controller-manager does since 1.36).
 * Unscoped on purpose: each injection is a fresh reconciler with nothing remembered (a "restart").
 */
public final class EngineModule extends AbstractModule {

    private final ReconcileListener listener;

    public EngineModule(ReconcileListener listener) {
        this.listener = listener;
    }

    /** The executor that runs the calls of one Parallel batch. */
    @BindingAnnotation
    @Retention(RetentionPolicy.RUNTIME)
    @Target({ElementType.PARAMETER, ElementType.FIELD, ElementType.METHOD})
    public @interface Batches {
    }

    @Override
    protected void configure() {
        bind(ReconcileListener.class).toInstance(listener);
    }

    @Provides
    StatefulSetReconciler reconciler(ClusterReader reader, PodControl pods, ClaimControl claims, RevisionControl revisions,
                                     StatusWriter status, EventRecorder events, Clock clock, @Batches Executor batches,
                                     ReconcileListener listener) {
        return new StatefulSetReconciler(reader, pods, claims, revisions, status, events, clock, batches, listener,
                OwnWrites.tracking(clock, OwnWrites.DEFAULT_PATIENCE));
    }
}
