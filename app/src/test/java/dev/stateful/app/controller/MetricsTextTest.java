package dev.stateful.app.controller;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.Timer;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class MetricsTextTest {

    @Test
    void histogramsLoseMicrometersMaxGaugeAndEverythingElseStays() {
        PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
        Timer.builder("work.duration").serviceLevelObjectives(Duration.ofMillis(10)).register(registry).record(Duration.ofMillis(5));
        Gauge.builder("jvm.memory.max", () -> 42).baseUnit("bytes").register(registry);
        assertThat(registry.scrape()).contains("work_duration_seconds_max");

        String scrape = MetricsText.withoutMaxGauges(registry.scrape());

        assertThat(scrape).doesNotContain("work_duration_seconds_max")
                .contains("work_duration_seconds_bucket{le=\"0.01\"} 1", "work_duration_seconds_count 1", "jvm_memory_max_bytes 42");
    }
}
