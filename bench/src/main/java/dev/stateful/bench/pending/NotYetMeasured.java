package dev.stateful.bench.pending;

import dev.stateful.bench.Figure;
import dev.stateful.bench.Row;
import dev.stateful.bench.Scale;
import java.util.List;

/**
 * EXTENSION POINT for figures whose harness needs code that is still being written elsewhere. Its
 * rows say "not measured yet" rather than inventing numbers. To fill one in, implement
 * {@link Figure} (keep the row ids, so the smoke test and docs/benchmarks.md stay aligned) and swap
 * it in {@code BenchMain.figures()}.
 *
 * <ul>
 *   <li><b>5, gRPC</b> ({@link #grpc()}): start the {@code stateful.v1} service from adapters-grpc on
 *       127.0.0.1:0 (in this JVM), call {@code Plan} for a 100-pod set (reuse figure 1's
 *       {@code PlannerStates.build(100)} snapshot, encoded once) from a blocking stub, 1 warm-up
 *       second then N calls; rows 5a p50, 5b p99 (goal p99 ≤ 1 ms) and 5c throughput, each against
 *       the same request answered in process (the service implementation called directly).</li>
 *   <li><b>6, start-up</b> ({@link #startup()}): put 10,000 pods (and their sets) on the mock API
 *       as figure 4 does, start {@code java -jar app/target/stateful.jar controller} against it with
 *       a kubeconfig, poll {@code /readyz} until 200; baseline: a fresh JVM listing the same pods with
 *       the raw fabric8 client (so JVM start-up is in both).</li>
 * </ul>
 */
public final class NotYetMeasured implements Figure {

    private final int number;
    private final String title;
    private final List<Row> rows;

    private NotYetMeasured(int number, String title, List<Row> rows) {
        this.number = number;
        this.title = title;
        this.rows = rows;
    }

    /** Figure 5: waits for the gRPC module (adapters-grpc service). */
    public static NotYetMeasured grpc() {
        return new NotYetMeasured(5, "gRPC Plan latency", List.of(
                Row.notMeasured("5a", "gRPC Plan, 100-pod set, p50 over loopback vs in process", "-"),
                Row.notMeasured("5b", "gRPC Plan, 100-pod set, p99 over loopback vs in process", "p99 ≤ 1 ms"),
                Row.notMeasured("5c", "gRPC Plan, 100-pod set, throughput over loopback vs in process", "-")));
    }

    /** Figure 6: waits for the {@code controller} command (with /readyz) in app. */
    public static NotYetMeasured startup() {
        return new NotYetMeasured(6, "start-up to /readyz", List.of(
                Row.notMeasured("6a", "start-up: process start to /readyz with 10,000 pods on the mock API vs listing them with the raw client", "-")));
    }

    @Override
    public int number() {
        return number;
    }

    @Override
    public String title() {
        return title + " (not measured yet)";
    }

    @Override
    public String expectedDuration(Scale scale) {
        return "0 s";
    }

    @Override
    public List<Row> run(Scale scale) {
        return rows;
    }
}
