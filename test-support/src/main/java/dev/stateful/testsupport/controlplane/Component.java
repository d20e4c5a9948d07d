package dev.stateful.testsupport.controlplane;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** One control-plane process, its output appended to a log file; restartable with the same command. */
final class Component {

    private final String name;
    private final List<String> command;
    private final Path log;
    private Process process;

    Component(String name, List<String> command, Path log) {
        this.name = name;
        this.command = List.copyOf(command);
        this.log = log;
    }

    synchronized Component start() {
        try {
            process = new ProcessBuilder(command).redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile())).start();
            return this;
        } catch (IOException e) {
            throw new UncheckedIOException("could not start " + name, e);
        }
    }

    /** Throws, naming the log, if the process has exited: a component that should be running is not. */
    synchronized void checkAlive() {
        if (process != null && !process.isAlive()) {
            throw new IllegalStateException(name + " exited with code " + process.exitValue() + "; see " + log);
        }
    }

    /** SIGTERM, then SIGKILL if it has not gone after ten seconds. */
    synchronized void stop() {
        if (process == null) {
            return;
        }
        process.destroy();
        try {
            if (!process.waitFor(10, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
        process = null;
    }

    synchronized long pid() {
        if (process == null || !process.isAlive()) {
            throw new IllegalStateException(name + " is not running; see " + log);
        }
        return process.pid();
    }

    String name() {
        return name;
    }

    Path log() {
        return log;
    }
}
