package dev.stateful.inmemory.simulation;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.Executor;
import java.util.concurrent.locks.LockSupport;

/**
 * The reconciler's executor for Parallel batches: every unit of a batch runs on a thread of its
 * own, as with upstream's goroutines, but only one runs at a time and the scheduler decides which,
 * from a seeded Random, at every API call ({@link #yieldPoint}). So the units of a batch interleave
 * call by call, differently from schedule to schedule, and a seed still replays exactly.
 *
 * <p>A batch is the units submitted one after the other until the submitting thread blocks to
 * wait for them (the reconciler submits a whole batch, then joins it). When a unit's process
 * dies ({@link #processDied}), the other units of its batch die at their next call.
 */
final class SeededScheduler implements Executor {

    /** A unit that has not been scheduled for this long is a scheduler bug, not a slow machine. */
    private static final long STUCK_MILLIS = 60_000;

    private final Random random;
    private final ThreadLocal<Batch> current = new ThreadLocal<>();
    private Batch collecting;
    private long interleavings;
    /** Units of every batch that have not finished. */
    private int live;

    SeededScheduler(long seed) {
        this.random = new Random(seed);
    }

    /** How often a unit's call let another unit run first. */
    synchronized long interleavings() {
        return interleavings;
    }

    @Override
    public void execute(Runnable unit) {
        Batch batch;
        synchronized (this) {
            if (collecting == null || collecting.started) {
                collecting = new Batch(Thread.currentThread());
                Thread dispatcher = new Thread(collecting::dispatch, "batch-dispatcher");
                dispatcher.setDaemon(true);
                dispatcher.start();
            }
            batch = collecting;
        }
        batch.add(unit);
    }

    /** Called before every API call: another unit of the batch may run first. */
    void yieldPoint() {
        Batch batch = current.get();
        if (batch != null) {
            batch.yieldPoint();
        }
    }

    /**
     * Waits until every unit has finished: after a unit's process died, the submitter learns it from
     * the first failed unit, while the others are still on their way out.
     */
    synchronized void awaitIdle() {
        long deadline = System.currentTimeMillis() + STUCK_MILLIS;
        while (live > 0) {
            long left = deadline - System.currentTimeMillis();
            if (left <= 0) {
                throw new IllegalStateException(live + " units of a Parallel batch never finished");
            }
            try {
                wait(left);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
        }
    }

    /** The process died in a unit of the running batch: the others stop at their next call. */
    void processDied() {
        Batch batch = current.get();
        if (batch != null) {
            batch.dead = true;
        }
    }

    private final class Batch {
        private final Thread submitter;
        private final List<Thread> unfinished = new ArrayList<>();
        private Thread turn;
        private boolean started;
        private volatile boolean dead;

        Batch(Thread submitter) {
            this.submitter = submitter;
        }

        void add(Runnable unit) {
            Thread thread = new Thread(() -> {
                current.set(this);
                try {
                    awaitTurn();
                    // run even when the process has died, so that its future completes: it dies at its first call
                    unit.run();
                } finally {
                    finished();
                }
            }, "batch-unit");
            thread.setDaemon(true);
            synchronized (SeededScheduler.this) {
                unfinished.add(thread);
                live++;
            }
            thread.start();
        }

        /** Waits until the submitter blocks on the batch (every unit is in), then hands the first turn. */
        void dispatch() {
            long deadline = System.currentTimeMillis() + STUCK_MILLIS;
            while (submitter.getState() != Thread.State.WAITING && submitter.getState() != Thread.State.TIMED_WAITING) {
                if (System.currentTimeMillis() > deadline) {
                    throw new IllegalStateException("the reconciler never waited for its batch");
                }
                LockSupport.parkNanos(20_000); // not a spin: on a small machine the submitter needs the core to get there
            }
            synchronized (SeededScheduler.this) {
                started = true;
                handOver();
            }
        }

        void yieldPoint() {
            if (dead) {
                throw new CheckedPorts.ControllerCrash("the controller process is dead (another unit of the batch died)");
            }
            synchronized (SeededScheduler.this) {
                Thread self = Thread.currentThread();
                handOver();
                if (turn != self) {
                    interleavings++;
                }
            }
            awaitTurn();
            if (dead) {
                throw new CheckedPorts.ControllerCrash("the controller process is dead (another unit of the batch died)");
            }
        }

        private void finished() {
            synchronized (SeededScheduler.this) {
                unfinished.remove(Thread.currentThread());
                live--;
                if (!unfinished.isEmpty()) {
                    handOver();
                } else {
                    SeededScheduler.this.notifyAll();
                }
            }
        }

        /** Gives the turn to a unit drawn at random among those not finished. Holds the scheduler's lock. */
        private void handOver() {
            turn = unfinished.get(random.nextInt(unfinished.size()));
            SeededScheduler.this.notifyAll();
        }

        private void awaitTurn() {
            synchronized (SeededScheduler.this) {
                long deadline = System.currentTimeMillis() + STUCK_MILLIS;
                while (turn != Thread.currentThread()) {
                    long left = deadline - System.currentTimeMillis();
                    if (left <= 0) {
                        throw new IllegalStateException("a unit of a Parallel batch was never scheduled");
                    }
                    try {
                        SeededScheduler.this.wait(left);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                        throw new IllegalStateException(e);
                    }
                }
            }
        }
    }
}
