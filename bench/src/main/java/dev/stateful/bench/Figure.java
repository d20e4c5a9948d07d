package dev.stateful.bench;

import java.util.List;

/**
 * One figure of docs/benchmarks.md: runs its harness at the given scale and returns its rows. Every row that
 * has a goal compares ours with a baseline measured in the same run.
 *
 * <p>Extension point: figures 5 (gRPC) and 6 (start-up) are {@link NotYetMeasured} until their
 * harnesses exist; replace them in {@link BenchMain#figures()} with a real implementation.
 */
public interface Figure {

    /** The figure number as docs/benchmarks.md numbers them. */
    int number();

    String title();

    /** Rough wall-clock time at full scale, printed before the figure starts. */
    String expectedDuration(Scale scale);

    List<Row> run(Scale scale) throws Exception;
}
