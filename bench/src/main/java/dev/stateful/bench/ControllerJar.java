package dev.stateful.bench;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * How the figures that run our controller as a process of its own start it: {@code java -jar
 * app/target/stateful.jar controller} when the jar has been built ({@code -Dbench.statefulJar=FILE}
 * names another), else app's {@code cli.Main} from the bench's class path (the bench depends on app).
 */
public final class ControllerJar {

    private ControllerJar() {
    }

    /** The java running the bench: the child JVMs are the same build. */
    public static String java() {
        return ProcessHandle.current().info().command().orElse("java");
    }

    public static Optional<Path> jar() {
        String configured = System.getProperty("bench.statefulJar");
        List<Path> candidates = configured != null ? List.of(Path.of(configured))
                : List.of(Path.of("app", "target", "stateful.jar"), Path.of("..", "app", "target", "stateful.jar"));
        return candidates.stream().filter(Files::isRegularFile).findFirst();
    }

    /** What a row says it ran. */
    public static String description() {
        return jar().isPresent() ? "java -jar app/target/stateful.jar controller" : "app's Main controller on the bench classpath";
    }

    /** The command up to and including {@code controller}, with {@code jvmFlags} before the jar. */
    public static List<String> command(List<String> jvmFlags) {
        List<String> command = new ArrayList<>();
        command.add(java());
        command.addAll(jvmFlags);
        Optional<Path> jar = jar();
        if (jar.isPresent()) {
            command.add("-jar");
            command.add(jar.get().toAbsolutePath().toString());
        } else {
            command.add("-cp");
            command.add(System.getProperty("java.class.path"));
            command.add("dev.stateful.app.cli.Main");
        }
        command.add("controller");
        return command;
    }
}
