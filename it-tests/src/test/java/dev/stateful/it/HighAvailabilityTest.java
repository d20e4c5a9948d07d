package dev.stateful.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stateful.it.support.ControllerProcess;
import dev.stateful.it.support.MockCluster;
import dev.stateful.it.support.WebSet;
import dev.stateful.it.support.Workload;
import dev.stateful.it.support.WriteChecks;
import dev.stateful.testsupport.api.ApiWrite;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * High availability (leader election over a Lease): three {@code stateful controller} processes campaign for one Lease
 * on the mock API with short timings; twenty times, a rollout starts and its leader is killed
 * (SIGKILL, nothing released) at a random point of it, a fresh process replaces the dead one, and
 * the rollout completes under the next leader.
 *
 * <p>Every round the lease moves to a standby no sooner than the dead leader's lease expired and
 * within its duration (plus a retry period and some scheduling slack); only the lease holder ever
 * writes to the workload's namespace; and no pod is created or deleted twice: no controller tries
 * to create a pod that exists or to delete one that is gone, and each rollout creates and deletes
 * every pod exactly once. The kill points come from a seeded Random ({@code -Dha.seed}).
 */
class HighAvailabilityTest {

    static final int ROUNDS = Integer.getInteger("ha.rounds", 20);
    static final int REPLICAS = 5;
    static final Duration LEASE = Duration.ofSeconds(3);
    static final Duration RETRY = Duration.ofMillis(500);
    /** JVM scheduling on a busy CI machine, on top of lease duration and retry period. */
    static final Duration SLACK = Duration.ofSeconds(2);
    static final String[] ELECTION = {"--leader-elect=true", "--lease-namespace=kube-system", "--leader-elect-lease-duration=3s",
        "--leader-elect-renew-deadline=2s", "--leader-elect-retry-period=500ms"};
    static final Duration TIMEOUT = Duration.ofSeconds(60);
    static final Duration STARTUP = Duration.ofSeconds(120);
    /** A rollout of five pods makes about twenty writes (deletes, creates, status, events): kill anywhere in the first half or so. */
    static final int MAX_WRITES_BEFORE_KILL = 12;

    @TempDir
    Path dir;
    MockCluster cluster;
    final Map<String, ControllerProcess> processes = new LinkedHashMap<>();
    final List<String> report = new ArrayList<>();
    int started;
    Workload web;

    @BeforeEach
    void threeControllers() {
        cluster = new MockCluster();
        for (int i = 0; i < 3; i++) {
            start();
        }
        processes.values().forEach(p -> p.awaitReady(STARTUP));
        processes.keySet().forEach(user -> cluster.awaitInformersWatching(user, 0));
        web = new Workload(cluster.client(), cluster.newNamespace(), "web", TIMEOUT);
    }

    private String start() {
        String user = "controller-" + (++started);
        processes.put(user, ControllerProcess.start(cluster.kubeconfig(user), dir.resolve(user + ".log"), ELECTION));
        return user;
    }

    @AfterEach
    void stopAll() throws Exception {
        try {
            WriteChecks.assertControllerWritesConsistent(cluster.server());
        } finally {
            processes.values().forEach(ControllerProcess::close);
            cluster.close();
        }
    }

    @Test
    void theLeaderKilledAtRandomPointsOfTwentyRolloutsHandsOverInTimeAndNoPodIsCreatedOrDeletedTwice() {
        long seed = Long.getLong("ha.seed", 0x6861L);
        Random random = new Random(seed);
        web.create(WebSet.in(web.namespace()).replicas(REPLICAS));
        web.awaitRolledOut(REPLICAS);

        for (int round = 1; round <= ROUNDS; round++) {
            String leader = awaitLeader();
            long mark = cluster.server().writes().size();
            web.setImage(round % 2 == 1 ? WebSet.V2 : WebSet.V1);
            int killAfter = random.nextInt(MAX_WRITES_BEFORE_KILL);
            web.await("the leader's write #" + killAfter + " of the rollout",
                    () -> controllerWritesSince(mark).size() >= killAfter);
            long writesAtKill = controllerWritesSince(mark).size();
            processes.remove(leader).kill();
            String replacement = start();

            String next = web.await("another leader than " + leader, this::leader, l -> l.isPresent() && !l.get().equals(leader)).orElseThrow();
            Duration handover = handover(leader, next);
            report.add("round " + round + ": killed " + leader + " after " + writesAtKill + " writes of the rollout; " + next
                    + " took the lease " + handover.toMillis() + " ms after the last renewal");
            assertThat(handover).as("round %d: the lease moves once it expired and within its duration (seed %d)\n%s", round, seed, report)
                    .isBetween(LEASE.minus(RETRY), LEASE.plus(RETRY).plus(SLACK));

            web.awaitRolledOut(REPLICAS);
            processes.get(replacement).awaitReady(STARTUP);
            cluster.awaitInformersWatching(replacement, 0);
        }

        System.out.println("high availability, seed " + seed + ":\n  " + String.join("\n  ", report));
        assertOnlyTheLeaseHolderWrote(seed);
        List<ApiWrite> podWrites = cluster.server().writes(w -> isController(w) && w.namespace().equals(web.namespace())
                && w.resource().equals("pods") && w.subresource().isEmpty());
        assertThat(podWrites.stream().filter(w -> !w.succeeded()).toList())
                .as("a controller created a pod that existed or deleted one that was gone (seed %d)", seed).isEmpty();
        assertThat(count(podWrites, "POST")).as("pods created: %d at first, then each of %d rollouts replaces each pod once", REPLICAS, ROUNDS)
                .isEqualTo((long) REPLICAS * (ROUNDS + 1));
        assertThat(count(podWrites, "DELETE")).as("pods deleted: each rollout deletes each pod once").isEqualTo((long) REPLICAS * ROUNDS);
        assertThat(perPod(podWrites)).as("per pod, creations and deletions alternate").allSatisfy((pod, methods) ->
                assertThat(String.join(" ", methods)).isEqualTo(alternating(ROUNDS)));
    }

    /** Every write a controller made to the namespace came from the holder of the lease at that moment. */
    private void assertOnlyTheLeaseHolderWrote(long seed) {
        List<ApiWrite> lease = cluster.server().writes(w -> w.resource().equals("leases") && w.succeeded());
        for (ApiWrite write : cluster.server().writes(w -> isController(w) && w.namespace().equals(web.namespace()))) {
            String holder = lease.stream().filter(l -> l.sequence() < write.sequence()).max(Comparator.comparingLong(ApiWrite::sequence))
                    .map(ApiWrite::user).orElse("nobody");
            assertThat(write.user()).as("%s was written while %s held the lease (seed %d)", write, holder, seed).isEqualTo(holder);
        }
    }

    private static boolean isController(ApiWrite write) {
        return write.user().startsWith("controller-");
    }

    private List<ApiWrite> controllerWritesSince(long mark) {
        return cluster.server().writes().stream().skip(mark)
                .filter(w -> isController(w) && w.namespace().equals(web.namespace()) && !w.resource().equals("events")).toList();
    }

    /** The user whose lease write succeeded last: only the holder writes the lease. */
    private Optional<String> leader() {
        return cluster.server().writes(w -> w.resource().equals("leases") && w.succeeded()).stream()
                .max(Comparator.comparingLong(ApiWrite::sequence)).map(ApiWrite::user);
    }

    private String awaitLeader() {
        return web.await("a leader", this::leader, l -> l.isPresent() && processes.containsKey(l.get())).orElseThrow();
    }

    /** From {@code from}'s last lease write to {@code to}'s first one after it. */
    private Duration handover(String from, String to) {
        List<ApiWrite> lease = cluster.server().writes(w -> w.resource().equals("leases") && w.succeeded());
        ApiWrite last = lease.stream().filter(w -> w.user().equals(from)).max(Comparator.comparingLong(ApiWrite::sequence)).orElseThrow();
        ApiWrite taken = lease.stream().filter(w -> w.user().equals(to) && w.sequence() > last.sequence()).findFirst().orElseThrow();
        return Duration.ofNanos(taken.nanos() - last.nanos());
    }

    private static long count(List<ApiWrite> writes, String method) {
        return writes.stream().filter(w -> w.method().equals(method)).count();
    }

    private static Map<String, List<String>> perPod(List<ApiWrite> writes) {
        return writes.stream().collect(Collectors.groupingBy(ApiWrite::name, LinkedHashMap::new,
                Collectors.mapping(ApiWrite::method, Collectors.toList())));
    }

    private static String alternating(int rounds) {
        List<String> out = new ArrayList<>(List.of("POST"));
        for (int i = 0; i < rounds; i++) {
            out.add("DELETE");
            out.add("POST");
        }
        return String.join(" ", out);
    }
}
