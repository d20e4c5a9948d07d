package dev.stateful.bench;

import java.lang.management.ManagementFactory;

/** The machine line printed above the table: cores, JVM, max heap. */
public final class Machine {

    private Machine() {
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
