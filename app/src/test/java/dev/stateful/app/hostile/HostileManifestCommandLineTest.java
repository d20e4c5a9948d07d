package dev.stateful.app.hostile;

import static dev.stateful.app.CommandRun.run;
import static org.assertj.core.api.Assertions.assertThat;

import dev.stateful.app.CommandRun;
import dev.stateful.app.ExitCodes;
import dev.stateful.domain.testing.HostileManifests;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every entry of the hostile-input corpus, given to every command that reads a manifest, from a
 * file and from standard input: exit 2 (invalid input), a clear error naming the problem or the
 * limit it hit, never a stack trace. The bound on time and memory is the YAML budget: the alias bomb,
 * the deep nesting and the oversized file fail on a named limit before their cost grows.
 */
class HostileManifestCommandLineTest {

    @TempDir
    Path dir;

    static Stream<HostileManifests.Entry> corpus() {
        return HostileManifests.all().stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("corpus")
    void everyCommandThatReadsAManifestFileRefusesItWithExitTwoAndOneClearError(HostileManifests.Entry entry) throws IOException {
        Path file = Files.write(dir.resolve("hostile.yaml"), entry.bytes());

        for (String command : new String[] {"validate", "plan", "demo"}) {
            CommandRun run = run(command, "-f", file.toString());

            assertThat(run.exit()).as(command + ": " + run.both()).isEqualTo(ExitCodes.INVALID);
            assertThat(run.both()).as(command).contains(entry.error()).doesNotContain("\tat ", "Exception");
            assertThat(run.err().length()).as(command + " echoes no more than a few hundred characters of input").isLessThan(2000);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("corpus")
    void validateRefusesItFromStandardInputToo(HostileManifests.Entry entry) {
        InputStream original = System.in;
        System.setIn(new ByteArrayInputStream(entry.bytes()));
        CommandRun run;
        try {
            run = run("validate", "-f", "-");
        } finally {
            System.setIn(original);
        }

        assertThat(run.exit()).as(run.both()).isEqualTo(ExitCodes.INVALID);
        assertThat(run.both()).contains(entry.error()).doesNotContain("\tat ");
    }
}
