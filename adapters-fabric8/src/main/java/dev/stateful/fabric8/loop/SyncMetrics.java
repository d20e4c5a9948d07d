package dev.stateful.fabric8.loop;

import dev.stateful.ports.reconcile.SyncResult;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Syncs counted and timed by result: {@code success}, {@code requeue_after} (succeeded, and the set
 * is looked at again after a delay, e.g. for minReadySeconds) and {@code error} (retried with backoff).
 */
final class SyncMetrics {

    static final String TOTAL = "stateful_reconcile_total";
    static final String DURATION = "stateful_reconcile_duration_seconds";
    static final String SUCCESS = "success";
    static final String REQUEUE_AFTER = "requeue_after";
    static final String ERROR = "error";

    private static final Duration[] BUCKETS = Stream.of(5, 10, 25, 50, 100, 250, 500, 1000, 2500, 5000, 10_000, 30_000)
            .map(Duration::ofMillis).toArray(Duration[]::new);

    private final Map<String, Counter> totals;
    private final Map<String, Timer> durations;

    SyncMetrics(MeterRegistry registry) {
        // every result is registered up front, so that rates start from zero instead of appearing late
        totals = results(result -> Counter.builder(TOTAL).tag("result", result)
                .description("StatefulSet syncs by result").register(registry));
        durations = results(result -> Timer.builder(DURATION).tag("result", result).serviceLevelObjectives(BUCKETS)
                .description("How long one StatefulSet sync takes, by result").register(registry));
    }

    private static <M> Map<String, M> results(Function<String, M> meter) {
        return Stream.of(SUCCESS, REQUEUE_AFTER, ERROR).collect(Collectors.toUnmodifiableMap(r -> r, meter));
    }

    void record(SyncResult result, long nanos) {
        record(resultOf(result), nanos);
    }

    /** A sync that threw instead of returning a result. */
    void recordFailure(long nanos) {
        record(ERROR, nanos);
    }

    private void record(String result, long nanos) {
        totals.get(result).increment();
        durations.get(result).record(nanos, TimeUnit.NANOSECONDS);
    }

    static String resultOf(SyncResult result) {
        if (!result.succeeded()) {
            return ERROR;
        }
        return result.requeueAfter().isPresent() ? REQUEUE_AFTER : SUCCESS;
    }
}
