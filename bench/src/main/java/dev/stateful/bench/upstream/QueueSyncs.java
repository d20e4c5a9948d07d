package dev.stateful.bench.upstream;

import java.util.Locale;

/**
 * The StatefulSet work queue's counters from a controller's /metrics, under client-go's names (ours
 * exports the same, {@code QueueMetrics}): keys added, keys synced and the time the syncs took. The
 * difference of two readings says how many syncs a scenario cost each side and how long one took,
 * which the CPU of a whole process cannot tell apart from its watching.
 */
record QueueSyncs(double adds, double syncs, double syncSeconds) {

    static final String QUEUE = "statefulset";

    /** A reading that failed: every difference with it is not a number, and says so. */
    static final QueueSyncs UNREAD = new QueueSyncs(Double.NaN, Double.NaN, Double.NaN);

    /** The three counters of queue {@value #QUEUE} in Prometheus' text format; 0 for any not there. */
    static QueueSyncs parse(String metrics) {
        double adds = 0;
        double syncs = 0;
        double seconds = 0;
        for (String line : metrics.lines().toList()) {
            if (line.startsWith("#") || !line.contains("name=\"" + QUEUE + "\"")) {
                continue;
            }
            double value = Double.parseDouble(line.substring(line.lastIndexOf(' ') + 1));
            if (line.startsWith("workqueue_adds_total{")) {
                adds = value;
            } else if (line.startsWith("workqueue_work_duration_seconds_count{")) {
                syncs = value;
            } else if (line.startsWith("workqueue_work_duration_seconds_sum{")) {
                seconds = value;
            }
        }
        return new QueueSyncs(adds, syncs, seconds);
    }

    QueueSyncs minus(QueueSyncs before) {
        return new QueueSyncs(adds - before.adds, syncs - before.syncs, syncSeconds - before.syncSeconds);
    }

    String text() {
        if (Double.isNaN(syncs)) {
            return "not read";
        }
        return String.format(Locale.ROOT, "%.0f keys added, %.0f syncs taking %.2f s (%.2f ms each)", adds, syncs, syncSeconds,
                syncs == 0 ? 0 : syncSeconds * 1000 / syncs);
    }
}
