package dev.stateful.app.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code stateful rollout status|history|undo|restart|pause|resume NAME}: kubectl's rollout commands against a running {@code serve}. */
@Command(name = "rollout", mixinStandardHelpOptions = true,
        description = "Watch, list, undo, restart, pause and resume StatefulSet rollouts on a running `stateful serve`, like kubectl rollout.",
        subcommands = {RolloutStatusCommand.class, RolloutHistoryCommand.class, RolloutUndoCommand.class,
                RolloutRestartCommand.class, RolloutPauseCommand.class, RolloutResumeCommand.class})
public final class RolloutCommand implements Runnable {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }
}
