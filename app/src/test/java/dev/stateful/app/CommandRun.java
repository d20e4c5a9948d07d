package dev.stateful.app;

import dev.stateful.app.cli.Main;
import java.io.PrintWriter;
import java.io.StringWriter;

/** One run of {@code stateful ARGS} in this JVM: its exit code and what it printed to each stream. */
public record CommandRun(int exit, String out, String err) {

    /** The whole command line, {@code stateful ARGS}, through the real main. */
    public static CommandRun run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int exit = Main.run(new PrintWriter(out, true), new PrintWriter(err, true), args);
        return new CommandRun(exit, out.toString(), err.toString());
    }

    /** The output and then the error output. */
    public String both() {
        return out + err;
    }
}
