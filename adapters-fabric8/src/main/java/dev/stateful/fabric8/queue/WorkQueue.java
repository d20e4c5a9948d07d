package dev.stateful.fabric8.queue;

import io.micrometer.core.instrument.MeterRegistry;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Optional;
import java.util.PriorityQueue;
import java.util.Set;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * client-go's rate-limited delaying work queue, in one place:
 * <ul>
 *   <li>a key waits in the queue at most once, however often it is added (the dirty set);</li>
 *   <li>a key handed out by {@link #get()} is not handed out again until {@link #done} (the
 *       processing set); added meanwhile, it is queued again at {@code done}, so no two workers
 *       ever sync the same key at once and no change is lost;</li>
 *   <li>{@link #addAfter} delays a key; of two pending delays the earlier wins;</li>
 *   <li>{@link #addRateLimited} delays by the larger of a per-key exponential backoff and an
 *       overall token bucket; {@link #forget} resets the key's backoff.</li>
 * </ul>
 */
public final class WorkQueue<K> {

    /** Monotonic nanoseconds; tests substitute a fake. */
    @FunctionalInterface
    public interface Ticker {
        Ticker SYSTEM = System::nanoTime;

        long nanoTime();
    }

    /** Per-key backoff from {@code baseDelay} doubling up to {@code maxDelay}; overall {@code qps} with {@code burst}. */
    public record RateLimits(Duration baseDelay, Duration maxDelay, double qps, int burst) {
        /** client-go's {@code DefaultControllerRateLimiter}. */
        public static final RateLimits CONTROLLER_DEFAULT = new RateLimits(Duration.ofMillis(5), Duration.ofSeconds(1000), 10, 100);
    }

    private record Waiting<K>(K key, long readyAt) {
    }

    private final ReentrantLock lock = new ReentrantLock();
    private final Condition changed = lock.newCondition();
    private final RateLimits limits;
    private final Ticker ticker;
    private final QueueMetrics metrics;

    private final ArrayDeque<K> queue = new ArrayDeque<>();
    private final Set<K> dirty = new HashSet<>();
    private final Set<K> processing = new HashSet<>();
    private final Map<K, Long> addedAt = new HashMap<>();
    private final Map<K, Long> startedAt = new HashMap<>();
    private final PriorityQueue<Waiting<K>> waiting = new PriorityQueue<>(Comparator.comparingLong(Waiting::readyAt));
    private final Map<K, Long> waitingUntil = new HashMap<>();
    private final Map<K, Integer> failures = new HashMap<>();
    private double tokens;
    private long tokensAt;
    private boolean shuttingDown;

    /** @param registry where to publish the client-go metrics under {@code name}; null for none */
    public WorkQueue(String name, RateLimits limits, Ticker ticker, MeterRegistry registry) {
        this.limits = limits;
        this.ticker = ticker;
        this.tokens = limits.burst();
        this.tokensAt = ticker.nanoTime();
        this.metrics = registry == null ? QueueMetrics.NONE : QueueMetrics.bind(registry, name, this::depth);
    }

    public static <K> WorkQueue<K> create(String name, MeterRegistry registry) {
        return new WorkQueue<>(name, RateLimits.CONTROLLER_DEFAULT, Ticker.SYSTEM, registry);
    }

    public void add(K key) {
        lock.lock();
        try {
            enqueue(key, ticker.nanoTime());
        } finally {
            lock.unlock();
        }
    }

    public void addAfter(K key, Duration delay) {
        lock.lock();
        try {
            long now = ticker.nanoTime();
            if (shuttingDown) {
                return;
            }
            if (delay.isZero() || delay.isNegative()) {
                enqueue(key, now);
                return;
            }
            long readyAt = now + delay.toNanos();
            Long pending = waitingUntil.get(key);
            if (pending != null && pending <= readyAt) {
                return;
            }
            waitingUntil.put(key, readyAt);
            waiting.add(new Waiting<>(key, readyAt));
            changed.signalAll(); // a get() sleeping until a later item must wake up earlier
        } finally {
            lock.unlock();
        }
    }

    /** Adds the key after its rate-limited delay, which it returns (for logging). */
    public Duration addRateLimited(K key) {
        lock.lock();
        try {
            Duration delay = Duration.ofNanos(nextDelay(key, ticker.nanoTime()));
            metrics.retried();
            addAfter(key, delay);
            return delay;
        } finally {
            lock.unlock();
        }
    }

    /** The key synced successfully: its next failure starts the backoff from the beginning. */
    public void forget(K key) {
        lock.lock();
        try {
            failures.remove(key);
        } finally {
            lock.unlock();
        }
    }

    /** How many rate-limited adds the key has had since it was last forgotten. */
    public int numRequeues(K key) {
        lock.lock();
        try {
            return failures.getOrDefault(key, 0);
        } finally {
            lock.unlock();
        }
    }

    /**
     * Blocks until a key is ready and marks it processing; the caller must call {@link #done}.
     * Returns null once the queue is shut down and empty.
     */
    public K get() throws InterruptedException {
        lock.lockInterruptibly();
        try {
            while (true) {
                long now = ticker.nanoTime();
                promoteDue(now);
                if (!queue.isEmpty()) {
                    return take(now);
                }
                if (shuttingDown) {
                    return null;
                }
                if (waiting.isEmpty()) {
                    changed.await();
                } else {
                    changed.awaitNanos(waiting.peek().readyAt() - now);
                }
            }
        } finally {
            lock.unlock();
        }
    }

    /** Like {@link #get()} without blocking. */
    public Optional<K> poll() {
        lock.lock();
        try {
            long now = ticker.nanoTime();
            promoteDue(now);
            return queue.isEmpty() ? Optional.empty() : Optional.of(take(now));
        } finally {
            lock.unlock();
        }
    }

    /** Ends processing of a key handed out by get/poll; re-queues it if it was added meanwhile. */
    public void done(K key) {
        lock.lock();
        try {
            processing.remove(key);
            Long started = startedAt.remove(key);
            if (started != null) {
                metrics.worked(ticker.nanoTime() - started);
            }
            if (dirty.contains(key)) {
                queue.addLast(key);
                changed.signal();
            }
        } finally {
            lock.unlock();
        }
    }

    /** Stops accepting keys and drops the delayed ones; keys already queued are still handed out. */
    public void shutDown() {
        lock.lock();
        try {
            shuttingDown = true;
            waiting.clear();
            waitingUntil.clear();
            changed.signalAll();
        } finally {
            lock.unlock();
        }
    }

    public boolean isShuttingDown() {
        lock.lock();
        try {
            return shuttingDown;
        } finally {
            lock.unlock();
        }
    }

    /** Nothing to do now or later: no key queued, in process, or waiting for a delay (requeue or backoff). */
    public boolean isIdle() {
        lock.lock();
        try {
            return queue.isEmpty() && processing.isEmpty() && waiting.isEmpty();
        } finally {
            lock.unlock();
        }
    }

    /** Keys ready to be handed out. */
    public int len() {
        lock.lock();
        try {
            return queue.size();
        } finally {
            lock.unlock();
        }
    }

    /** client-go's depth: keys added and not yet handed out, including those waiting for done(). */
    private int depth() {
        lock.lock();
        try {
            return dirty.size();
        } finally {
            lock.unlock();
        }
    }

    private void enqueue(K key, long now) {
        if (shuttingDown || dirty.contains(key)) {
            return;
        }
        metrics.added();
        dirty.add(key);
        addedAt.putIfAbsent(key, now);
        if (processing.contains(key)) {
            return; // done() queues it
        }
        queue.addLast(key);
        changed.signal();
    }

    private K take(long now) {
        K key = queue.pollFirst();
        dirty.remove(key);
        processing.add(key);
        startedAt.put(key, now);
        Long added = addedAt.remove(key);
        if (added != null) {
            metrics.queued(now - added);
        }
        return key;
    }

    private void promoteDue(long now) {
        while (!waiting.isEmpty() && waiting.peek().readyAt() - now <= 0) {
            Waiting<K> due = waiting.poll();
            // A key whose delay was shortened has a stale heap entry; only the current one counts.
            if (waitingUntil.remove(due.key(), due.readyAt())) {
                enqueue(due.key(), now);
            }
        }
    }

    /** client-go's MaxOfRateLimiter(ItemExponentialFailureRateLimiter, BucketRateLimiter). */
    private long nextDelay(K key, long now) {
        int exponent = failures.merge(key, 1, Integer::sum) - 1;
        long max = limits.maxDelay().toNanos();
        double backoff = limits.baseDelay().toNanos() * Math.pow(2, exponent);
        long perKey = backoff >= max ? max : (long) backoff;

        // x/time/rate reservation: take a token now, possibly going into debt, and wait off the debt.
        tokens = Math.min(limits.burst(), tokens + (now - tokensAt) * limits.qps() / 1e9);
        tokensAt = now;
        tokens -= 1;
        long overall = tokens >= 0 ? 0 : (long) (-tokens * 1e9 / limits.qps());
        return Math.max(perKey, overall);
    }
}
