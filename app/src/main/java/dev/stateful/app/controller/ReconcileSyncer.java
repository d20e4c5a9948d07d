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
        } catch (RuntimeException e) {
            metrics.recordFailure(System.nanoTime() - start);
            throw e; // the loop logs it with its stack trace and retries with backoff
        }
        long nanos = System.nanoTime() - start;
        metrics.record(result, nanos);
        if (LOG.isDebugEnabled()) {
            LOG.debug("synced StatefulSet {} in {} ms with {} writes; {}", key, nanos / 1_000_000, result.writes(),
                    result.plan().map(plan -> plan.waits().isEmpty() ? "nothing to wait for" : "waiting: " + plan.waits()).orElse("it is gone"));
        }
        if (result.error().isPresent()) {
            LOG.warn("error syncing StatefulSet {} (retrying with backoff): {}", key, result.error().get().getMessage());
            return Outcome.failure();
        }
        return result.requeueAfter().map(Outcome::requeueAfter).orElseGet(Outcome::success);
    }
}
