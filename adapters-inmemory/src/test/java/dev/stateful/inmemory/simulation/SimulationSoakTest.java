package dev.stateful.inmemory.simulation;

import static org.assertj.core.api.Assertions.fail;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * The soak: as many schedules as asked for, from another range of seeds than CI's, counting every
 * violation instead of stopping at the first. Skipped unless {@code -Dsimulation.soak=<schedules>}
 * is given:
 *
 * <pre>
 * ./mvnw -q -B -pl adapters-inmemory -am test -Dtest=SimulationSoakTest -Dsimulation.soak=10000 \
 *     -Dsurefire.failIfNoSpecifiedTests=false; cat adapters-inmemory/target/simulation-soak.txt
 * </pre>
 *
 * The figures (schedules run, faults injected, invariant violations) go to
 * {@code target/simulation-soak.txt}, with progress every 500 schedules; violations, shrunk, also
 * fail the test. A failing seed replays with {@code -Dtest=SimulationTest -Dsimulation.seed=<seed>}.
 */
class SimulationSoakTest {

    static final long BASE_SEED = Long.getLong("simulation.soakBaseSeed", 1_000_000L);
    static final Path REPORT = Path.of("target", "simulation-soak.txt");

    @Test
    void aLongSoakOfRandomSchedulesFindsNoViolation() {
        String schedules = System.getProperty("simulation.soak");
        Assumptions.assumeTrue(schedules != null, "the soak runs only when asked for: -Dsimulation.soak=<schedules>, e.g. "
                + "./mvnw -q -B -pl adapters-inmemory -am test -Dtest=SimulationSoakTest -Dsimulation.soak=10000 -Dsurefire.failIfNoSpecifiedTests=false");
        int count = Integer.parseInt(schedules);
        int steps = Integer.getInteger("simulation.steps", Simulation.DEFAULT_STEPS);
        write("soak: " + count + " schedules of " + steps + " steps from seed " + BASE_SEED + "\n", false);
        long started = System.nanoTime();
        Simulation.Outcome outcome = new Simulation(Mutant.NONE, steps, 3).run(count, i -> BASE_SEED + i, "SimulationTest", false,
                new Simulation.Progress() {
                    @Override
                    public void report(int done, SimulationRun.Counters totals) {
                        write("  after " + done + " (" + elapsed(started) + "): " + totals.summary() + "\n", true);
                    }

                    @Override
                    public void failed(SimulationRun.Result result) {
                        write("  seed " + result.schedule().seed() + ": " + result.violation().orElseThrow() + "\n", true);
                    }
                });
        String summary = "soak: " + outcome.totals().summary() + "; seeds " + BASE_SEED + ".." + (BASE_SEED + count - 1)
                + ", " + steps + " steps each; took " + elapsed(started) + "\n";
        write(summary, true);
        System.out.print(summary);
        if (!outcome.clean()) {
            fail(summary + "\n" + String.join("\n\n", outcome.reports()));
        }
    }

    private static String elapsed(long started) {
        Duration d = Duration.ofNanos(System.nanoTime() - started);
        return d.toMinutes() + "m" + d.toSecondsPart() + "s";
    }

    private static void write(String text, boolean append) {
        try {
            Files.createDirectories(REPORT.getParent());
            Files.writeString(REPORT, text, StandardCharsets.UTF_8, StandardOpenOption.CREATE,
                    append ? StandardOpenOption.APPEND : StandardOpenOption.TRUNCATE_EXISTING);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
