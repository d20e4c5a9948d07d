package dev.stateful.app.grpc;

import dev.stateful.app.CommandRun;
import dev.stateful.app.cli.EngineCommand;
import dev.stateful.app.cli.RolloutCommand;
import dev.stateful.app.cli.ServeCommand;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine;

/**
 * The gRPC commands run in the test JVM as a user would run them (Main registers them; these
 * tests call them directly). Long-running ones run on a thread and stop when interrupted.
 */
final class Commands {

    static final Path WEB = Path.of("..", "examples", "web.yaml");
    /** {@link #WEB} as our own kind, ordinal 1 reserved (web-0, web-2, web-3). */
    static final Path WEB_OF_OUR_KIND = Path.of("..", "examples", "web-reserved.yaml");
    private static final Pattern LISTENING = Pattern.compile("serving stateful\\.v1 on [^:]+:(\\d+)");

    private Commands() {
    }

    static CommandRun rollout(String... args) {
        return run(new RolloutCommand(), args);
    }

    /** The whole command line, {@code stateful ARGS}, through the real main. */
    static CommandRun main(String... args) {
        return CommandRun.run(args);
    }

    static CommandRun run(Object command, String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine cli = new CommandLine(command);
        cli.setOut(new PrintWriter(out, true));
        cli.setErr(new PrintWriter(err, true));
        int exit = cli.execute(args);
        return new CommandRun(exit, out.toString(), err.toString());
    }

    /** A command running in the background until closed. */
    static final class Background implements AutoCloseable {
        private final StringWriter out = new StringWriter();
        private final StringWriter err = new StringWriter();
        private final Thread thread;
        private volatile int exit = -1;

        Background(Object command, String... args) {
            CommandLine cli = new CommandLine(command);
            cli.setOut(new PrintWriter(out, true));
            cli.setErr(new PrintWriter(err, true));
            thread = new Thread(() -> exit = cli.execute(args), command.getClass().getSimpleName());
            thread.setDaemon(true);
            thread.start();
        }

        /** Waits for {@code pattern} in the output or the error output; returns its first group. */
        String await(Pattern pattern, Duration timeout) throws InterruptedException {
            long until = System.nanoTime() + timeout.toNanos();
            while (System.nanoTime() < until) {
                Matcher m = pattern.matcher(out.toString() + err.toString());
                if (m.find()) {
                    return m.groupCount() > 0 ? m.group(1) : m.group();
                }
                if (!thread.isAlive()) {
                    throw new AssertionError("the command ended with " + exit + ": " + out + err);
                }
                TimeUnit.MILLISECONDS.sleep(20);
            }
            throw new AssertionError("timed out waiting for " + pattern + " in: " + out + err);
        }

        String out() {
            return out.toString();
        }

        String err() {
            return err.toString();
        }

        @Override
        public void close() throws InterruptedException {
            thread.interrupt();
            thread.join(TimeUnit.SECONDS.toMillis(20));
        }
    }

    /** {@code stateful serve ...} on a free port; returns once it listens. */
    static Served serve(String... args) throws InterruptedException {
        String[] all = new String[args.length + 2];
        all[0] = "--port";
        all[1] = "0";
        System.arraycopy(args, 0, all, 2, args.length);
        Background server = new Background(new ServeCommand(), all);
        int port = Integer.parseInt(server.await(LISTENING, Duration.ofSeconds(30)));
        return new Served(server, port);
    }

    /** A running {@code serve} and its port. */
    record Served(Background process, int port) implements AutoCloseable {
        String address() {
            return "127.0.0.1:" + port;
        }

        @Override
        public void close() throws InterruptedException {
            process.close();
        }
    }

    static Background engine(String... args) {
        return new Background(new EngineCommand(), args);
    }
}
