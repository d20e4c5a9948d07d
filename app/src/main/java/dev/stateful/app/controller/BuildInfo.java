package dev.stateful.app.controller;

import dev.stateful.app.Version;
import dev.stateful.fabric8.client.UserAgent;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.MeterBinder;

/**
 * {@code stateful_build_info}, always 1, its labels saying which build runs: what
 * {@code kubernetes_build_info} is for every Kubernetes component (the version a fleet runs, a
 * rollout of the controller seen on a dashboard). Labels: {@code version}, {@code java_version},
 * {@code platform} ({@code linux/amd64}, as Go spells it).
 */
public final class BuildInfo implements MeterBinder {

    @Override
    public void bindTo(MeterRegistry registry) {
        Gauge.builder("stateful.build.info", () -> 1)
                .description("A metric with a constant '1' value labeled by the version of stateful and the Java runtime it runs on.")
                .tag("version", Version.current())
                .tag("java_version", System.getProperty("java.version"))
                .tag("platform", UserAgent.platform())
                .register(registry);
    }
}
