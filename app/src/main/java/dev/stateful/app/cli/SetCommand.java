package dev.stateful.app.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code stateful set image ...}: kubectl's set commands (only image applies to a StatefulSet here). */
@Command(name = "set", mixinStandardHelpOptions = true, description = "Change a StatefulSet on a running `stateful serve`, like kubectl set.",
        subcommands = SetImageCommand.class)
public final class SetCommand implements Runnable {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }
}
