package dev.stateful.bench.planner;

import dev.stateful.bench.Figure;
import dev.stateful.bench.Row;
import dev.stateful.bench.Scale;
import dev.stateful.bench.Stats;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.options.Options;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;

/** Figure 1: the planner under JMH. Goal: one plan over 1,000 replicas ≤ 2× reading them once; cost linear. */
public final class PlannerFigure implements Figure {

    /** Per-replica cost at the largest size over that at the middle size; 1.0 is perfectly linear. */
    static final double LINEAR_TOLERANCE = 1.5;
    static final double GOAL = 2.0;

    private final Path workDir;

    public PlannerFigure(Path workDir) {
        this.workDir = workDir;
    }

    @Override
    public int number() {
        return 1;
    }

    @Override
    public String title() {
        return "planner (JMH)";
    }

    @Override
    public String expectedDuration(Scale scale) {
        long perRun = scale.jmhWarmups() * scale.jmhWarmupTime().toMillis() + scale.jmhIterations() * scale.jmhIterationTime().toMillis();
        long seconds = (perRun / 1000 + (scale.jmhForks() > 0 ? 2 : 0)) * 3L * scale.plannerReplicas().length;
        return "~" + seconds + " s";
    }

    @Override
    public List<Row> run(Scale scale) throws Exception {
        Files.createDirectories(workDir);
        String[] sizes = Arrays.stream(scale.plannerReplicas()).mapToObj(Integer::toString).toArray(String[]::new);
        Options options = new OptionsBuilder()
                .include(PlannerBenchmark.class.getName() + "\\.")
                .param("replicas", sizes)
                .forks(scale.jmhForks())
                .warmupIterations(scale.jmhWarmups())
                .warmupTime(TimeValue.milliseconds(scale.jmhWarmupTime().toMillis()))
                .measurementIterations(scale.jmhIterations())
                .measurementTime(TimeValue.milliseconds(scale.jmhIterationTime().toMillis()))
                .timeUnit(TimeUnit.NANOSECONDS)
                .shouldFailOnError(true)
                .output(workDir.resolve("jmh-planner.txt").toString())
                .build();
        Collection<RunResult> results = new Runner(options).run();
        Map<String, Double> nanos = new HashMap<>();
        for (RunResult r : results) {
            String method = r.getParams().getBenchmark().substring(r.getParams().getBenchmark().lastIndexOf('.') + 1);
            nanos.put(method + "@" + r.getParams().getParam("replicas"), r.getPrimaryResult().getScore());
        }
        return rows(scale.plannerReplicas(), nanos);
    }

    static List<Row> rows(int[] sizes, Map<String, Double> nanos) {
        int big = sizes[sizes.length - 1];
        int mid = sizes[sizes.length - 2];
        List<Row> rows = new ArrayList<>();
        rows.add(compare("1a", "planner: one plan, steady state, " + count(big) + " replicas",
                nanos.get("planSteady@" + big), nanos.get("readPodsOnce@" + big), true));
        rows.add(compare("1b", "planner: one plan, mid-rollout, " + count(big) + " replicas",
                nanos.get("planMidRollout@" + big), nanos.get("readPodsOnce@" + big), true));
        String[] ids = {"1c", "1d"};
        for (int i = 0; i < sizes.length - 1 && i < ids.length; i++) {
            int n = sizes[i];
            rows.add(compare(ids[i], "planner: one plan, steady state, " + count(n) + " replicas",
                    nanos.get("planSteady@" + n), nanos.get("readPodsOnce@" + n), false));
        }
        double perBig = nanos.get("planSteady@" + big) / big;
        double perMid = nanos.get("planSteady@" + mid) / mid;
        double growth = perBig / perMid;
        rows.add(new Row("1e", "planner growth: cost per replica at " + count(big) + " (ours) vs at " + count(mid) + " (baseline)",
                Stats.duration(perBig) + "/replica", Stats.duration(perMid) + "/replica", growth,
                String.format(Locale.ROOT, "≤ %.1fx (linear)", LINEAR_TOLERANCE), Row.Verdict.of(growth <= LINEAR_TOLERANCE)));
        return rows;
    }

    private static Row compare(String id, String figure, double ours, double baseline, boolean hasGoal) {
        double ratio = ours / baseline;
        return new Row(id, figure + " vs reading its pods once", Stats.duration(ours), Stats.duration(baseline), ratio,
                hasGoal ? "≤ 2x" : "-", hasGoal ? Row.Verdict.of(ratio <= GOAL) : Row.Verdict.INFO);
    }

    private static String count(int n) {
        return String.format(Locale.ROOT, "%,d", n);
    }
}
