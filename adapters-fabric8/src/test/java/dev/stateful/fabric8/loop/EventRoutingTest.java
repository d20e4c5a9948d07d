package dev.stateful.fabric8.loop;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stateful.domain.model.ObjectKey;
import dev.stateful.domain.model.ObjectMeta;
import dev.stateful.domain.model.OwnerReference;
import dev.stateful.domain.model.Pod;
import dev.stateful.domain.model.PodStatus;
import dev.stateful.domain.model.StatefulSet;
import dev.stateful.domain.testing.Fixtures;
import dev.stateful.fabric8.queue.WorkQueue;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class EventRoutingTest {

    final AtomicLong nanos = new AtomicLong();
    final WorkQueue<ObjectKey> queue = new WorkQueue<>("test", WorkQueue.RateLimits.CONTROLLER_DEFAULT, nanos::get, null);
    final StatefulSet slow = Fixtures.statefulSet("slow", 1).withSpec(Fixtures.statefulSet("slow", 1).spec().withMinReadySeconds(5));
    final EventRouting routing = new EventRouting(new PodEventRouter(ns -> List.of(slow)), queue);

    @Test
    void any_change_to_a_set_queues_it_including_its_deletion() {
        routing.statefulSetChanged(null, slow);
        assertThat(queue.poll()).contains(slow.key());
        queue.done(slow.key());

        routing.statefulSetChanged(slow, slow);
        assertThat(queue.poll()).contains(slow.key());
        queue.done(slow.key());

        routing.statefulSetChanged(slow, null);
        assertThat(queue.poll()).contains(slow.key());
    }

    @Test
    void a_pod_change_queues_its_owner_now_and_again_after_the_availability_delay() {
        Pod pod = new Pod(ObjectMeta.named("default", "slow-0").withResourceVersion("1").withLabels(Map.of("app", "nginx"))
                .withOwnerReferences(List.of(OwnerReference.controllerRef("apps/v1", "StatefulSet", slow.metadata()))), null,
                PodStatus.of(PodStatus.RUNNING));
        Pod nowReady = pod.withMetadata(pod.metadata().withResourceVersion("2")).withStatus(PodStatus.runningAndReady(Fixtures.T0));

        routing.podChanged(pod, nowReady);

        assertThat(queue.poll()).contains(slow.key());
        queue.done(slow.key());
        nanos.addAndGet(Duration.ofSeconds(6).toNanos() - 1);
        assertThat(queue.poll()).isEmpty();
        nanos.addAndGet(1);
        assertThat(queue.poll()).contains(slow.key());
    }
}
