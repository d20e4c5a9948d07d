package dev.stateful.fabric8.election;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.coordination.v1.Lease;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import java.time.Duration;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

@EnableKubernetesMockClient(crud = true, https = false)
class LeaderElectionTest {

    KubernetesClient client;
    final List<String> log = new CopyOnWriteArrayList<>();
    final List<LeaderElection> elections = new CopyOnWriteArrayList<>();

    @AfterEach
    void tearDown() {
        elections.forEach(LeaderElection::close);
    }

    LeaderElection candidate(String identity) {
        return candidate(identity, () -> log.add(identity + " started"));
    }

    LeaderElection candidate(String identity, Runnable onStartedLeading) {
        var settings = LeaderElection.Settings.defaults("kube-system", "stateful-controller").withIdentity(identity)
                .withTimings(Duration.ofSeconds(3), Duration.ofSeconds(2), Duration.ofMillis(100));
        LeaderElection election = new LeaderElection(client, settings, onStartedLeading, () -> log.add(identity + " stopped"));
        elections.add(election);
        return election;
    }

    Lease lease() {
        return client.leases().inNamespace("kube-system").withName("stateful-controller").get();
    }

    /** Another party writes the lease; retried because the leader keeps renewing it meanwhile. */
    void takeOverLease(String holder) {
        for (int attempt = 0; ; attempt++) {
            try {
                client.leases().inNamespace("kube-system").withName("stateful-controller").edit(l -> {
                    l.getSpec().setHolderIdentity(holder);
                    l.getSpec().setRenewTime(ZonedDateTime.now(ZoneOffset.UTC));
                    return l;
                });
                return;
            } catch (KubernetesClientException e) {
                if (e.getCode() != 409 || attempt > 20) {
                    throw e;
                }
            }
        }
    }

    static void eventually(BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("condition not met within 10s");
            }
            Thread.sleep(20);
        }
    }

    @Test
    void the_first_candidate_takes_the_lease_and_opens_the_gate() throws Exception {
        LeaderElection a = candidate("a");

        a.start();

        eventually(a::isLeading);
        assertThat(a.gate().isOpen()).isTrue();
        assertThat(log).containsExactly("a started");
        assertThat(lease().getSpec().getHolderIdentity()).isEqualTo("a");
        assertThat(lease().getSpec().getLeaseDurationSeconds()).isEqualTo(3);
    }

    @Test
    void a_second_candidate_waits_while_the_leader_renews() throws Exception {
        LeaderElection a = candidate("a");
        a.start();
        eventually(a::isLeading);

        LeaderElection b = candidate("b");
        b.start();
        Thread.sleep(1500);

        assertThat(b.isLeading()).isFalse();
        assertThat(b.gate().isOpen()).isFalse();
        assertThat(lease().getSpec().getHolderIdentity()).isEqualTo("a");
    }

    @Test
    void close_stops_writing_then_releases_the_lease_to_the_next_candidate() throws Exception {
        LeaderElection a = candidate("a");
        a.start();
        eventually(a::isLeading);
        LeaderElection b = candidate("b");
        b.start();

        a.close();

        assertThat(a.gate().isOpen()).isFalse();
        // close released the lease, so b may already have taken it: what matters is that a stopped first
        assertThat(log).startsWith("a started", "a stopped");
        eventually(b::isLeading);
        assertThat(lease().getSpec().getHolderIdentity()).isEqualTo("b");
        assertThat(log).containsExactly("a started", "a stopped", "b started");
    }

    @Test
    void close_while_leadership_is_being_taken_waits_for_the_start_and_stops_after_it() throws Exception {
        CountDownLatch inStartCallback = new CountDownLatch(1);
        CountDownLatch releaseStart = new CountDownLatch(1);
        LeaderElection a = candidate("a", () -> {
            inStartCallback.countDown();
            awaitQuietly(releaseStart);
            log.add("a started");
        });
        a.start();
        assertThat(inStartCallback.await(10, TimeUnit.SECONDS)).isTrue();

        Thread closer = new Thread(a::close);
        closer.start();
        closer.join(300);
        releaseStart.countDown();
        closer.join(10_000);

        assertThat(closer.isAlive()).isFalse();
        assertThat(log).containsExactly("a started", "a stopped");
        assertThat(a.gate().isOpen()).isFalse();
        assertThat(a.isLeading()).isFalse();
    }

    static void awaitQuietly(CountDownLatch latch) {
        try {
            latch.await(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Test
    void a_leader_that_finds_the_lease_taken_stops_at_once() throws Exception {
        LeaderElection a = candidate("a");
        a.start();
        eventually(a::isLeading);

        takeOverLease("intruder");

        eventually(() -> !a.isLeading());
        assertThat(a.gate().isOpen()).isFalse();
        assertThat(log).containsExactly("a started", "a stopped");
    }
}
