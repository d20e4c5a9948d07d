package dev.stateful.fabric8.queue;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * The work queue metrics client-go exports, under client-go's names and {@code name} label so
 * existing dashboards keep working.
 */
final class QueueMetrics {

    static final QueueMetrics NONE = new QueueMetrics(null, null, null, null);

    /**
     * client-go's buckets (powers of ten up to 10 s) from 1 µs: the two below it collide in
     * registries that print bucket bounds to the microsecond, and no queue operation is that fast.
     */
    private static final Duration[] BUCKETS = {
        Duration.ofNanos(1_000), Duration.ofNanos(10_000),
        Duration.ofNanos(100_000), Duration.ofMillis(1), Duration.ofMillis(10), Duration.ofMillis(100),
        Duration.ofSeconds(1), Duration.ofSeconds(10)};

    private final Counter adds;
    private final Counter retries;
    private final Timer queueDuration;
    private final Timer workDuration;

    private QueueMetrics(Counter adds, Counter retries, Timer queueDuration, Timer workDuration) {
        this.adds = adds;
        this.retries = retries;
        this.queueDuration = queueDuration;
        this.workDuration = workDuration;
    }

    static QueueMetrics bind(MeterRegistry registry, String name, Supplier<Number> depth) {
        Gauge.builder("workqueue_depth", depth).tag("name", name).description("Current depth of workqueue").register(registry);
        return new QueueMetrics(
                Counter.builder("workqueue_adds_total").tag("name", name).description("Total number of adds handled by workqueue").register(registry),
                Counter.builder("workqueue_retries_total").tag("name", name).description("Total number of retries handled by workqueue").register(registry),
                timer(registry, "workqueue_queue_duration_seconds", name, "How long in seconds an item stays in workqueue before being requested"),
                timer(registry, "workqueue_work_duration_seconds", name, "How long in seconds processing an item from workqueue takes"));
    }

    private static Timer timer(MeterRegistry registry, String metric, String name, String description) {
        return Timer.builder(metric).tag("name", name).description(description).serviceLevelObjectives(BUCKETS).register(registry);
    }

    void added() {
        if (adds != null) {
            adds.increment();
        }
    }

    void retried() {
        if (retries != null) {
            retries.increment();
        }
    }

    void queued(long nanos) {
        if (queueDuration != null) {
            queueDuration.record(nanos, TimeUnit.NANOSECONDS);
        }
    }

    void worked(long nanos) {
        if (workDuration != null) {
            workDuration.record(nanos, TimeUnit.NANOSECONDS);
        }
    }
}
