package dev.stateful.bench.upstream;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** CPU time a process has used (user + system, from /proc/PID/stat), to tell a controller's own cost from the machine's load. */
final class ProcessCpu {

    /** USER_HZ: the unit of utime and stime on Linux. */
    private static final double TICKS_PER_SECOND = 100;

    private ProcessCpu() {
    }

    static double seconds(long pid) throws IOException {
        String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
        // the fields after the command name, which is in parentheses and may hold spaces
        String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
        long utime = Long.parseLong(fields[11]);
        long stime = Long.parseLong(fields[12]);
        return (utime + stime) / TICKS_PER_SECOND;
    }
}
