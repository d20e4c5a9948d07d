package dev.stateful.bench.upstream;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class QueueSyncsTest {

    /** As kube-controller-manager prints them (client-go's workqueue metrics), another queue between. */
    static final String CLIENT_GO = """
            # HELP workqueue_adds_total [ALPHA] Total number of adds handled by workqueue
            # TYPE workqueue_adds_total counter
            workqueue_adds_total{name="deployment"} 7
            workqueue_adds_total{name="statefulset"} 1412
            workqueue_work_duration_seconds_bucket{name="statefulset",le="0.001"} 3
            workqueue_work_duration_seconds_sum{name="statefulset"} 52.27
            workqueue_work_duration_seconds_count{name="statefulset"} 1400
            workqueue_work_duration_seconds_count{name="deployment"} 7
            """;

    /** As ours prints them (Micrometer's Prometheus registry). */
    static final String MICROMETER = """
            workqueue_adds_total{name="statefulset"} 99.0
            workqueue_work_duration_seconds_count{name="statefulset"} 98
            workqueue_work_duration_seconds_sum{name="statefulset"} 5.22
            """;

    @Test
    void reads_the_statefulset_queue_and_no_other() {
        assertThat(QueueSyncs.parse(CLIENT_GO)).isEqualTo(new QueueSyncs(1412, 1400, 52.27));
        assertThat(QueueSyncs.parse(MICROMETER)).isEqualTo(new QueueSyncs(99, 98, 5.22));
    }

    @Test
    void a_scenario_is_the_difference_of_two_readings() {
        QueueSyncs scenario = new QueueSyncs(1412, 1400, 52.27).minus(new QueueSyncs(12, 0, 0.27));

        assertThat(scenario.text()).isEqualTo("1400 keys added, 1400 syncs taking 52.00 s (37.14 ms each)");
    }

    @Test
    void a_failed_reading_says_so_instead_of_a_number() {
        assertThat(new QueueSyncs(10, 10, 1).minus(QueueSyncs.UNREAD).text()).isEqualTo("not read");
    }
}
