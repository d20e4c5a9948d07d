package dev.stateful.inmemory.ports;

import static dev.stateful.inmemory.testing.TestObjects.statefulSet;
import static org.assertj.core.api.Assertions.assertThat;

import dev.stateful.domain.model.StatefulSet;
import dev.stateful.inmemory.InMemoryCluster;
import dev.stateful.inmemory.events.InvolvedObject;
import dev.stateful.inmemory.events.RecordedEvent;
import dev.stateful.ports.EventRecorder;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/** Events on the StatefulSet, folded like kube's event correlator. */
class InMemoryEventRecorderTest {

    private final InMemoryCluster cluster = InMemoryCluster.create();
    private final EventRecorder recorder = cluster.eventRecorder();
    private final StatefulSet set = cluster.user().statefulSets().create(statefulSet("web", 1));

    @Test
    void anEventNamesTheSetTheControllerAndTheTime() {
        recorder.record(set, EventRecorder.Type.Normal, "SuccessfulCreate", "Create Pod web-0 in StatefulSet web successful");

        RecordedEvent event = cluster.events().all().get(0);
        assertThat(event.involvedObject()).isEqualTo(new InvolvedObject("StatefulSet", "default", "web", set.metadata().uid()));
        assertThat(event.type()).isEqualTo("Normal");
        assertThat(event.source()).isEqualTo("statefulset-controller");
        assertThat(event.count()).isEqualTo(1);
        assertThat(event.firstTimestamp()).isEqualTo(cluster.clock().instant());
    }

    @Test
    void identicalEventsAreOneEventWithACountAndTheLatestTimestamp() {
        Instant first = cluster.clock().instant();
        recorder.record(set, EventRecorder.Type.Warning, "FailedCreate", "Create Pod web-0 in StatefulSet web failed error: boom");
        cluster.clock().advance(Duration.ofSeconds(10));
        recorder.record(set, EventRecorder.Type.Warning, "FailedCreate", "Create Pod web-0 in StatefulSet web failed error: boom");
        cluster.clock().advance(Duration.ofSeconds(10));
        recorder.record(set, EventRecorder.Type.Warning, "FailedCreate", "Create Pod web-0 in StatefulSet web failed error: boom");

        assertThat(cluster.events().all()).singleElement().satisfies(e -> {
            assertThat(e.count()).isEqualTo(3);
            assertThat(e.firstTimestamp()).isEqualTo(first);
            assertThat(e.lastTimestamp()).isEqualTo(first.plusSeconds(20));
        });
    }

    @Test
    void eventsThatDifferInMessageTypeOrSubjectStaySeparate() {
        StatefulSet other = cluster.user().statefulSets().create(statefulSet("db", 1));
        recorder.record(set, EventRecorder.Type.Normal, "SuccessfulCreate", "Create Pod web-0 in StatefulSet web successful");
        recorder.record(set, EventRecorder.Type.Normal, "SuccessfulCreate", "Create Pod web-1 in StatefulSet web successful");
        recorder.record(set, EventRecorder.Type.Warning, "SuccessfulCreate", "Create Pod web-1 in StatefulSet web successful");
        recorder.record(other, EventRecorder.Type.Normal, "SuccessfulCreate", "Create Pod web-0 in StatefulSet web successful");

        assertThat(cluster.events().all()).hasSize(4).allMatch(e -> e.count() == 1);
        assertThat(cluster.events().about("default", "web")).hasSize(3);
        assertThat(cluster.events().withReason("SuccessfulCreate")).hasSize(4);
    }
}
