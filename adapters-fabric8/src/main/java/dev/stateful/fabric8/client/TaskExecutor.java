package dev.stateful.fabric8.client;

import io.fabric8.kubernetes.client.utils.internal.SerialExecutor;
import java.util.ArrayDeque;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executor;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The fabric8 client's task executor: daemon threads made as needed and kept a minute, as fabric8's
 * own ({@code Executors.newCachedThreadPool}), except that a {@link SerialExecutor}'s next task,
 * handed over by the task that just ran on one of these threads, runs next on that same thread.
 *
 * <p>fabric8 runs every watch event through serial executors over this one: the watch manager's
 * (decode the event), its watcher's (the reflector updates the store), then each informer
 * listener's (the event handlers). A serial executor submits its next task to the pool at the end
 * of the last one, so with a cached pool every event crossed threads three times, each a hand-off
 * through a {@code SynchronousQueue} (park, unpark, often a new thread): a few per cent of the
 * controller's CPU in rollouts without rate limits (docs/benchmarks.md, "Informer events on one
 * thread, one event loop again"). Here the continuation is queued on the thread and run once the
 * task that submitted it has returned (not nested inside it), so a busy watch's events and their
 * handlers stay on one thread; another watch's events start on another thread, as before. Any other
 * task goes to the pool, so a task that submits work and waits for it still has it run elsewhere.
 */
final class TaskExecutor implements Executor {

    private final ExecutorService pool;
    /** Continuations queued by the task now running on this thread; null off the pool's threads. */
    private final ThreadLocal<ArrayDeque<Runnable>> continuations = new ThreadLocal<>();

    TaskExecutor() {
        AtomicInteger threads = new AtomicInteger();
        this.pool = new ThreadPoolExecutor(0, Integer.MAX_VALUE, 60, TimeUnit.SECONDS, new SynchronousQueue<>(), task -> {
            Thread thread = new Thread(task, "client-task-" + threads.incrementAndGet());
            thread.setDaemon(true);
            return thread;
        });
    }

    @Override
    public void execute(Runnable task) {
        ArrayDeque<Runnable> queued = continuations.get();
        if (queued != null && isSerialContinuation(task)) {
            queued.add(task);
            return;
        }
        pool.execute(() -> runWithContinuations(task));
    }

    /** fabric8's serial executors submit lambdas of their own class. */
    static boolean isSerialContinuation(Runnable task) {
        return task.getClass().getNestHost() == SerialExecutor.class;
    }

    private void runWithContinuations(Runnable first) {
        ArrayDeque<Runnable> queued = new ArrayDeque<>();
        continuations.set(queued);
        try {
            for (Runnable next = first; next != null; next = queued.poll()) {
                runReportingFailure(next);
            }
        } finally {
            continuations.remove();
        }
    }

    /** As a pool thread would: a failed task is reported and the thread goes on with the next. */
    private static void runReportingFailure(Runnable task) {
        try {
            task.run();
        } catch (RuntimeException | Error e) {
            Thread thread = Thread.currentThread();
            thread.getUncaughtExceptionHandler().uncaughtException(thread, e);
        }
    }

    /** What fabric8 does with its own executor when the client closes. */
    void shutdownNow() {
        pool.shutdownNow();
    }
}
