package dev.stateful.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stateful.app.ExitCodes;
import dev.stateful.app.controller.RunningController;
import dev.stateful.it.support.MockCluster;
import dev.stateful.it.support.WebSet;
import dev.stateful.it.support.Workload;
import dev.stateful.testsupport.api.ApiWrite;
import io.fabric8.kubernetes.api.model.coordination.v1.Lease;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.time.Duration;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** A leader that finds its lease taken stops writing and ends, so that a fresh process campaigns again. */
class LeaseLossIT {

    MockCluster cluster;
    Workload web;

    @BeforeEach
    void cluster() {
        cluster = new MockCluster();
        web = new Workload(cluster.client(), cluster.newNamespace(), "web", Duration.ofSeconds(20));
    }

    @AfterEach
    void stop() throws Exception {
        cluster.closeAfterWriteChecks();
    }

    @Test
    void aLeaderWhoseLeaseIsTakenTerminatesWithExitCodeOneAndWritesNoMore() throws Exception {
        RunningController leader = cluster.startController(MockCluster.CONTROLLER, "--leader-elect=true", "--lease-namespace=kube-system",
                "--leader-elect-lease-duration=3s", "--leader-elect-renew-deadline=2s", "--leader-elect-retry-period=500ms");
        CompletableFuture<Integer> exit = CompletableFuture.supplyAsync(() -> {
            try {
                return leader.awaitTermination();
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
        });
        web.create(WebSet.in(web.namespace()).replicas(1));
        web.awaitRolledOut(1);

        takeLease("intruder");

        assertThat(exit.get(20, TimeUnit.SECONDS)).isEqualTo(ExitCodes.FAILURE);
        long lost = cluster.server().writes().size();
        web.scale(2);
        Thread.sleep(1000);
        assertThat(writesAfter(lost)).as("writes of the deposed leader").isEmpty();
    }

    /** Another candidate's write of the lease; retried while the leader's renewals get in first. */
    void takeLease(String holder) {
        for (int attempt = 0; ; attempt++) {
            try {
                cluster.client().leases().inNamespace("kube-system").withName("stateful-controller").edit(lease -> holding(lease, holder));
                return;
            } catch (KubernetesClientException e) {
                if (e.getCode() != 409 || attempt > 20) {
                    throw e;
                }
            }
        }
    }

    static Lease holding(Lease lease, String holder) {
        lease.getSpec().setHolderIdentity(holder);
        lease.getSpec().setRenewTime(ZonedDateTime.now(ZoneOffset.UTC));
        lease.getSpec().setLeaseDurationSeconds(60);
        return lease;
    }

    List<ApiWrite> writesAfter(long count) {
        return cluster.server().writes().stream().skip(count).filter(w -> w.user().equals(MockCluster.CONTROLLER)).toList();
    }
}
