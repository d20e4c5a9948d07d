package dev.stateful.bench.upstream;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** A process's resident set size, as the kernel reports it ({@code VmRSS} in /proc/PID/status). */
final class Rss {

    private Rss() {
    }

    static long bytes(long pid) throws IOException {
        for (String line : Files.readAllLines(Path.of("/proc", Long.toString(pid), "status"))) {
            if (line.startsWith("VmRSS:")) {
                String[] parts = line.substring("VmRSS:".length()).trim().split("\\s+");
                return Long.parseLong(parts[0]) * 1024; // the kernel writes kB
            }
        }
        throw new IllegalStateException("no VmRSS for process " + pid);
    }
}
