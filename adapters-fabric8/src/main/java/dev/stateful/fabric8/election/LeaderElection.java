package dev.stateful.fabric8.election;

import dev.stateful.ports.leadership.LeaderGuard;
import dev.stateful.ports.leadership.LeadershipGate;
import dev.stateful.ports.leadership.LeaseTimings;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.extended.leaderelection.LeaderCallbacks;
import io.fabric8.kubernetes.client.extended.leaderelection.LeaderElectionConfigBuilder;
import io.fabric8.kubernetes.client.extended.leaderelection.resourcelock.LeaseLock;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.time.Duration;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Leader election on a {@code coordination.k8s.io} Lease, with kube-controller-manager's timings.
 * When leadership is gained the gate opens, then {@code onStartedLeading} runs (start the loop);
 * when it is lost or {@link #close()}d the gate closes first, then {@code onStoppedLeading} runs
 * (stop the workers). On close the lease is released afterwards, so a successor takes over
 * quickly and never overlaps with our writes.
 */
public final class LeaderElection implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(LeaderElection.class);

    /** Where the lease lives, who we are, and the election timings. */
    public record Settings(String namespace, String leaseName, String identity,
                           Duration leaseDuration, Duration renewDeadline, Duration retryPeriod) {

        /** kube-controller-manager's defaults: 15 s lease, 10 s renew deadline, 2 s retry. */
        public static Settings defaults(String namespace, String leaseName) {
            LeaseTimings timings = LeaseTimings.defaults();
            return new Settings(namespace, leaseName, defaultIdentity(),
                    timings.leaseDuration(), timings.renewDeadline(), timings.retryPeriod());
        }

        public Settings withTimings(Duration lease, Duration renew, Duration retry) {
            return new Settings(namespace, leaseName, identity, lease, renew, retry);
        }

        public Settings withIdentity(String value) {
            return new Settings(namespace, leaseName, value, leaseDuration, renewDeadline, retryPeriod);
        }

        /** Like client-go: the host name plus a random suffix, unique across restarts. */
        public static String defaultIdentity() {
            String host = System.getenv("HOSTNAME");
            if (host == null || host.isBlank()) {
                try {
                    host = InetAddress.getLocalHost().getHostName();
                } catch (UnknownHostException e) {
                    host = "unknown-host";
                }
            }
            return host + "_" + UUID.randomUUID();
        }
    }

    private final KubernetesClient client;
    private final Settings settings;
    private final LeadershipGate gate;
    private final Runnable onStartedLeading;
    private final Runnable onStoppedLeading;
    private final AtomicBoolean leading = new AtomicBoolean();
    /**
     * Orders the elector's callbacks with {@link #close()}: fabric8 calls them from its own threads
     * (holding its elector's monitor), so without it a close landing while leadership is being taken
     * could stop first and start after, leaving the gate open on a closed election.
     */
    private final Object transitions = new Object();
    private boolean closed;
    private CompletableFuture<?> election;

    public LeaderElection(KubernetesClient client, Settings settings, Runnable onStartedLeading, Runnable onStoppedLeading) {
        this.client = client;
        this.settings = settings;
        this.gate = new LeadershipGate(settings.renewDeadline());
        this.onStartedLeading = onStartedLeading;
        this.onStoppedLeading = onStoppedLeading;
    }

    /** The gate to wrap the write ports with ({@link LeaderGuard}). */
    public LeadershipGate gate() {
        return gate;
    }

    public boolean isLeading() {
        return leading.get();
    }

    /** Starts campaigning in the background; returns at once. */
    public void start() {
        synchronized (transitions) {
            if (election != null || closed) {
                throw new IllegalStateException(closed ? "closed" : "already started");
            }
            var lock = new RenewalTrackingLock(new LeaseLock(settings.namespace(), settings.leaseName(), settings.identity()), gate);
            var config = new LeaderElectionConfigBuilder()
                    .withName(settings.leaseName())
                    .withLock(lock)
                    .withLeaseDuration(settings.leaseDuration())
                    .withRenewDeadline(settings.renewDeadline())
                    .withRetryPeriod(settings.retryPeriod())
                    .withReleaseOnCancel(true)
                    .withLeaderCallbacks(new LeaderCallbacks(this::started, this::stopped,
                            leader -> LOG.info("lease {}/{} is held by {}", settings.namespace(), settings.leaseName(), leader)))
                    .build();
            LOG.info("campaigning for lease {}/{} as {}", settings.namespace(), settings.leaseName(), settings.identity());
            election = client.leaderElector().withConfig(config).build().start();
        }
    }

    private void started() {
        synchronized (transitions) {
            if (closed || !leading.compareAndSet(false, true)) {
                return;
            }
            LOG.info("became leader as {}", settings.identity());
            gate.open();
            onStartedLeading.run();
        }
    }

    /** fabric8 may report the loss twice (observed record, then the renew loop ending). */
    private void stopped() {
        synchronized (transitions) {
            if (!leading.compareAndSet(true, false)) {
                return;
            }
            gate.close();
            LOG.warn("stopped leading as {}", settings.identity());
            onStoppedLeading.run();
        }
    }

    /**
     * Stops writing and the loop (after a start callback already running has finished), then
     * releases the lease. Cancelling outside {@code transitions}: the release takes fabric8's
     * elector monitor, which its threads hold while they wait for ours.
     */
    @Override
    public void close() {
        CompletableFuture<?> running;
        synchronized (transitions) {
            if (closed) {
                return;
            }
            closed = true;
            stopped();
            running = election;
        }
        if (running != null) {
            running.cancel(true);
        }
    }
}
