package dev.stateful.bench.planner;

import dev.stateful.bench.Figure;
import dev.stateful.bench.Row;
import dev.stateful.bench.Scale;
import dev.stateful.bench.Stats;
import dev.stateful.domain.sync.StatefulSetPlanner;
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
    private final boolean jmh;

    public PlannerFigure(Path workDir, boolean jmh) {
        this.workDir = workDir;
        this.jmh = jmh;
    }

    @Override
    public int number() {
        return 1;
    }

    @Override
    public String title() {
        return jmh ? "planner (JMH)" : "planner (interleaved harness)";
    }

    @Override
    public String expectedDuration(Scale scale) {
        return scale.isQuick() ? "~2 s" : "~45 s";
    }

    /**
     * The default: an interleaved plain harness (see {@link Interleaved}); on a shared machine its
     * ratios hold up better than JMH's one-benchmark-after-another forks. {@link #runJmh} is the
     * same comparison under JMH, for a quiet machine ({@code --jmh}).
     */
    @Override
    public List<Row> run(Scale scale) throws Exception {
        return jmh ? runJmh(scale) : runInterleaved(scale);
    }

    List<Row> runInterleaved(Scale scale) {
        Map<String, Double> nanos = new HashMap<>();
        Map<String, Double> ratios = new HashMap<>();
        for (int n : scale.plannerReplicas()) {
            PlannerStates states = PlannerStates.build(n);
            PlannerBenchmark reader = new PlannerBenchmark();
            Interleaved harness = new Interleaved(
                    () -> StatefulSetPlanner.plan(states.steady()).phases().size(),
                    () -> StatefulSetPlanner.plan(states.rollout()).phases().size(),
                    () -> PlannerBenchmark.readOnce(states.steady().pods()));
            double[][] results = harness.run(scale.plannerWarmup().toNanos(), scale.plannerRounds(), scale.plannerSlice().toNanos());
            nanos.put("planSteady@" + n, Interleaved.median(results, 0));
            nanos.put("planMidRollout@" + n, Interleaved.median(results, 1));
            nanos.put("readPodsOnce@" + n, Interleaved.median(results, 2));
            ratios.put("planSteady@" + n, Interleaved.medianRatio(results, 0, 2));
            ratios.put("planMidRollout@" + n, Interleaved.medianRatio(results, 1, 2));
        }
        return rows(scale.plannerReplicas(), nanos, ratios);
    }

    List<Row> runJmh(Scale scale) throws Exception {
        Files.createDirectories(workDir);
        String[] sizes = Arrays.stream(scale.plannerReplicas()).mapToObj(Integer::toString).toArray(String[]::new);
        Options options = new OptionsBuilder()
                .include(PlannerBenchmark.class.getName() + "\\.")
                .param("replicas", sizes)
                .forks(1)
                .warmupIterations(3)
                .warmupTime(TimeValue.seconds(1))
                .measurementIterations(5)
                .measurementTime(TimeValue.seconds(1))
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
        Map<String, Double> ratios = new HashMap<>();
        for (int n : scale.plannerReplicas()) {
            ratios.put("planSteady@" + n, nanos.get("planSteady@" + n) / nanos.get("readPodsOnce@" + n));
            ratios.put("planMidRollout@" + n, nanos.get("planMidRollout@" + n) / nanos.get("readPodsOnce@" + n));
        }
        return rows(scale.plannerReplicas(), nanos, ratios);
    }

    static List<Row> rows(int[] sizes, Map<String, Double> nanos, Map<String, Double> ratios) {
        int big = sizes[sizes.length - 1];
        int mid = sizes[sizes.length - 2];
        List<Row> rows = new ArrayList<>();
        rows.add(compare("1a", "planner: one plan, steady state, " + count(big) + " replicas",
                nanos.get("planSteady@" + big), nanos.get("readPodsOnce@" + big), ratios.get("planSteady@" + big), true));
        rows.add(compare("1b", "planner: one plan, mid-rollout, " + count(big) + " replicas",
                nanos.get("planMidRollout@" + big), nanos.get("readPodsOnce@" + big), ratios.get("planMidRollout@" + big), true));
        String[] ids = {"1c", "1d"};
        for (int i = 0; i < sizes.length - 1 && i < ids.length; i++) {
            int n = sizes[i];
            rows.add(compare(ids[i], "planner: one plan, steady state, " + count(n) + " replicas",
                    nanos.get("planSteady@" + n), nanos.get("readPodsOnce@" + n), ratios.get("planSteady@" + n), false));
        }
        double perBig = nanos.get("planSteady@" + big) / big;
        double perMid = nanos.get("planSteady@" + mid) / mid;
        double growth = perBig / perMid;
        rows.add(new Row("1e", "planner growth: cost per replica at " + count(big) + " (ours) vs at " + count(mid) + " (baseline)",
                Stats.duration(perBig) + "/replica", Stats.duration(perMid) + "/replica", growth,
                String.format(Locale.ROOT, "≤ %.1fx (linear)", LINEAR_TOLERANCE), Row.Verdict.of(growth <= LINEAR_TOLERANCE)));
        return rows;
    }

    private static Row compare(String id, String figure, double ours, double baseline, double ratio, boolean hasGoal) {
        return new Row(id, figure + " vs reading its pods once", Stats.duration(ours), Stats.duration(baseline), ratio,
                hasGoal ? "≤ 2x" : "-", hasGoal ? Row.Verdict.of(ratio <= GOAL) : Row.Verdict.INFO);
    }

    private static String count(int n) {
        return String.format(Locale.ROOT, "%,d", n);
    }
}
