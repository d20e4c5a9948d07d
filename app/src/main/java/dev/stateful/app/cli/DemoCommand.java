package dev.stateful.app.cli;

import com.google.inject.Injector;
import dev.stateful.app.ExitCodes;
import dev.stateful.app.demo.DemoScenario;
import dev.stateful.app.demo.Narrator;
import dev.stateful.app.manifest.ManifestFile;
import dev.stateful.app.wiring.Injectors;
import dev.stateful.inmemory.InMemoryCluster;
import dev.stateful.inmemory.driver.ControllerDriver;
import dev.stateful.inmemory.manifest.ApplyResult;
import dev.stateful.inmemory.manifest.ManifestException;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code stateful demo}: the StatefulSet story on the embedded in-memory cluster. */
@Command(name = "demo", mixinStandardHelpOptions = true,
        description = "Walk a StatefulSet through creation, scaling, a canary, a rolling update and a rollback on the in-memory cluster.")
public final class DemoCommand implements Callable<Integer> {

    static final String EXAMPLE = "/examples/web.yaml";

    @Option(names = {"-f", "--file"}, paramLabel = "FILE", description = "manifest to use instead of the nginx 'web' example")
    Path file;

    @Option(names = "--seed", paramLabel = "SEED", description = "seed for uids (default: ${DEFAULT-VALUE})", defaultValue = "1")
    long seed;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        String source = file == null ? "the nginx 'web' example (examples/web.yaml)" : ManifestFile.name(file);
        String text = file == null ? example() : ManifestFile.read(file);

        InMemoryCluster cluster = InMemoryCluster.builder().seed(seed).build();
        Narrator narrator = new Narrator(out, cluster.clock());
        Injector injector = Injectors.inMemory(cluster, narrator);
        cluster.clusterEvents().subscribe(narrator);
        cluster.stores().addListener(narrator);

        narrator.say("Applying " + source + " to the in-memory cluster");
        ApplyResult applied;
        try {
            applied = cluster.applyAllowingProblems(text);
        } catch (ManifestException e) {
            spec.commandLine().getErr().println("error: " + source + " is not valid YAML: " + e.getMessage());
            return ExitCodes.INVALID;
        }
        if (applied.hasProblems()) {
            spec.commandLine().getErr().println("error: " + source + " has problems:");
            applied.problems().forEach(p -> spec.commandLine().getErr().println("  " + p));
            return ExitCodes.INVALID;
        }
        applied.applied().forEach(a -> narrator.say("  " + (a.created() ? "created " : "updated ") + a.kind().name().toLowerCase() + " " + a.key()));
        new DemoScenario(cluster, injector.getInstance(ControllerDriver.class), narrator).run(applied);
        return ExitCodes.OK;
    }

    private static String example() {
        try (InputStream in = DemoCommand.class.getResourceAsStream(EXAMPLE)) {
            if (in == null) {
                throw new IllegalStateException("the bundled example " + EXAMPLE + " is missing from the jar");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new IllegalStateException("cannot read the bundled example: " + e.getMessage());
        }
    }
}
