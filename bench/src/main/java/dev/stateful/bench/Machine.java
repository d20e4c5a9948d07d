package dev.stateful.bench;

import java.lang.management.ManagementFactory;

/** The machine line printed above the table: cores, JVM, max heap. */
public final class Machine {

    private Machine() {
    }

    /** The 1-minute load average: the machine is shared, so the table says how busy it was. */
    public static String load() {
        double load = ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
        return load < 0 ? "n/a" : String.format(java.util.Locale.ROOT, "%.1f", load);
    }

    public static String describe() {
        Runtime rt = Runtime.getRuntime();
        return String.format(java.util.Locale.ROOT, "%d cores, %s %s (%s), max heap %s, %s %s",
                rt.availableProcessors(), System.getProperty("java.vm.name"), System.getProperty("java.runtime.version"),
                System.getProperty("java.vm.vendor"), Stats.bytes(rt.maxMemory()),
                System.getProperty("os.name"), System.getProperty("os.arch"))
                + (ManagementFactory.getRuntimeMXBean().getInputArguments().isEmpty() ? ""
                : ", JVM flags " + String.join(" ", ManagementFactory.getRuntimeMXBean().getInputArguments()));
    }
}
