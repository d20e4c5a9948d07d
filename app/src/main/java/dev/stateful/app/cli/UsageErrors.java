package dev.stateful.app.cli;

import dev.stateful.app.ExitCodes;
import java.io.PrintWriter;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import picocli.CommandLine;

/**
 * How a wrong command line is reported, as kubectl does: the mistake first (an unknown option is
 * named even when a required one is missing too, since the unknown one is usually the misspelt
 * required one), picocli's suggestions, and where to find the usage; exit code 2.
 */
public final class UsageErrors implements CommandLine.IParameterExceptionHandler {

    @Override
    public int handleParseException(CommandLine.ParameterException ex, String[] args) {
        CommandLine cmd = ex.getCommandLine();
        PrintWriter err = cmd.getErr();
        CommandLine.ParameterException reported = ex;
        if (!(ex instanceof CommandLine.UnmatchedArgumentException)) {
            Optional<String> unknown = unknownOption(cmd, args);
            if (unknown.isPresent()) {
                reported = new CommandLine.UnmatchedArgumentException(cmd, List.of(unknown.get()));
            }
        }
        err.println(unknownCommand(cmd, reported).orElse(reported.getMessage()));
        if (reported instanceof CommandLine.UnmatchedArgumentException unmatched) {
            CommandLine.UnmatchedArgumentException.printSuggestions(unmatched, err);
        }
        err.println("Run '" + cmd.getCommandSpec().qualifiedName() + " --help' for usage.");
        err.flush();
        return ExitCodes.INVALID;
    }

    /**
     * A word where a command with subcommands expects one of them, named as kubectl names it; picocli's own
     * {@code Unmatched arguments from index 0: 'valdate', '-f', 'x'} says neither that it was taken for a command nor which.
     */
    private static Optional<String> unknownCommand(CommandLine cmd, CommandLine.ParameterException reported) {
        if (!(reported instanceof CommandLine.UnmatchedArgumentException unmatched) || cmd.getSubcommands().isEmpty()
                || unmatched.getUnmatched().isEmpty() || unmatched.getUnmatched().get(0).startsWith("-")) {
            return Optional.empty();
        }
        return Optional.of("Unknown command '" + unmatched.getUnmatched().get(0) + "' for '" + cmd.getCommandSpec().qualifiedName() + "'");
    }

    /** The first argument that looks like an option but is none of the command's (or its parents'). */
    static Optional<String> unknownOption(CommandLine cmd, String[] args) {
        return Arrays.stream(args)
                .filter(a -> a.startsWith("-") && a.length() > 1 && !a.equals("--") && !Character.isDigit(a.charAt(1)))
                .map(a -> a.contains("=") ? a.substring(0, a.indexOf('=')) : a)
                .filter(name -> !isOption(cmd, name))
                .findFirst();
    }

    private static boolean isOption(CommandLine cmd, String name) {
        for (CommandLine c = cmd; c != null; c = c.getParent()) {
            CommandLine.Model.OptionSpec option = c.getCommandSpec().findOption(name);
            if (option != null) {
                return true;
            }
            if (name.startsWith("--no-") && c.getCommandSpec().findOption("--" + name.substring(5)) != null) {
                return true; // the negated form of a negatable option
            }
            if (!name.startsWith("--") && name.length() > 2 && c.getCommandSpec().findOption(name.substring(0, 2)) != null) {
                return true; // a short option with its value attached, as kubectl takes -nprod
            }
        }
        return false;
    }
}
