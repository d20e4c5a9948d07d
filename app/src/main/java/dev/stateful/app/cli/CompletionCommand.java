package dev.stateful.app.cli;

import dev.stateful.app.ExitCodes;
import java.util.concurrent.Callable;
import picocli.AutoComplete;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/**
 * {@code stateful completion bash|zsh}: the shell completion script, like {@code kubectl completion}.
 * picocli's script serves both shells; zsh loads it through its bash compatibility layer.
 */
@Command(name = "completion", mixinStandardHelpOptions = true,
        description = {"Print a shell completion script for bash or zsh.",
            "bash: source <(stateful completion bash)    zsh: source <(stateful completion zsh)"})
public final class CompletionCommand implements Callable<Integer> {

    enum Shell { bash, zsh }

    @Parameters(paramLabel = "SHELL", description = "bash or zsh")
    Shell shell;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        CommandLine root = spec.root().commandLine();
        String script = AutoComplete.bash(root.getCommandName(), root);
        if (shell == Shell.zsh) {
            script = "autoload -U +X compinit && compinit\nautoload -U +X bashcompinit && bashcompinit\n" + script;
        }
        spec.commandLine().getOut().print(script);
        spec.commandLine().getOut().flush();
        return ExitCodes.OK;
    }
}
