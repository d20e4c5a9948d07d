package dev.stateful.bench.upstream;

import dev.stateful.bench.Scale;
import io.fabric8.kubernetes.client.utils.Serialization;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/**
 * One side of figure 7 or 8 as a process of its own ({@link SideProcess}): {@code SideMain FIGURE SIDE
 * PARALLEL SETS SET_REPLICAS}. It starts that side's plane, runs {@link Scenarios#runAll} on it, and
 * prints {@value #RESULTS} and the results as JSON on one line of its output; progress goes to its
 * error stream, which the bench's own is.
 */
public final class SideMain {

    static final String RESULTS = "results";

    private SideMain() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length != 5) {
            System.err.println("usage: SideMain FIGURE SIDE PARALLEL SETS SET_REPLICAS");
            System.exit(2);
        }
        UpstreamFigure figure = UpstreamFigure.of(Integer.parseInt(args[0]));
        Side side = Side.valueOf(args[1]);
        Scale.Upstream size = new Scale.Upstream(Integer.parseInt(args[2]), Integer.parseInt(args[3]), Integer.parseInt(args[4]), 1, 1);
        Scenarios.Results results = figure.runSide(side, size);
        PrintStream out = new PrintStream(System.out, true, StandardCharsets.UTF_8);
        out.println(RESULTS + " " + Serialization.asJson(results));
        // the fabric8 clients' threads are not all daemons; the plane and its processes are closed
        System.exit(0);
    }
}
