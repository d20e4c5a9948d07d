package dev.stateful.grpc.testing;

import dev.stateful.inmemory.InMemoryCluster;
import dev.stateful.inmemory.driver.ControllerDriver;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * Lets an in-memory cluster live in the background while a test talks gRPC to it: every few
 * milliseconds the controller syncs every set (when a driver is given) and the cluster clock moves
 * a second, running the kubelet. Without a driver only the kubelet and garbage collector run: the
 * controller is then someone else (a remote engine).
 */
public final class Autopilot implements AutoCloseable {

    private final InMemoryCluster cluster;
    private final ControllerDriver driver;
    private final Thread thread;
    private volatile boolean running = true;
    private volatile RuntimeException failure;

    private Autopilot(InMemoryCluster cluster, ControllerDriver driver) {
        this.cluster = cluster;
        this.driver = driver;
        this.thread = new Thread(this::run, "autopilot");
        this.thread.setDaemon(true);
    }

    /** Controller and kubelet. */
    public static Autopilot withController(InMemoryCluster cluster) {
        Autopilot pilot = new Autopilot(cluster, new ControllerDriver(cluster));
        pilot.thread.start();
        return pilot;
    }

    /** Kubelet and garbage collector only. */
    public static Autopilot kubeletOnly(InMemoryCluster cluster) {
        Autopilot pilot = new Autopilot(cluster, null);
        pilot.thread.start();
        return pilot;
    }

    private void run() {
        try {
            while (running) {
                if (driver != null) {
                    driver.syncAll();
                }
                cluster.advance(Duration.ofSeconds(1));
                TimeUnit.MILLISECONDS.sleep(5);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (RuntimeException e) {
            failure = e;
        }
    }

    @Override
    public void close() {
        running = false;
        try {
            thread.join(5000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        if (failure != null) {
            throw new IllegalStateException("the autopilot failed", failure);
        }
    }
}
