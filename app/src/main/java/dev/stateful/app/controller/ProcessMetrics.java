package dev.stateful.app.controller;

import com.sun.management.UnixOperatingSystemMXBean;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.MeterBinder;
import io.micrometer.core.instrument.binder.jvm.ClassLoaderMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmGcMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmMemoryMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmThreadMetrics;
import io.micrometer.core.instrument.binder.system.UptimeMetrics;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.OperatingSystemMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The process series every Prometheus client exports and Kubernetes dashboards query
 * ({@code process_cpu_seconds_total}, {@code process_resident_memory_bytes}, {@code process_open_fds},
 * {@code process_max_fds}, {@code process_start_time_seconds}), plus Micrometer's JVM series
 * (memory, GC, threads, classes).
 */
public final class ProcessMetrics implements MeterBinder {

    private static final Path STATM = Path.of("/proc/self/statm");
    /** The page size of Linux on the machines the controller runs on; statm counts pages. */
    private static final long PAGE_SIZE = 4096;

    @Override
    public void bindTo(MeterRegistry registry) {
        for (MeterBinder jvm : List.of(new JvmMemoryMetrics(), new JvmGcMetrics(), new JvmThreadMetrics(), new ClassLoaderMetrics(),
                new UptimeMetrics())) {
            jvm.bindTo(registry);
        }
        OperatingSystemMXBean os = ManagementFactory.getOperatingSystemMXBean();
        if (os instanceof com.sun.management.OperatingSystemMXBean sun) {
            FunctionCounter.builder("process.cpu.seconds", sun, b -> b.getProcessCpuTime() / 1e9)
                    .description("Total user and system CPU time spent in seconds.").register(registry);
        }
        if (os instanceof UnixOperatingSystemMXBean unix) {
            Gauge.builder("process.open.fds", unix, UnixOperatingSystemMXBean::getOpenFileDescriptorCount)
                    .description("Number of open file descriptors.").register(registry);
            Gauge.builder("process.max.fds", unix, UnixOperatingSystemMXBean::getMaxFileDescriptorCount)
                    .description("Maximum number of open file descriptors.").register(registry);
        }
        if (Files.isReadable(STATM)) {
            Gauge.builder("process.resident.memory.bytes", STATM, ProcessMetrics::residentBytes)
                    .description("Resident memory size in bytes.").register(registry);
        }
    }

    /** The second field of /proc/self/statm: resident pages. */
    static double residentBytes(Path statm) {
        try {
            String[] fields = Files.readString(statm).trim().split("\\s+");
            return Long.parseLong(fields[1]) * PAGE_SIZE;
        } catch (IOException | RuntimeException e) {
            return Double.NaN;
        }
    }
}
