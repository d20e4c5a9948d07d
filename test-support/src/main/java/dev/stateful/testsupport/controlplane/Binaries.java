package dev.stateful.testsupport.controlplane;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Where the pinned upstream binaries are: {@code $STATEFUL_CONTROL_PLANE_BIN} if set, else what
 * {@code control-plane/build.sh} prints (it builds them into its versioned cache first if they are
 * not there yet; Maven has usually run it before the tests, so this is a lookup).
 */
record Binaries(Path dir) {

    static final String ENV = "STATEFUL_CONTROL_PLANE_BIN";
    static final List<String> NAMES = List.of("etcd", "kube-apiserver", "kube-controller-manager");

    static Binaries locate() {
        String given = System.getenv(ENV);
        Binaries binaries = new Binaries(given != null && !given.isBlank() ? Path.of(given) : build());
        for (String name : NAMES) {
            if (!Files.isExecutable(binaries.dir.resolve(name))) {
                throw new IllegalStateException(name + " not found in " + binaries.dir
                        + (given != null ? " (from $" + ENV + ")" : "") + "; run control-plane/build.sh");
            }
        }
        return binaries;
    }

    Path path(String name) {
        return dir.resolve(name);
    }

    private static Path build() {
        Path script = buildScript();
        try {
            Process process = new ProcessBuilder("bash", script.toString())
                    .redirectError(ProcessBuilder.Redirect.INHERIT).start();
            String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
            if (process.waitFor() != 0 || out.isEmpty()) {
                throw new IllegalStateException(script + " failed with exit code " + process.exitValue());
            }
            return Path.of(out.substring(out.lastIndexOf('\n') + 1));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted building the control plane", e);
        }
    }

    /** control-plane/build.sh in the working directory or the nearest folder above it (a module of the build). */
    private static Path buildScript() {
        for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            Path script = dir.resolve("control-plane").resolve("build.sh");
            if (Files.isRegularFile(script)) {
                return script;
            }
        }
        throw new IllegalStateException("control-plane/build.sh not found above " + Path.of("").toAbsolutePath()
                + "; set $" + ENV + " to a directory holding " + NAMES);
    }
}
