package dev.stateful.app.cli;

import dev.stateful.domain.model.Pod;
import dev.stateful.domain.model.StatefulSet;
import dev.stateful.inmemory.InMemoryCluster;
import dev.stateful.inmemory.driver.ControllerDriver;
import dev.stateful.ports.ClusterEvents;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The in-memory cluster behind {@code serve}, alive in real time: its clock follows the wall clock
 * ({@code timeScale} times faster), the kubelet runs pods on it, and, unless the controller is
 * remote, the controller syncs every set on each change and on every tick until nothing moves.
 */
final class LiveCluster implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(LiveCluster.class);
    private static final Duration TICK = Duration.ofMillis(100);
    private static final int MAX_PASSES = 100;

    private final InMemoryCluster cluster;
    private final ControllerDriver controller;
    private final double timeScale;
    private final Semaphore changed = new Semaphore(0);
    private final Thread thread;
    private final AutoCloseable subscription;
    private volatile boolean running = true;

    /** @param controller the controller to run, or null when it runs elsewhere (remote ports) */
    LiveCluster(InMemoryCluster cluster, ControllerDriver controller, double timeScale) {
        this.cluster = cluster;
        this.controller = controller;
        this.timeScale = timeScale;
        this.subscription = cluster.clusterEvents().subscribe(new ClusterEvents.Handler() {
            @Override
            public void statefulSetChanged(StatefulSet oldSet, StatefulSet newSet) {
                changed.release();
            }

            @Override
            public void podChanged(Pod oldPod, Pod newPod) {
                changed.release();
            }
        });
        this.thread = new Thread(this::run, "in-memory-cluster");
        this.thread.setDaemon(true);
    }

    LiveCluster start() {
        thread.start();
        return this;
    }

    private void run() {
        Instant wallStart = Instant.now();
        Instant clusterStart = cluster.clock().instant();
        while (running) {
            try {
                Duration wall = Duration.between(wallStart, Instant.now());
                Instant target = clusterStart.plusNanos((long) (wall.toNanos() * timeScale));
                if (target.isAfter(cluster.clock().instant())) {
                    cluster.advance(Duration.between(cluster.clock().instant(), target));
                }
                settle();
                changed.tryAcquire(TICK.toMillis(), TimeUnit.MILLISECONDS);
                changed.drainPermits();
            } catch (InterruptedException e) {
                return;
            } catch (VirtualMachineError fatal) {
                // the thread ends: isAlive turns false and gRPC health says NOT_SERVING
                LOG.error("the in-memory cluster stopped: {}", fatal.toString());
                throw fatal;
            } catch (RuntimeException | Error e) {
                LOG.warn("the in-memory cluster loop failed a pass: {}", e.toString());
            }
        }
    }

    /** Whether the thread that runs the cluster (its clock, kubelet and controller) still runs. */
    boolean isAlive() {
        return thread.isAlive();
    }

    /** Syncs and ticks at the current time until a pass writes nothing (failed syncs wait for the next tick). */
    private void settle() {
        for (int pass = 0; pass < MAX_PASSES; pass++) {
            long before = cluster.stores().resourceVersion();
            if (controller != null) {
                controller.syncAll();
            }
            boolean wrote = cluster.stores().resourceVersion() != before;
            if (cluster.tick() == 0 && !wrote) {
                return;
            }
        }
    }

    @Override
    public void close() {
        running = false;
        thread.interrupt();
        try {
            subscription.close();
            thread.join(TimeUnit.SECONDS.toMillis(5));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (Exception e) {
            LOG.debug("could not stop listening to the cluster", e);
        }
    }
}
