package dev.stateful.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code stateful completion bash|zsh}: a script the shell loads and then completes commands and options with. */
class CompletionTest {

    @TempDir
    Path dir;

    /** Sources the script in bash and asks it to complete {@code words}, as bash does on TAB. */
    String complete(String script, String... words) throws IOException, InterruptedException {
        Path file = Files.writeString(dir.resolve("stateful.bash"), script);
        String line = String.join(" ", words);
        String driver = "source " + file + "\n"
                + "COMP_WORDS=(" + line + "); COMP_CWORD=" + (words.length - 1) + "; COMP_LINE='" + line + "'; COMP_POINT=${#COMP_LINE}\n"
                + "_complete_stateful\n"
                + "printf '%s\\n' \"${COMPREPLY[@]}\"\n";
        Process bash = new ProcessBuilder("bash", "-c", driver).redirectError(ProcessBuilder.Redirect.DISCARD).start(); // compopt complains outside a real TAB
        assertThat(bash.waitFor(20, TimeUnit.SECONDS)).isTrue();
        return new String(bash.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    }

    @Test
    void bashCompletesSubcommandsAndTheirOptions() throws Exception {
        Assumptions.assumeTrue(Files.isExecutable(Path.of("/bin/bash")) || Files.isExecutable(Path.of("/usr/bin/bash")), "bash is installed");
        CommandRun run = CommandRun.run("completion", "bash");
        assertThat(run.exit()).isZero();

        assertThat(complete(run.out(), "stateful", "val").lines()).containsExactly("validate");
        assertThat(complete(run.out(), "stateful", "rollout", "hi").lines()).containsExactly("history");
        assertThat(complete(run.out(), "stateful", "plan", "--st").lines()).containsExactly("--state");
    }

    @Test
    void zshGetsTheSameScriptThroughBashCompatibility() {
        CommandRun zsh = CommandRun.run("completion", "zsh");
        CommandRun bash = CommandRun.run("completion", "bash");

        assertThat(zsh.exit()).isZero();
        assertThat(zsh.out()).startsWith("autoload -U +X compinit && compinit").endsWith(bash.out());
    }

    @Test
    void anUnknownShellIsInvalid() {
        CommandRun run = CommandRun.run("completion", "fish");

        assertThat(run.exit()).isEqualTo(ExitCodes.INVALID);
        assertThat(run.err()).contains("fish").contains("bash, zsh");
    }
}
