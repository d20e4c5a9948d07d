package dev.stateful.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stateful.app.ExitCodes;
import dev.stateful.it.support.ControllerProcess;
import dev.stateful.it.support.PodTimeline;
import dev.stateful.it.support.TestCluster;
import dev.stateful.it.support.WebSet;
import dev.stateful.it.support.Workload;
import dev.stateful.testsupport.api.ApiWrite;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two {@code stateful controller} processes campaigning for one Lease, with short election
 * timings: only the leader writes, and when it dies or is stopped the other takes over, in time
 * and without their writes ever overlapping. Subclasses provide the cluster: fabric8's mock or
 * the real control plane.
 */
abstract class LeaderElectionScenarios {

    static final Duration LEASE = Duration.ofSeconds(3);
    static final Duration RETRY = Duration.ofMillis(500);
    static final String[] TIMINGS = {"--leader-elect=true", "--leader-elect-lease-duration=3s",
        "--leader-elect-renew-deadline=2s", "--leader-elect-retry-period=500ms"};
    static final java.util.concurrent.atomic.AtomicInteger LEASES = new java.util.concurrent.atomic.AtomicInteger();
    static final Duration TIMEOUT = Duration.ofSeconds(30);
    /** Two JVMs starting at once on a small CI machine. */
    static final Duration STARTUP = Duration.ofSeconds(120);

    @TempDir
    Path dir;
    TestCluster cluster;
    /** A Lease of this test's own: the cluster may outlive the test. */
    String lease;
    Map<String, ControllerProcess> processes;
    Workload web;
    PodTimeline timeline;

    /** The cluster for the next test, with no controller running. */
    protected abstract TestCluster openCluster();

    /** Done with the cluster of a test. */
    protected abstract void closeCluster(TestCluster cluster) throws Exception;

    @BeforeEach
    void twoControllers() {
        cluster = openCluster();
        lease = "stateful-controller-" + LEASES.incrementAndGet();
        processes = Map.of("controller-a", start("controller-a"), "controller-b", start("controller-b"));
        processes.values().forEach(p -> p.awaitReady(STARTUP));
        processes.keySet().forEach(user -> cluster.awaitInformersWatching(user, 0));
        String namespace = cluster.newNamespace();
        web = new Workload(cluster.client(), namespace, "web", TIMEOUT);
        timeline = PodTimeline.watch(cluster.client(), namespace);
    }

    ControllerProcess start(String user) {
        List<String> flags = new java.util.ArrayList<>(List.of(TIMINGS));
        flags.addAll(List.of("--lease-namespace=" + cluster.leaseNamespace(), "--lease-name=" + lease));
        return ControllerProcess.start(cluster.kubeconfig(user), dir.resolve(user + ".log"), flags.toArray(String[]::new));
    }

    @AfterEach
    void stopAll() throws Exception {
        if (timeline != null) {
            timeline.close();
        }
        processes.values().forEach(ControllerProcess::close);
        closeCluster(cluster);
    }

    @Test
    void whenTheLeaderIsKilledTheStandbyTakesOverWithinTheLeaseDuration() {
        String first = awaitLeader();
        String second = other(first);
        web.create(WebSet.in(web.namespace()).replicas(3));
        web.awaitRolledOut(3);
        assertThat(writes(second)).as("the standby writes nothing but lease attempts").isEmpty();

        processes.get(first).kill();
        long lastOfFirst = writes(first).stream().mapToLong(ApiWrite::sequence).max().orElseThrow();
        web.await("the standby holding the lease", () -> second.equals(leader().orElse("")));

        assertThat(handover(first, second)).as("from the dead leader's last renewal to the standby's acquisition")
                .isBetween(LEASE.minus(RETRY), LEASE.plus(RETRY).plusSeconds(2));
        web.scale(5);
        web.awaitRolledOut(5);
        assertThat(writes(second)).isNotEmpty()
                .allSatisfy(w -> assertThat(w.sequence()).as("written after the old leader's last write").isGreaterThan(lastOfFirst));
        assertThat(timeline.creations()).containsExactly("web-0", "web-1", "web-2", "web-3", "web-4");
        assertThat(podCreations()).as("successful pod creations by name").allSatisfy((pod, n) -> assertThat(n).isOne());
    }

    @Test
    void aLeaderStoppedWithSigtermReleasesTheLeaseSoTheStandbyTakesOverAtOnce() {
        String first = awaitLeader();
        String second = other(first);
        web.create(WebSet.in(web.namespace()).replicas(2));
        web.awaitRolledOut(2);

        int exit = processes.get(first).terminate();
        long lastOfFirst = writes(first).stream().mapToLong(ApiWrite::sequence).max().orElseThrow();
        web.await("the standby holding the lease", () -> second.equals(leader().orElse("")));

        assertThat(exit).as("terminated by SIGTERM after the shutdown hook ran").isEqualTo(143);
        assertThat(processes.get(first).log()).contains("shutting down").doesNotContain("Exception");
        assertThat(handover(first, second)).as("a released lease is taken at once, not after it would have expired")
                .isLessThan(LEASE);
        web.scale(3);
        web.awaitRolledOut(3);
        assertThat(writes(second)).isNotEmpty().allSatisfy(w -> assertThat(w.sequence()).isGreaterThan(lastOfFirst));
    }

    /**
     * Fencing: a leader frozen by SIGSTOP past its lease, while the standby takes over, wakes up
     * with work queued (the set changed while it was frozen) and a lease it still believes it
     * holds. Its write ports trust the lease only for the renew deadline after its last renewal, by
     * its own monotonic clock, so it writes nothing; its elector then finds the lease taken and the
     * process ends, to campaign afresh when restarted.
     */
    @Test
    void aLeaderPausedPastItsLeaseWritesNothingOnceResumedAndEnds() {
        web.create(WebSet.in(web.namespace()).replicas(2));
        web.awaitRolledOut(2);
        String first = web.await("a leader that is running", this::leader, l -> l.isPresent() && processes.get(l.get()).isAlive())
                .orElseThrow();
        String second = other(first);
        ControllerProcess frozen = processes.get(first);

        frozen.pause();
        web.setImage(WebSet.V2);
        web.await("the standby holding the lease", () -> second.equals(leader().orElse("")));
        long taken = cluster.writes(this::leaseWrite).stream().filter(w -> w.user().equals(second))
                .mapToLong(ApiWrite::sequence).min().orElseThrow();
        web.awaitRolledOut(2);
        web.scale(3);
        frozen.resume();
        int exit = frozen.awaitExit(TIMEOUT);

        assertThat(writes(first)).as("writes of the paused leader after the standby took the lease\n%s", frozen.log())
                .allSatisfy(w -> assertThat(w.sequence()).isLessThan(taken));
        assertThat(exit).as("the resumed leader found its lease taken and ended\n%s", frozen.log()).isEqualTo(ExitCodes.FAILURE);
        // the new leader carries on (more time: two JVMs and a busy machine)
        new Workload(cluster.client(), web.namespace(), "web", TIMEOUT.multipliedBy(4)).awaitRolledOut(3);
        assertThat(writes(second)).isNotEmpty();
        assertThat(podCreations()).as("successful pod creations by name").allSatisfy((pod, n) -> assertThat(n).isLessThanOrEqualTo(2));
    }

    /** The user whose lease write succeeded last: only the holder writes the lease. */
    Optional<String> leader() {
        return cluster.writes(this::leaseWrite).stream()
                .max(Comparator.comparingLong(ApiWrite::sequence)).map(ApiWrite::user);
    }

    /** From {@code from}'s last lease write (a renewal, or the release) to {@code to}'s first one after it. */
    Duration handover(String from, String to) {
        List<ApiWrite> lease = cluster.writes(this::leaseWrite);
        ApiWrite last = lease.stream().filter(w -> w.user().equals(from)).max(Comparator.comparingLong(ApiWrite::sequence)).orElseThrow();
        ApiWrite taken = lease.stream().filter(w -> w.user().equals(to) && w.sequence() > last.sequence()).findFirst().orElseThrow();
        return Duration.ofNanos(taken.nanos() - last.nanos());
    }

    boolean leaseWrite(ApiWrite write) {
        return write.resource().equals("leases") && write.name().equals(lease) && write.succeeded();
    }

    String awaitLeader() {
        return web.await("a leader", this::leader, Optional::isPresent).orElseThrow();
    }

    String other(String user) {
        return processes.keySet().stream().filter(u -> !u.equals(user)).findFirst().orElseThrow();
    }

    /** What {@code user} wrote to the namespace under test (the lease lives elsewhere). */
    List<ApiWrite> writes(String user) {
        return cluster.writes(w -> w.user().equals(user) && w.namespace().equals(web.namespace()));
    }

    Map<String, Long> podCreations() {
        return cluster.writes(w -> w.namespace().equals(web.namespace()) && w.resource().equals("pods")
                        && w.method().equals("POST") && w.succeeded()).stream()
                .collect(Collectors.groupingBy(ApiWrite::name, Collectors.counting()));
    }
}
