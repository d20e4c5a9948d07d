package dev.stateful.fabric8.loop;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.stateful.domain.model.ObjectKey;
import dev.stateful.domain.model.ObjectMeta;
import dev.stateful.domain.model.OwnerReference;
import dev.stateful.domain.model.Pod;
import dev.stateful.domain.model.PodStatus;
import dev.stateful.domain.model.StatefulSet;
import dev.stateful.domain.testing.Fixtures;
import dev.stateful.fabric8.queue.WorkQueue;
import dev.stateful.ports.ClusterEvents;
import dev.stateful.ports.reconcile.SyncResult;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BooleanSupplier;
import java.util.function.Function;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class ControllerLoopTest {

    static final ObjectKey WEB = new ObjectKey("default", "web");

    final FakeClusterEvents events = new FakeClusterEvents();
    final WorkQueue<ObjectKey> queue = WorkQueue.create("statefulset", null);
    final PodEventRouter routing = new PodEventRouter(ns -> List.of());
    final List<ObjectKey> synced = new CopyOnWriteArrayList<>();

    final SimpleMeterRegistry registry = new SimpleMeterRegistry();
    ControllerLoop loop;

    ControllerLoop loop(Function<ObjectKey, SyncResult> sync, int workers) {
        loop = new ControllerLoop(events, routing, queue, sync, registry, workers);
        return loop;
    }

    /** What the reconciler returns for a sync that wrote what it planned. */
    static SyncResult success(ObjectKey key) {
        return new SyncResult(key, Optional.empty(), Optional.empty(), Optional.empty(), 0);
    }

    /** ... for a sync that wants the set looked at again after {@code delay} (e.g. minReadySeconds). */
    static SyncResult requeueAfter(ObjectKey key, Duration delay) {
        return new SyncResult(key, Optional.empty(), Optional.empty(), Optional.of(delay), 0);
    }

    /** ... for a sync whose first write failed (the delay it planned does not matter then). */
    static SyncResult failure(ObjectKey key) {
        return new SyncResult(key, Optional.empty(), Optional.of(new IllegalStateException("pods \"web-0\" is forbidden")),
                Optional.of(Duration.ofSeconds(10)), 1);
    }

    double count(String result) {
        return registry.get(SyncMetrics.TOTAL).tag("result", result).counter().count();
    }

    long timed(String result) {
        return registry.get(SyncMetrics.DURATION).tag("result", result).timer().count();
    }

    @AfterEach
    void tearDown() {
        if (loop != null) {
            loop.stop(Duration.ofSeconds(5));
        }
    }

    static void eventually(BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("condition not met within 5s");
            }
            Thread.sleep(5);
        }
    }

    @Test
    void nothing_is_synced_before_the_caches_are_filled() throws Exception {
        loop(key -> {
            synced.add(key);
            return success(key);
        }, 2).start();
        queue.add(WEB);

        Thread.sleep(300);
        assertThat(synced).isEmpty();

        events.synced = true;
        eventually(() -> synced.contains(WEB));
    }

    @Test
    void cluster_changes_are_routed_to_the_workers() throws Exception {
        events.synced = true;
        loop(key -> {
            synced.add(key);
            return success(key);
        }, 1).start();

        events.handlers.forEach(h -> h.statefulSetChanged(null, Fixtures.statefulSet("web", 1)));

        eventually(() -> synced.contains(WEB));
    }

    // the loop's event handlers (upstream's enqueueStatefulSet, addPod, updatePod, deletePod): what a
    // change puts on the queue, read here before any worker runs (the caches never sync)

    final AtomicLong nanos = new AtomicLong();
    final WorkQueue<ObjectKey> ticking = new WorkQueue<>("test", WorkQueue.RateLimits.CONTROLLER_DEFAULT, nanos::get, null);
    final StatefulSet slow = Fixtures.statefulSet("slow", 1).withSpec(Fixtures.statefulSet("slow", 1).spec().withMinReadySeconds(5));

    /** The handler a loop that knows only {@code slow} subscribed, its queue {@code ticking}. */
    ClusterEvents.Handler routingOnly() {
        loop = new ControllerLoop(events, new PodEventRouter(ns -> List.of(slow)), ticking, key -> success(key), registry, 1);
        loop.start();
        return events.handlers.get(0);
    }

    @Test
    void any_change_to_a_set_queues_it_including_its_deletion_and_one_that_cannot_be_decoded() {
        ClusterEvents.Handler routing = routingOnly();

        routing.statefulSetChanged(null, slow);
        assertThat(ticking.poll()).contains(slow.key());
        ticking.done(slow.key());

        routing.statefulSetChanged(slow, slow);
        assertThat(ticking.poll()).contains(slow.key());
        ticking.done(slow.key());

        routing.statefulSetChanged(slow, null);
        assertThat(ticking.poll()).contains(slow.key());
        ticking.done(slow.key());

        // its sync reports it (a Warning event) and leaves it alone until a version of it decodes
        routing.statefulSetUndecodable(slow.key());
        assertThat(ticking.poll()).contains(slow.key());
    }

    @Test
    void a_pod_change_queues_its_owner_now_and_again_after_the_availability_delay() {
        ClusterEvents.Handler routing = routingOnly();
        Pod pod = new Pod(ObjectMeta.named("default", "slow-0").withResourceVersion("1").withLabels(Map.of("app", "nginx"))
                .withOwnerReferences(List.of(OwnerReference.controllerRef("apps/v1", "StatefulSet", slow.metadata()))), null,
                PodStatus.of(PodStatus.RUNNING));
        Pod nowReady = pod.withMetadata(pod.metadata().withResourceVersion("2")).withStatus(PodStatus.runningAndReady(Fixtures.T0));

        routing.podChanged(pod, nowReady);

        assertThat(ticking.poll()).contains(slow.key());
        ticking.done(slow.key());
        nanos.addAndGet(Duration.ofSeconds(5).toNanos() - 1);
        assertThat(ticking.poll()).isEmpty();
        nanos.addAndGet(1);
        assertThat(ticking.poll()).contains(slow.key());
    }

    @Test
    void a_failed_sync_is_retried_with_backoff_and_success_resets_the_backoff() throws Exception {
        events.synced = true;
        AtomicInteger attempts = new AtomicInteger();
        AtomicInteger requeuesSeenAtSuccess = new AtomicInteger(-1);
        loop(key -> {
            if (attempts.incrementAndGet() < 4) {
                return failure(key);
            }
            requeuesSeenAtSuccess.set(queue.numRequeues(key));
            return success(key);
        }, 1).start();

        queue.add(WEB);

        eventually(() -> requeuesSeenAtSuccess.get() >= 0);
        assertThat(requeuesSeenAtSuccess.get()).isEqualTo(3);
        eventually(() -> queue.numRequeues(WEB) == 0);
    }

    @Test
    void an_exception_from_the_syncer_counts_as_a_failure() throws Exception {
        events.synced = true;
        AtomicInteger attempts = new AtomicInteger();
        loop(key -> {
            if (attempts.incrementAndGet() == 1) {
                throw new IllegalStateException("boom");
            }
            return success(key);
        }, 1).start();

        queue.add(WEB);

        eventually(() -> attempts.get() == 2);
    }

    @Test
    void a_requested_requeue_brings_the_key_back_after_the_delay() throws Exception {
        events.synced = true;
        List<Long> times = new CopyOnWriteArrayList<>();
        loop(key -> {
            times.add(System.nanoTime());
            return times.size() == 1 ? requeueAfter(key, Duration.ofMillis(100)) : success(key);
        }, 1).start();

        queue.add(WEB);

        eventually(() -> times.size() == 2);
        assertThat(times.get(1) - times.get(0)).isGreaterThanOrEqualTo(Duration.ofMillis(100).toNanos());
    }

    @Test
    void one_key_is_never_synced_by_two_workers_at_once() throws Exception {
        events.synced = true;
        Set<ObjectKey> inFlight = ConcurrentHashMap.newKeySet();
        AtomicBoolean overlap = new AtomicBoolean();
        AtomicInteger syncs = new AtomicInteger();
        loop(key -> {
            if (!inFlight.add(key)) {
                overlap.set(true);
            }
            try {
                Thread.sleep(2);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            inFlight.remove(key);
            syncs.incrementAndGet();
            return success(key);
        }, 5).start();

        for (int i = 0; i < 200; i++) {
            queue.add(WEB);
            queue.add(new ObjectKey("default", "db"));
            Thread.sleep(0, 200_000);
        }

        eventually(() -> queue.len() == 0 && inFlight.isEmpty());
        assertThat(overlap).isFalse();
        assertThat(syncs.get()).isGreaterThanOrEqualTo(2);
    }

    @Test
    void stop_lets_the_running_sync_finish_then_takes_no_more_keys() throws Exception {
        events.synced = true;
        CountDownLatch inSync = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        AtomicBoolean finished = new AtomicBoolean();
        loop(key -> {
            synced.add(key);
            inSync.countDown();
            try {
                release.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            finished.set(true);
            return success(key);
        }, 1).start();
        queue.add(WEB);
        assertThat(inSync.await(5, TimeUnit.SECONDS)).isTrue();
        queue.add(new ObjectKey("default", "db"));

        Thread stopper = new Thread(() -> loop.stop(Duration.ofSeconds(5)));
        stopper.start();
        Thread.sleep(50);
        assertThat(stopper.isAlive()).as("stop waits for the sync in flight").isTrue();
        release.countDown();
        stopper.join(5000);

        assertThat(finished).isTrue();
        assertThat(synced).containsExactly(WEB);
        assertThat(events.handlers).as("unsubscribed").isEmpty();
    }

    @Test
    void a_loop_stopped_before_the_caches_synced_never_starts_workers() throws Exception {
        loop(key -> {
            synced.add(key);
            return success(key);
        }, 1).start();
        queue.add(WEB);

        assertThat(loop.stop(Duration.ofSeconds(5))).isTrue();
        events.synced = true;
        Thread.sleep(200);

        assertThat(synced).isEmpty();
    }

    @Test
    void a_loop_needs_at_least_one_worker() {
        assertThatThrownBy(() -> new ControllerLoop(events, routing, queue, key -> success(key), registry, 0))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void an_error_a_sync_throws_is_a_failed_sync_retried_with_backoff_and_the_worker_lives_on() throws Exception {
        events.synced = true;
        AtomicInteger calls = new AtomicInteger();
        loop(key -> {
            synced.add(key);
            if (calls.incrementAndGet() == 1) {
                throw new AssertionError("a bug in one sync");
            }
            if (calls.get() == 2) {
                throw new StackOverflowError();
            }
            return success(key);
        }, 1).start();

        queue.add(WEB);

        eventually(() -> calls.get() >= 3);
        assertThat(loop.isAlive()).isTrue();
        assertThat(synced).containsOnly(WEB);
    }

    @Test
    void an_out_of_memory_error_goes_to_the_fatal_handler_and_the_loop_is_no_longer_alive() throws Exception {
        events.synced = true;
        List<Error> fatal = new CopyOnWriteArrayList<>();
        loop = new ControllerLoop(events, routing, queue, key -> {
            throw new OutOfMemoryError("Java heap space");
        }, registry, 1, fatal::add);
        loop.start();
        eventually(() -> !events.handlers.isEmpty());
        eventually(loop::isAlive);

        queue.add(WEB);

        eventually(() -> !fatal.isEmpty());
        assertThat(fatal.get(0)).isInstanceOf(OutOfMemoryError.class);
        eventually(() -> !loop.isAlive());
    }

    // each sync counted and timed by its result (stateful_reconcile_total, stateful_reconcile_duration_seconds)

    @Test
    void a_successful_sync_is_forgotten_and_counted_as_success() throws Exception {
        events.synced = true;
        loop(key -> {
            synced.add(key);
            return success(key);
        }, 1).start();

        queue.add(WEB);

        eventually(() -> count(SyncMetrics.SUCCESS) == 1);
        assertThat(timed(SyncMetrics.SUCCESS)).isEqualTo(1);
        assertThat(count(SyncMetrics.ERROR)).isZero();
        eventually(() -> queue.len() == 0);
        assertThat(queue.numRequeues(WEB)).isZero();
        assertThat(synced).containsExactly(WEB);
    }

    @Test
    void a_set_waiting_for_min_ready_seconds_comes_back_after_them_and_is_counted_as_requeue_after() throws Exception {
        events.synced = true;
        loop(key -> {
            synced.add(key);
            return synced.size() == 1 ? requeueAfter(key, Duration.ofMillis(100)) : success(key);
        }, 1).start();

        queue.add(WEB);

        eventually(() -> count(SyncMetrics.SUCCESS) == 1);
        assertThat(synced).containsExactly(WEB, WEB);
        assertThat(count(SyncMetrics.REQUEUE_AFTER)).isEqualTo(1);
        assertThat(timed(SyncMetrics.REQUEUE_AFTER)).isEqualTo(1);
        assertThat(count(SyncMetrics.ERROR)).isZero();
    }

    @Test
    void a_failed_sync_is_retried_and_counted_as_error() throws Exception {
        events.synced = true;
        AtomicInteger requeuesSeenOnRetry = new AtomicInteger(-1);
        loop(key -> {
            synced.add(key);
            if (synced.size() == 1) {
                return failure(key);
            }
            requeuesSeenOnRetry.set(queue.numRequeues(key));
            return success(key);
        }, 1).start();

        queue.add(WEB);

        eventually(() -> count(SyncMetrics.SUCCESS) == 1);
        assertThat(requeuesSeenOnRetry.get()).as("retried with backoff, not after the delay the failed sync planned").isEqualTo(1);
        assertThat(count(SyncMetrics.ERROR)).isEqualTo(1);
        assertThat(timed(SyncMetrics.ERROR)).isEqualTo(1);
    }

    @Test
    void every_result_is_published_from_the_start() {
        loop(key -> success(key), 1);

        assertThat(count(SyncMetrics.SUCCESS)).isZero();
        assertThat(count(SyncMetrics.REQUEUE_AFTER)).isZero();
        assertThat(count(SyncMetrics.ERROR)).isZero();
        assertThat(timed(SyncMetrics.ERROR)).isZero();
    }

    @Test
    void a_sync_that_throws_an_error_is_counted_as_error_and_retried() throws Exception {
        events.synced = true;
        loop(key -> {
            synced.add(key);
            if (synced.size() == 1) {
                throw new AssertionError("a bug in the reader");
            }
            return success(key);
        }, 1).start();

        queue.add(WEB);

        eventually(() -> count(SyncMetrics.SUCCESS) == 1);
        assertThat(synced).containsExactly(WEB, WEB);
        assertThat(count(SyncMetrics.ERROR)).isEqualTo(1);
        assertThat(timed(SyncMetrics.ERROR)).isEqualTo(1);
    }
}
