package dev.stateful.app.cli;

import dev.stateful.app.ExitCodes;
import dev.stateful.app.InvalidInputException;
import dev.stateful.fabric8.client.ClientFactory;
import java.util.List;
import org.slf4j.LoggerFactory;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** The {@code stateful} executable: one picocli command per entry point. */
@Command(name = "stateful",
        mixinStandardHelpOptions = true,
        versionProvider = VersionProvider.class,
        description = "A StatefulSet controller: run it against a cluster, serve it over gRPC, or try it on the embedded in-memory cluster.")
public final class Main implements Runnable {

    /** The subcommands, in the order the usage lists them. */
    private static final List<Class<?>> SUBCOMMANDS = List.of(DemoCommand.class, ControllerCommand.class, MigrateCommand.class, ServeCommand.class,
            RolloutCommand.class, ScaleCommand.class, SetCommand.class, EngineCommand.class, ValidateCommand.class, PlanCommand.class,
            CompletionCommand.class, CommandLine.HelpCommand.class);

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    /**
     * gRPC's and Netty's java.util.logging loggers, held: a logger nothing references may be collected, and its level
     * with it. They log a warning with a stack trace for each retry of a server that cannot be reached or each bad
     * request a client sends, which the command already reports in one line; SEVERE ones still show, and
     * STATEFUL_LOG_LEVEL=DEBUG (or TRACE) shows them all.
     */
    private static final List<java.util.logging.Logger> QUIETED = List.of(java.util.logging.Logger.getLogger("io.grpc"),
            java.util.logging.Logger.getLogger("io.netty"));

    public static void main(String[] args) {
        CommonPool.atLeastTwoThreads(); // before anything makes the common pool
        String level = System.getenv("STATEFUL_LOG_LEVEL");
        if (level == null || !List.of("DEBUG", "TRACE", "ALL").contains(level.strip().toUpperCase(java.util.Locale.ROOT))) {
            QUIETED.forEach(logger -> logger.setLevel(java.util.logging.Level.SEVERE));
        }
        if (args.length > 0 && args[0].equals("controller")) {
            // logging first, on this thread: SLF4J gives a thread that asks while another thread is
            // initialising it a substitute factory, so LogFormat.apply, racing the warm-up's first
            // logger, would find no logback context and leave the format and levels unset
            LoggerFactory.getILoggerFactory();
            // the controller's first request waits for fabric8's initialisation: start it now
            ClientFactory.warmUp();
        }
        System.exit(run(args));
    }

    /** Runs the command line and returns the exit code; errors become one clear line, not a stack trace. */
    public static int run(String... args) {
        return run(new java.io.PrintWriter(System.out, true), new java.io.PrintWriter(System.err, true), args);
    }

    /** Runs with the given output streams (tests capture them). */
    public static int run(java.io.PrintWriter out, java.io.PrintWriter err, String... args) {
        CommandLine cli = new CommandLine(new Main());
        // picocli builds the model of every subcommand it is given, loading the classes their options
        // name (gRPC's and protobuf's for serve and engine): the controller, whose start-up time
        // matters, gets only its own
        boolean controller = args.length > 0 && args[0].equals("controller");
        for (Class<?> subcommand : controller ? List.of(ControllerCommand.class) : SUBCOMMANDS) {
            cli.addSubcommand(subcommand);
        }
        // every subcommand's help lists -V, --version (mixinStandardHelpOptions): each answers as the executable does
        withVersion(cli, new VersionProvider());
        cli.setOut(out);
        cli.setErr(err);
        cli.setParameterExceptionHandler(new UsageErrors());
        cli.setExecutionExceptionHandler((ex, commandLine, parseResult) -> {
            commandLine.getErr().println("error: " + (ex.getMessage() == null ? ex.getClass().getSimpleName() : ex.getMessage()));
            return ex instanceof InvalidInputException ? ExitCodes.INVALID : ExitCodes.FAILURE;
        });
        return cli.execute(args);
    }

    private static void withVersion(CommandLine command, CommandLine.IVersionProvider version) {
        command.getCommandSpec().versionProvider(version);
        command.getSubcommands().values().forEach(sub -> withVersion(sub, version));
    }

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }
}
