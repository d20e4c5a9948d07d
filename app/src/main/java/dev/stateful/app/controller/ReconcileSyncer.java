package dev.stateful.app.controller;

import dev.stateful.domain.model.ObjectKey;
import dev.stateful.fabric8.loop.KeySyncer;
import dev.stateful.ports.reconcile.StatefulSetReconciler;
import dev.stateful.ports.reconcile.SyncResult;
import io.micrometer.core.instrument.MeterRegistry;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** What a worker runs for a key: one reconcile, measured, its error logged, its result turned into a queue outcome. */
public final class ReconcileSyncer implements KeySyncer {

    private static final Logger LOG = LoggerFactory.getLogger(ReconcileSyncer.class);

    private final StatefulSetReconciler reconciler;
    private final SyncMetrics metrics;

    ReconcileSyncer(StatefulSetReconciler reconciler, SyncMetrics metrics) {
        this.reconciler = reconciler;
        this.metrics = metrics;
    }

    /** Publishes sync counts and durations by result to {@code registry}. */
    public static ReconcileSyncer measured(StatefulSetReconciler reconciler, MeterRegistry registry) {
        return new ReconcileSyncer(reconciler, new SyncMetrics(registry));
    }

    @Override
    public Outcome sync(ObjectKey key) {
        long start = System.nanoTime();
        SyncResult result;
        try {
            result = reconciler.sync(key);
        } catch (RuntimeException | Error e) {
            metrics.recordFailure(System.nanoTime() - start);
            throw e; // the loop logs it and retries with backoff (or ends the process on a fatal error)
        }
        long nanos = System.nanoTime() - start;
        metrics.record(result, nanos);
        if (LOG.isDebugEnabled()) {
            LOG.atDebug().addKeyValue("statefulSet", key).addKeyValue("duration", nanos / 1_000_000 + "ms").addKeyValue("writes", result.writes())
                    .addKeyValue("waiting", result.plan().map(plan -> plan.waits().isEmpty() ? "nothing" : plan.waits().toString()).orElse("it is gone"))
                    .log("Finished syncing StatefulSet");
        }
        if (result.error().isPresent()) {
            // upstream: "error syncing StatefulSet %v, requeuing" (StatefulSetController.processNextWorkItem)
            LOG.atWarn().addKeyValue("statefulSet", key).addKeyValue("err", result.error().get().getMessage())
                    .log("Error syncing StatefulSet, requeuing with backoff");
            return Outcome.failure();
        }
        return result.requeueAfter().map(Outcome::requeueAfter).orElseGet(Outcome::success);
    }
}
