package dev.stateful.fabric8.queue;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicIntegerArray;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

class WorkQueueTest {

    final FakeTicker ticker = new FakeTicker();
    final WorkQueue<String> queue = new WorkQueue<>("statefulset", WorkQueue.RateLimits.CONTROLLER_DEFAULT, ticker, null);

    List<String> drain() {
        List<String> out = new ArrayList<>();
        for (Optional<String> k = queue.poll(); k.isPresent(); k = queue.poll()) {
            out.add(k.get());
        }
        return out;
    }

    @Nested
    class Deduplication {

        @Test
        void a_key_added_many_times_is_queued_once_in_first_added_order() {
            queue.add("a");
            queue.add("b");
            queue.add("a");
            queue.add("a");

            assertThat(queue.len()).isEqualTo(2);
            assertThat(drain()).containsExactly("a", "b");
        }

        @Test
        void a_key_being_processed_is_not_handed_out_again_until_done() {
            queue.add("a");
            assertThat(queue.poll()).contains("a");

            queue.add("a");

            assertThat(queue.poll()).isEmpty();
            queue.done("a");
            assertThat(queue.poll()).contains("a");
        }

        @Test
        void adds_during_processing_collapse_into_one_more_round() {
            queue.add("a");
            queue.poll();
            queue.add("a");
            queue.add("a");
            queue.done("a");

            assertThat(queue.poll()).contains("a");
            queue.done("a");
            assertThat(queue.poll()).isEmpty();
        }

        @Test
        void a_key_done_without_being_re_added_is_gone() {
            queue.add("a");
            queue.poll();
            queue.done("a");

            assertThat(queue.poll()).isEmpty();
        }

        @Test
        void concurrent_workers_never_process_the_same_key_at_once_and_no_add_is_lost() throws Exception {
            WorkQueue<Integer> shared = WorkQueue.create("stress", null);
            int keys = 8;
            AtomicIntegerArray added = new AtomicIntegerArray(keys);
            AtomicIntegerArray seen = new AtomicIntegerArray(keys);
            Set<Integer> inFlight = ConcurrentHashMap.newKeySet();
            AtomicBoolean overlap = new AtomicBoolean();
            ExecutorService workers = Executors.newFixedThreadPool(4);
            List<Future<?>> running = new ArrayList<>();
            for (int w = 0; w < 4; w++) {
                running.add(workers.submit(() -> {
                    Integer key;
                    while ((key = shared.get()) != null) {
                        if (!inFlight.add(key)) {
                            overlap.set(true);
                        }
                        seen.set(key, added.get(key)); // everything added so far is covered by this round
                        inFlight.remove(key);
                        shared.done(key);
                    }
                    return null;
                }));
            }
            for (int i = 0; i < 20_000; i++) {
                added.incrementAndGet(i % keys);
                shared.add(i % keys);
            }
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (!allSeen(added, seen) && System.nanoTime() < deadline) {
                Thread.sleep(1);
            }
            shared.shutDown();
            for (Future<?> f : running) {
                f.get(10, TimeUnit.SECONDS);
            }
            workers.shutdown();

            assertThat(overlap).isFalse();
            assertThat(allSeen(added, seen)).as("every key processed after its last add").isTrue();
        }

        private static boolean allSeen(AtomicIntegerArray added, AtomicIntegerArray seen) {
            for (int k = 0; k < added.length(); k++) {
                if (seen.get(k) != added.get(k)) {
                    return false;
                }
            }
            return true;
        }
    }

    @Nested
    class Delays {

        @Test
        void a_delayed_key_appears_when_its_time_comes() {
            queue.addAfter("a", Duration.ofMillis(10));

            ticker.advance(Duration.ofMillis(9));
            assertThat(queue.poll()).isEmpty();
            ticker.advance(Duration.ofMillis(1));
            assertThat(queue.poll()).contains("a");
        }

        @Test
        void a_zero_delay_adds_at_once() {
            queue.addAfter("a", Duration.ZERO);

            assertThat(queue.poll()).contains("a");
        }

        @Test
        void of_two_pending_delays_the_earlier_wins_and_the_key_comes_once() {
            queue.addAfter("a", Duration.ofSeconds(10));
            queue.addAfter("a", Duration.ofSeconds(1));
            queue.addAfter("a", Duration.ofSeconds(5));

            ticker.advance(Duration.ofSeconds(1));
            assertThat(drain()).containsExactly("a");
            queue.done("a");
            ticker.advance(Duration.ofSeconds(20));
            assertThat(queue.poll()).isEmpty();
        }

        @Test
        void due_keys_come_out_in_due_order() {
            queue.addAfter("late", Duration.ofSeconds(3));
            queue.addAfter("early", Duration.ofSeconds(1));

            ticker.advance(Duration.ofSeconds(3));

            assertThat(drain()).containsExactly("early", "late");
        }

        @Test
        void a_delayed_key_already_queued_is_not_queued_twice() {
            queue.add("a");
            queue.addAfter("a", Duration.ofSeconds(1));
            ticker.advance(Duration.ofSeconds(1));

            assertThat(drain()).containsExactly("a");
        }

        @Test
        void a_blocked_get_wakes_for_a_delayed_key() throws Exception {
            WorkQueue<String> real = WorkQueue.create("real", null);
            // timed from before addAfter: the key is due 50 ms after that call, not after this line
            long start = System.nanoTime();
            real.addAfter("a", Duration.ofMillis(50));

            assertThat(real.get()).isEqualTo("a");
            assertThat(System.nanoTime() - start).isGreaterThanOrEqualTo(Duration.ofMillis(50).toNanos());
        }
    }

    @Nested
    class RateLimiting {

        @Test
        void each_failure_doubles_the_delay_from_5ms() {
            assertThat(queue.addRateLimited("a")).isEqualTo(Duration.ofMillis(5));
            assertThat(queue.addRateLimited("a")).isEqualTo(Duration.ofMillis(10));
            assertThat(queue.addRateLimited("a")).isEqualTo(Duration.ofMillis(20));
            assertThat(queue.addRateLimited("a")).isEqualTo(Duration.ofMillis(40));
            assertThat(queue.numRequeues("a")).isEqualTo(4);
        }

        @Test
        void the_backoff_stops_growing_at_1000_seconds() {
            Duration last = Duration.ZERO;
            for (int i = 0; i < 40; i++) {
                ticker.advance(Duration.ofSeconds(10)); // keep the token bucket full
                last = queue.addRateLimited("a");
            }

            assertThat(last).isEqualTo(Duration.ofSeconds(1000));
        }

        @Test
        void keys_back_off_independently() {
            queue.addRateLimited("a");
            queue.addRateLimited("a");

            assertThat(queue.addRateLimited("b")).isEqualTo(Duration.ofMillis(5));
        }

        @Test
        void forget_restarts_the_backoff_after_a_success() {
            queue.addRateLimited("a");
            queue.addRateLimited("a");

            queue.forget("a");

            assertThat(queue.numRequeues("a")).isZero();
            assertThat(queue.addRateLimited("a")).isEqualTo(Duration.ofMillis(5));
        }

        @Test
        void beyond_a_burst_of_100_retries_the_overall_limit_of_10_per_second_applies() {
            for (int i = 0; i < 100; i++) {
                assertThat(queue.addRateLimited("key-" + i)).isEqualTo(Duration.ofMillis(5));
            }

            assertThat(queue.addRateLimited("key-100")).isEqualTo(Duration.ofMillis(100));
            assertThat(queue.addRateLimited("key-101")).isEqualTo(Duration.ofMillis(200));
        }

        @Test
        void the_token_bucket_refills_at_10_per_second() {
            for (int i = 0; i < 102; i++) {
                queue.addRateLimited("key-" + i); // 2 tokens in debt
            }

            ticker.advance(Duration.ofMillis(500)); // +5 tokens: 3 available

            assertThat(queue.addRateLimited("x1")).isEqualTo(Duration.ofMillis(5));
            assertThat(queue.addRateLimited("x2")).isEqualTo(Duration.ofMillis(5));
            assertThat(queue.addRateLimited("x3")).isEqualTo(Duration.ofMillis(5));
            assertThat(queue.addRateLimited("x4")).isEqualTo(Duration.ofMillis(100));
        }

        @Test
        void a_rate_limited_key_is_handed_out_after_its_delay() {
            queue.addRateLimited("a");

            assertThat(queue.poll()).isEmpty();
            ticker.advance(Duration.ofMillis(5));
            assertThat(queue.poll()).contains("a");
        }
    }

    @Nested
    class ShuttingDown {

        @Test
        void a_blocked_get_returns_null() throws Exception {
            WorkQueue<String> real = WorkQueue.create("real", null);
            CountDownLatch waiting = new CountDownLatch(1);
            ExecutorService worker = Executors.newSingleThreadExecutor();
            Future<String> got = worker.submit(() -> {
                waiting.countDown();
                return real.get();
            });
            waiting.await();
            Thread.sleep(20);

            real.shutDown();

            assertThat(got.get(5, TimeUnit.SECONDS)).isNull();
            worker.shutdown();
        }

        @Test
        void keys_already_queued_are_still_handed_out_but_new_and_delayed_ones_are_dropped() throws Exception {
            queue.add("queued");
            queue.addAfter("delayed", Duration.ofSeconds(1));

            queue.shutDown();
            queue.add("late");
            ticker.advance(Duration.ofSeconds(1));

            assertThat(queue.isShuttingDown()).isTrue();
            assertThat(queue.get()).isEqualTo("queued");
            assertThat(queue.get()).isNull();
        }

        @Test
        void a_get_blocks_until_a_key_is_added() throws Exception {
            WorkQueue<String> real = WorkQueue.create("real", null);
            ExecutorService worker = Executors.newSingleThreadExecutor();
            Future<String> got = worker.submit(real::get);
            Thread.sleep(20);
            assertThat(got).isNotDone();

            real.add("a");

            assertThat(got.get(5, TimeUnit.SECONDS)).isEqualTo("a");
            worker.shutdown();
        }
    }

    @Nested
    class Metrics {

        final SimpleMeterRegistry registry = new SimpleMeterRegistry();
        final WorkQueue<String> measured = new WorkQueue<>("statefulset", WorkQueue.RateLimits.CONTROLLER_DEFAULT, ticker, registry);

        double gauge(String name) {
            return registry.get(name).tag("name", "statefulset").gauge().value();
        }

        double counter(String name) {
            return registry.get(name).tag("name", "statefulset").counter().count();
        }

        @Test
        void adds_count_only_keys_that_were_not_already_waiting() {
            measured.add("a");
            measured.add("a");
            measured.add("b");

            assertThat(counter("workqueue_adds_total")).isEqualTo(2);
            assertThat(gauge("workqueue_depth")).isEqualTo(2);
        }

        @Test
        void depth_counts_keys_not_yet_handed_out() {
            measured.add("a");
            measured.add("b");
            measured.poll();

            assertThat(gauge("workqueue_depth")).isEqualTo(1);
        }

        @Test
        void queue_and_work_durations_are_measured_on_the_queue_clock() {
            measured.add("a");
            ticker.advance(Duration.ofSeconds(3));
            measured.poll();
            ticker.advance(Duration.ofMillis(250));
            measured.done("a");

            var queued = registry.get("workqueue_queue_duration_seconds").tag("name", "statefulset").timer();
            var worked = registry.get("workqueue_work_duration_seconds").tag("name", "statefulset").timer();
            assertThat(queued.count()).isEqualTo(1);
            assertThat(queued.totalTime(TimeUnit.MILLISECONDS)).isEqualTo(3000);
            assertThat(worked.totalTime(TimeUnit.MILLISECONDS)).isEqualTo(250);
        }

        @Test
        void retries_count_rate_limited_adds() {
            measured.addRateLimited("a");
            measured.addRateLimited("b");

            assertThat(counter("workqueue_retries_total")).isEqualTo(2);
        }
    }
}
