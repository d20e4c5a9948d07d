package dev.stateful.bench.upstream;

import dev.stateful.bench.Figure;
import dev.stateful.bench.Log;
import dev.stateful.bench.Row;
import dev.stateful.bench.Scale;
import dev.stateful.bench.Stats;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Ours against kube-controller-manager's own StatefulSet controller (v1.36.3, built from upstream),
 * each on a fresh control plane of its own, one after the other in this run, under the same client
 * rate limit: the workloads of {@link Scenarios}, timed by the API server's audit log, and the
 * controller's API requests by verb and resource. Each side runs in a JVM of its own
 * ({@link SideProcess}). {@link #rateLimited()} is at kube-controller-manager's default limit (20 qps,
 * burst 30; ours has the same defaults), {@link #unlimited()} with the limits off, and it runs ours
 * first, so a drift of the machine's load does not always favour the same side.
 */
public final class UpstreamFigure implements Figure {

    private final int number;
    private final RateLimit rate;
    private final List<Side> order;

    private UpstreamFigure(int number, RateLimit rate, List<Side> order) {
        this.number = number;
        this.rate = rate;
        this.order = order;
    }

    public static UpstreamFigure rateLimited() {
        return new UpstreamFigure(7, RateLimit.defaults(), List.of(Side.UPSTREAM, Side.OURS));
    }

    public static UpstreamFigure unlimited() {
        return new UpstreamFigure(8, RateLimit.off(), List.of(Side.OURS, Side.UPSTREAM));
    }

    /** Figure {@code number}, 7 or 8. */
    static UpstreamFigure of(int number) {
        return switch (number) {
            case 7 -> rateLimited();
            case 8 -> unlimited();
            default -> throw new IllegalArgumentException("figures 7 and 8 compare with upstream, not " + number);
        };
    }

    @Override
    public int number() {
        return number;
    }

    @Override
    public String title() {
        List<String> extra = BenchPlane.extraControllerManagerFlags();
        return "against kube-controller-manager's StatefulSet controller, " + rate.name()
                + (extra.isEmpty() ? "" : ", kube-controller-manager with " + String.join(" ", extra));
    }

    @Override
    public String expectedDuration(Scale scale) {
        return scale.isQuick() ? "~1 min" : number == 7 ? "~10 min" : "~5 min";
    }

    @Override
    public List<Row> run(Scale scale) throws Exception {
        Scale.Upstream size = scale.upstream();
        Map<Side, Scenarios.Results> results = new EnumMap<>(Side.class);
        for (Side side : order) {
            Log.progress("  %s controller, %s", side, rate.name());
            results.put(side, SideProcess.run(number, side, size));
        }
        Scenarios.Results ours = results.get(Side.OURS);
        Scenarios.Results upstream = results.get(Side.UPSTREAM);
        String limit = rate.name();
        String parallel = String.format(Locale.ROOT, "%,d-replica Parallel set, one claim template", size.parallelReplicas());
        String ordered = String.format(Locale.ROOT, "%,d OrderedReady sets x %d replicas created at once", size.sets(), size.setReplicas());
        String rolling = "rolling update of " + parallel + " to a new image, maxUnavailable 10 %";
        String p = Integer.toString(number);
        return List.of(
                time(p + "a", parallel + ", until all pods exist, " + limit, ours.parallel().podsExist(), upstream.parallel().podsExist()),
                time(p + "b", parallel + ", until all pods are Ready, " + limit, ours.parallel().allReady(), upstream.parallel().allReady()),
                time(p + "c", rolling + ", until all are updated and Ready, " + limit, ours.rollingUpdate().nanos(), upstream.rollingUpdate().nanos()),
                time(p + "d", ordered + ", until all are Ready, " + limit, ours.ordered().nanos(), upstream.ordered().nanos()),
                requests(p + "e", "API requests of " + p + "a/" + p + "b", ours.parallel().requests(), upstream.parallel().requests()),
                requests(p + "f", "API requests of " + p + "c", ours.rollingUpdate().requests(), upstream.rollingUpdate().requests()),
                requests(p + "g", "API requests of " + p + "d", ours.ordered().requests(), upstream.ordered().requests()),
                new Row(p + "h", "CPU seconds of the controller's process over " + p + "a-" + p + "d (user + system; upstream: the whole "
                        + "kube-controller-manager, all its controllers)", cpu(ours.cpuSeconds()), cpu(upstream.cpuSeconds()),
                        ours.cpuSeconds() / upstream.cpuSeconds(), "report", Row.Verdict.INFO),
                new Row(p + "i", "CPU seconds of kube-apiserver and etcd over " + p + "a-" + p + "d (user + system; what the server spent on "
                        + "the controller, the simulated kubelet and the bench's reads together)", cpu(ours.serverCpuSeconds()),
                        cpu(upstream.serverCpuSeconds()), ours.serverCpuSeconds() / upstream.serverCpuSeconds(), "report", Row.Verdict.INFO));
    }

    /** One side on a fresh plane of its own, in this JVM: what {@link SideMain} runs. */
    Scenarios.Results runSide(Side side, Scale.Upstream size) throws Exception {
        try (BenchPlane plane = BenchPlane.start(side, rate, "bench-" + number + "-" + side.name().toLowerCase(Locale.ROOT),
                BenchPlane.WarmUp.forSize(size))) {
            return Scenarios.runAll(plane, size.parallelReplicas(), size.sets(), size.setReplicas());
        }
    }

    private static String cpu(double seconds) {
        return String.format(Locale.ROOT, "%.1f s", seconds);
    }

    private static Row time(String id, String figure, long ours, long upstream) {
        double ratio = (double) ours / upstream;
        return new Row(id, figure + " (ours vs kube-controller-manager)", Stats.duration(ours), Stats.duration(upstream), ratio, "≤ 1.0x",
                Row.Verdict.of(ratio <= 1.0));
    }

    private static Row requests(String id, String figure, RequestCount ours, RequestCount upstream) {
        double ratio = (double) ours.compared() / upstream.compared();
        return new Row(id, figure + " by verb and resource, the StatefulSet controller's user in the audit log, list/watch left out",
                ours.text(), upstream.text(), ratio, "≤ 1.0x", Row.Verdict.of(ratio <= 1.0));
    }
}
