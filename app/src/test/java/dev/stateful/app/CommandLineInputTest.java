package dev.stateful.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** How the command line takes its input: files or standard input, and one exit code for each kind of bad input. */
class CommandLineInputTest {

    static final Path WEB = CommandLineTest.EXAMPLES.resolve("web.yaml");

    @TempDir
    Path dir;

    static CommandRun withStdin(String stdin, String... args) {
        InputStream original = System.in;
        System.setIn(new ByteArrayInputStream(stdin.getBytes(StandardCharsets.UTF_8)));
        try {
            return CommandRun.run(args);
        } finally {
            System.setIn(original);
        }
    }

    Path write(String name, String text) throws IOException {
        return Files.writeString(dir.resolve(name), text);
    }

    @Test
    void dashReadsTheManifestFromStandardInput() throws IOException {
        String web = Files.readString(WEB);

        CommandRun validate = withStdin(web, "validate", "-f", "-");
        CommandRun plan = withStdin(web, "plan", "-f", "-", "--now", "2026-01-01T00:00:00Z");

        assertThat(validate.exit()).isZero();
        assertThat(validate.out()).contains("StatefulSet web: valid");
        assertThat(plan.exit()).isZero();
        assertThat(plan.out()).contains("create Pod web-0 (with new claim www-web-0)");
    }

    @Test
    void problemsInStandardInputNameItAsTheSource() {
        CommandRun run = withStdin("kind: StatefulSet\nmetadata: [unclosed\n", "validate", "-f", "-");

        assertThat(run.exit()).isEqualTo(ExitCodes.INVALID);
        assertThat(run.err()).startsWith("error: standard input is not valid YAML");
    }

    @Test
    void malformedYamlIsExitTwoFromEveryCommandThatReadsAManifest() throws IOException {
        Path bad = write("bad.yaml", "kind: StatefulSet\nmetadata: [unclosed\n");

        for (String command : new String[] {"validate", "plan", "demo", "serve"}) {
            CommandRun run = command.equals("serve") ? CommandRun.run(command, "--port", "0", "-f", bad.toString())
                    : CommandRun.run(command, "-f", bad.toString());
            assertThat(run.exit()).as(command + ": " + run.err()).isEqualTo(ExitCodes.INVALID);
            assertThat(run.err()).as(command).contains("is not valid YAML").doesNotContain("\tat ");
        }
    }

    @Test
    void anUnknownApiVersionIsInvalid() throws IOException {
        Path v9 = write("v9.yaml", Files.readString(WEB).replace("apiVersion: apps/v1", "apiVersion: apps/v9beta7"));

        CommandRun validate = CommandRun.run("validate", "-f", v9.toString());
        CommandRun plan = CommandRun.run("plan", "-f", v9.toString());

        assertThat(validate.exit()).isEqualTo(ExitCodes.INVALID);
        assertThat(validate.out()).contains("StatefulSet web: invalid",
                "no matches for kind \"StatefulSet\" in version \"apps/v9beta7\"");
        assertThat(plan.exit()).isEqualTo(ExitCodes.INVALID);
        assertThat(plan.out()).contains("apps/v9beta7").doesNotContain("create Pod");
    }

    @Test
    void anUnknownOptionIsNamedEvenWhenARequiredOneIsMissingToo() {
        CommandRun run = CommandRun.run("validate", "--fiel", "x.yaml");

        assertThat(run.exit()).isEqualTo(ExitCodes.INVALID);
        assertThat(run.err()).startsWith("Unknown option: '--fiel'").contains("--file")
                .contains("Run 'stateful validate --help' for usage.");
        assertThat(run.err()).doesNotContain("Missing required option");
    }

    @Test
    void anUnknownCommandIsNamedAsOneWithSuggestions() {
        CommandRun run = CommandRun.run("valdate", "-f", "x.yaml");
        CommandRun sub = CommandRun.run("rollout", "stauts", "web");

        assertThat(run.exit()).isEqualTo(ExitCodes.INVALID);
        assertThat(run.err()).startsWith("Unknown command 'valdate' for 'stateful'").contains("stateful validate")
                .contains("Run 'stateful --help' for usage.").doesNotContain("Unmatched");
        assertThat(sub.exit()).isEqualTo(ExitCodes.INVALID);
        assertThat(sub.err()).startsWith("Unknown command 'stauts' for 'stateful rollout'").contains("rollout status");
    }

    @Test
    void aShortOptionWithItsValueAttachedIsNotTakenForAnUnknownOne() {
        // kubectl takes -nprod for -n prod: the mistake here is the missing --replicas
        CommandRun run = CommandRun.run("scale", "web", "-nprod");

        assertThat(run.exit()).isEqualTo(ExitCodes.INVALID);
        assertThat(run.err()).contains("Missing required option").contains("--replicas").doesNotContain("Unknown option");
    }

    @Test
    void aMissingRequiredOptionAloneIsStillReportedAsSuch() {
        CommandRun run = CommandRun.run("validate");

        assertThat(run.exit()).isEqualTo(ExitCodes.INVALID);
        assertThat(run.err()).startsWith("Missing required option: '--file=FILE'");
    }
}
