package dev.stateful.fabric8.client;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.client.utils.internal.SerialExecutor;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class TaskExecutorTest {

    final TaskExecutor executor = new TaskExecutor();

    @AfterEach
    void stop() {
        executor.shutdownNow();
    }

    @Test
    void a_serial_executors_tasks_submitted_from_outside_run_in_order_on_one_of_its_threads_not_the_callers() throws Exception {
        SerialExecutor serial = new SerialExecutor(executor);
        List<Integer> order = new CopyOnWriteArrayList<>();
        List<String> threads = new CopyOnWriteArrayList<>();
        CountDownLatch done = new CountDownLatch(100);
        for (int i = 0; i < 100; i++) {
            int n = i;
            serial.execute(() -> {
                order.add(n);
                threads.add(Thread.currentThread().getName());
                done.countDown();
            });
        }

        assertThat(done.await(10, TimeUnit.SECONDS)).isTrue();
        assertThat(order).isSorted().hasSize(100);
        assertThat(threads).allMatch(name -> name.startsWith("client-task-"));
    }

    @Test
    void a_serial_executors_next_task_runs_on_the_thread_that_ran_the_last_after_it_returned() throws Exception {
        SerialExecutor first = new SerialExecutor(executor);
        SerialExecutor second = new SerialExecutor(executor);
        List<String> events = new CopyOnWriteArrayList<>();
        CountDownLatch done = new CountDownLatch(1);

        first.execute(() -> {
            // as a watch manager hands a decoded event to an informer listener's serial executor
            second.execute(() -> {
                events.add("listener on " + Thread.currentThread().getName());
                done.countDown();
            });
            events.add("watch on " + Thread.currentThread().getName() + " returns");
        });

        assertThat(done.await(10, TimeUnit.SECONDS)).isTrue();
        String thread = events.get(0).substring("watch on ".length(), events.get(0).length() - " returns".length());
        assertThat(events).containsExactly("watch on " + thread + " returns", "listener on " + thread);
    }

    @Test
    void any_other_task_submitted_from_a_task_runs_elsewhere_so_the_task_can_wait_for_it() throws Exception {
        CountDownLatch waited = new CountDownLatch(1);

        executor.execute(() -> {
            CountDownLatch inner = new CountDownLatch(1);
            executor.execute(inner::countDown);
            try {
                if (inner.await(10, TimeUnit.SECONDS)) {
                    waited.countDown();
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });

        assertThat(waited.await(15, TimeUnit.SECONDS)).isTrue();
    }

    @Test
    void a_failing_task_does_not_stop_the_continuations_queued_behind_it() throws Exception {
        SerialExecutor serial = new SerialExecutor(executor);
        CountDownLatch after = new CountDownLatch(1);

        serial.execute(() -> {
            throw new IllegalStateException("a handler failed");
        });
        serial.execute(after::countDown);

        assertThat(after.await(10, TimeUnit.SECONDS)).isTrue();
    }

    @Test
    void only_fabric8s_serial_executors_continuations_are_kept_on_the_thread() {
        List<Runnable> submitted = new CopyOnWriteArrayList<>();
        new SerialExecutor(submitted::add).execute(() -> { });

        Runnable mine = () -> { };
        assertThat(submitted).singleElement().matches(TaskExecutor::isSerialContinuation);
        assertThat(TaskExecutor.isSerialContinuation(mine)).isFalse();
    }
}
