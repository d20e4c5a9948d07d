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

    public static void main(String[] args) {
        CommonPool.atLeastTwoThreads(); // before anything makes the common pool
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
        cli.setOut(out);
        cli.setErr(err);
        cli.setParameterExceptionHandler(new UsageErrors());
        cli.setExecutionExceptionHandler((ex, commandLine, parseResult) -> {
            commandLine.getErr().println("error: " + (ex.getMessage() == null ? ex.getClass().getSimpleName() : ex.getMessage()));
            return ex instanceof InvalidInputException ? ExitCodes.INVALID : ExitCodes.FAILURE;
        });
        return cli.execute(args);
    }

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }
}
