package dev.stateful.app.controller;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stateful.domain.model.ObjectKey;
import dev.stateful.fabric8.loop.KeySyncer;
import dev.stateful.inmemory.InMemoryCluster;
import dev.stateful.inmemory.faults.ApiError;
import dev.stateful.inmemory.store.Kind;
import dev.stateful.inmemory.store.Verb;
import dev.stateful.ports.reconcile.ReconcileListener;
import dev.stateful.ports.reconcile.StatefulSetReconciler;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** A worker's sync of one key, on the in-memory cluster: its outcome for the queue and its metrics. */
class ReconcileSyncerTest {

    static final ObjectKey WEB = new ObjectKey("default", "web");

    final InMemoryCluster cluster = InMemoryCluster.create();
    final SimpleMeterRegistry registry = new SimpleMeterRegistry();
    final ReconcileSyncer syncer = ReconcileSyncer.measured(new StatefulSetReconciler(cluster.reader(), cluster.podControl(),
            cluster.claimControl(), cluster.revisionControl(), cluster.statusWriter(), cluster.eventRecorder(), cluster.clock(),
            Runnable::run, ReconcileListener.NONE), registry);

    /** The nginx example: 3 replicas, minReadySeconds 10. */
    static String web(int minReadySeconds) throws IOException {
        return Files.readString(Path.of("..", "examples", "web.yaml")).replace("minReadySeconds: 10", "minReadySeconds: " + minReadySeconds);
    }

    double count(String result) {
        return registry.get(SyncMetrics.TOTAL).tag("result", result).counter().count();
    }

    long timed(String result) {
        return registry.get(SyncMetrics.DURATION).tag("result", result).timer().count();
    }

    @Test
    void aSuccessfulSyncIsForgottenAndCountedAsSuccess() throws IOException {
        cluster.apply(web(0));

        KeySyncer.Outcome outcome = syncer.sync(WEB);

        assertThat(outcome).isEqualTo(KeySyncer.Outcome.success());
        assertThat(count(SyncMetrics.SUCCESS)).isEqualTo(1);
        assertThat(timed(SyncMetrics.SUCCESS)).isEqualTo(1);
        assertThat(count(SyncMetrics.ERROR)).isZero();
    }

    @Test
    void aSetWaitingForMinReadySecondsComesBackAfterThem() throws IOException {
        cluster.apply(web(10));

        KeySyncer.Outcome outcome = syncer.sync(WEB);

        assertThat(outcome.ok()).isTrue();
        assertThat(outcome.requeueAfter()).hasValueSatisfying(d -> assertThat(d).isPositive().isLessThanOrEqualTo(Duration.ofSeconds(11)));
        assertThat(count(SyncMetrics.REQUEUE_AFTER)).isEqualTo(1);
    }

    @Test
    void aFailedSyncIsRetriedAndCountedAsError() throws IOException {
        cluster.apply(web(0));
        cluster.faults().on(Verb.CREATE, Kind.PODS).fail(ApiError.UNAVAILABLE);

        KeySyncer.Outcome outcome = syncer.sync(WEB);

        assertThat(outcome).isEqualTo(KeySyncer.Outcome.failure());
        assertThat(count(SyncMetrics.ERROR)).isEqualTo(1);
        assertThat(timed(SyncMetrics.ERROR)).isEqualTo(1);
    }

    @Test
    void everyResultIsPublishedFromTheStart() {
        assertThat(count(SyncMetrics.SUCCESS)).isZero();
        assertThat(count(SyncMetrics.REQUEUE_AFTER)).isZero();
        assertThat(count(SyncMetrics.ERROR)).isZero();
    }

    @Test
    void aSyncThatThrowsAnErrorIsCountedAsErrorAndTheErrorReachesTheLoop() {
        // a reader that fails as a bug would: with an Error, not a RuntimeException
        dev.stateful.ports.ClusterReader broken = (dev.stateful.ports.ClusterReader) java.lang.reflect.Proxy.newProxyInstance(
                getClass().getClassLoader(), new Class<?>[] {dev.stateful.ports.ClusterReader.class}, (proxy, method, args) -> {
                    throw new AssertionError("a bug in the reader");
                });
        ReconcileSyncer failing = ReconcileSyncer.measured(new StatefulSetReconciler(broken, cluster.podControl(),
                cluster.claimControl(), cluster.revisionControl(), cluster.statusWriter(), cluster.eventRecorder(), cluster.clock(),
                Runnable::run, ReconcileListener.NONE), registry);

        org.assertj.core.api.Assertions.assertThatThrownBy(() -> failing.sync(WEB)).isInstanceOf(AssertionError.class);
        assertThat(count(SyncMetrics.ERROR)).isEqualTo(1);
    }
}
