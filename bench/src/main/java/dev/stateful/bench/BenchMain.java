package dev.stateful.bench;

import dev.stateful.bench.api.ApiFigure;
import dev.stateful.bench.converge.ConvergeFigure;
import dev.stateful.bench.grpc.GrpcFigure;
import dev.stateful.bench.memory.MemoryFigure;
import dev.stateful.bench.planner.PlannerFigure;
import dev.stateful.bench.startup.StartupFigure;
import dev.stateful.bench.upstream.MemoryVsUpstreamFigure;
import dev.stateful.bench.upstream.UpstreamFigure;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Runs every figure of docs/benchmarks.md (7 to 9: against kube-controller-manager) and prints one table on stdout
 * (progress goes to stderr):
 * <pre>
 * ./mvnw -q -pl bench -am package -DskipTests &amp;&amp; java -jar bench/target/bench.jar
 * </pre>
 * Figures are numbered as in docs/benchmarks.md. Options: {@code --quick} (tiny sizes, for the smoke test; numbers meaningless),
 * {@code --only 1,3} (some figures), {@code --jmh} (docs/benchmarks.md figure 1 under JMH, forked, ~2 min: for a
 * quiet machine), {@code --work-dir DIR} (JMH output; default
 * {@code bench/target/bench-work} or the temp dir), {@code --memory-pods N} (docs/benchmarks.md figure 4 with N pods
 * instead of 10,000: for iterating on the cache; the documented figure is the default size),
 * {@code --upstream-size P,S,R,MS,MR} (figures 7 to 9 at other sizes: a P-replica Parallel set, S
 * OrderedReady sets of R, MS sets of MR pods for memory; full: 500,200,5,100,100).
 */
public final class BenchMain {

    private BenchMain() {
    }

    public static void main(String[] args) throws Exception {
        Scale scale = Scale.full();
        Set<Integer> only = new HashSet<>();
        Path workDir = defaultWorkDir();
        boolean jmh = false;
        Integer memoryPods = null;
        Scale.Upstream upstream = null;
        for (int i = 0; i < args.length; i++) {
            String arg = args[i];
            if (arg.equals("--quick")) {
                scale = Scale.quick();
            } else if (arg.equals("--only") && i + 1 < args.length) {
                for (String n : args[++i].split(",")) {
                    only.add(Integer.parseInt(n.trim()));
                }
            } else if (arg.equals("--jmh")) {
                jmh = true;
            } else if (arg.equals("--work-dir") && i + 1 < args.length) {
                workDir = Path.of(args[++i]);
            } else if (arg.equals("--memory-pods") && i + 1 < args.length) {
                memoryPods = Integer.parseInt(args[++i]);
            } else if (arg.equals("--upstream-size") && i + 1 < args.length) {
                upstream = Scale.Upstream.parse(args[++i]);
            } else {
                System.err.println("usage: java -jar bench.jar [--quick] [--only 1,2,...] [--jmh] [--work-dir DIR] [--memory-pods N]"
                        + " [--upstream-size PARALLEL,SETS,SET_REPLICAS,MEMORY_SETS,MEMORY_REPLICAS]");
                System.exit(2);
            }
        }
        if (memoryPods != null) {
            scale = scale.withMemoryPods(memoryPods);
        }
        if (upstream != null) {
            scale = scale.withUpstream(upstream);
        }
        String loadBefore = Machine.load();
        long start = System.nanoTime();
        List<Row> rows = run(scale, only, workDir, jmh);
        System.out.printf(java.util.Locale.ROOT, "%s; scale %s; took %.0f s; load average %s at start, %s at end%n",
                Machine.describe(), scale.name(), (System.nanoTime() - start) / 1e9, loadBefore, Machine.load());
        System.out.print(Table.render(rows));
        System.out.flush();
        // mock servers and informer threads may linger after their figure; the table is the result
        System.exit(rows.stream().anyMatch(r -> r.verdict() == Row.Verdict.FAILED) ? 1 : 0);
    }

    public static List<Row> run(Scale scale, Set<Integer> only, Path workDir, boolean jmh) {
        List<Row> rows = new ArrayList<>();
        for (Figure figure : figures(workDir, jmh)) {
            if (!only.isEmpty() && !only.contains(figure.number())) {
                continue;
            }
            Log.progress("figure %d: %s (%s)", figure.number(), figure.title(), figure.expectedDuration(scale));
            try {
                List<Row> got = figure.run(scale);
                for (Row r : got) {
                    Log.progress("  %s %s: ours %s, baseline %s, ratio %s, %s", r.id(), r.figure(), r.ours(), r.baseline(),
                            r.ratioText(), r.verdict().text());
                }
                rows.addAll(got);
            } catch (Exception | AssertionError e) {
                e.printStackTrace();
                rows.add(Row.failed(figure.number() + "", figure.title(), e));
            }
        }
        return rows;
    }

    /** Figures in issue order.  */
    static List<Figure> figures(Path workDir, boolean jmh) {
        return List.of(
                new PlannerFigure(workDir, jmh),
                new ConvergeFigure(),
                new ApiFigure(),
                new MemoryFigure(),
                new GrpcFigure(),
                new StartupFigure(),
                UpstreamFigure.rateLimited(),
                UpstreamFigure.unlimited(),
                new MemoryVsUpstreamFigure());
    }

    private static Path defaultWorkDir() {
        Path target = Path.of("bench", "target");
        return target.toFile().isDirectory() ? target.resolve("bench-work")
                : Path.of(System.getProperty("java.io.tmpdir"), "stateful-bench");
    }
}
