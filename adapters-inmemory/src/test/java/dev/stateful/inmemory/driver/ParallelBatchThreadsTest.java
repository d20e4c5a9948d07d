package dev.stateful.inmemory.driver;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.stateful.domain.model.ObjectKey;
import dev.stateful.domain.model.OwnerReference;
import dev.stateful.domain.model.Pod;
import dev.stateful.inmemory.InMemoryCluster;
import dev.stateful.ports.ApiException;
import dev.stateful.ports.PodControl;
import dev.stateful.ports.reconcile.ReconcileListener;
import dev.stateful.ports.reconcile.StatefulSetReconciler;
import dev.stateful.ports.reconcile.SyncResult;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Supplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The calls of a Parallel batch run on threads of their own, as {@code slowStartBatch} runs each in a goroutine:
 * what a call throws there reaches the worker as if the worker had made the call.
 */
class ParallelBatchThreadsTest {

    private static final ObjectKey WEB = new ObjectKey("default", "web");
    private static final String PARALLEL_WEB = """
            apiVersion: apps/v1
            kind: StatefulSet
            metadata: {name: web, namespace: default}
            spec:
              replicas: 3
              podManagementPolicy: Parallel
              serviceName: nginx
              selector: {matchLabels: {app: nginx}}
              template:
                metadata: {labels: {app: nginx}}
                spec: {containers: [{name: nginx, image: nginx}]}
            """;

    private final InMemoryCluster cluster = InMemoryCluster.create();
    private final ExecutorService batchThreads = Executors.newFixedThreadPool(4);

    @AfterEach
    void stop() {
        batchThreads.shutdownNow();
    }

    private StatefulSetReconciler reconcilerWhosePodCreatesThrow(Supplier<? extends Throwable> failure) {
        PodControl pods = cluster.podControl();
        PodControl failing = new PodControl() {
            @Override
            public Pod create(Pod pod) {
                Throwable t = failure.get();
                if (t instanceof Error e) {
                    throw e;
                }
                throw (RuntimeException) t;
            }

            @Override
            public Pod update(Pod pod) {
                return pods.update(pod);
            }

            @Override
            public void delete(String namespace, String name, String uid) {
                pods.delete(namespace, name, uid);
            }

            @Override
            public Pod adopt(Pod pod, OwnerReference ref) {
                return pods.adopt(pod, ref);
            }

            @Override
            public Pod release(Pod pod, String ownerUid) {
                return pods.release(pod, ownerUid);
            }
        };
        cluster.apply(PARALLEL_WEB);
        return new StatefulSetReconciler(cluster.reader(), failing, cluster.claimControl(), cluster.revisionControl(),
                cluster.statusWriter(), cluster.eventRecorder(), cluster.clock(), batchThreads, ReconcileListener.NONE);
    }

    @Test
    void anErrorOnABatchThreadReachesTheWorkerAsItIsSoThatAFatalOneCanEndTheProcess() {
        StatefulSetReconciler reconciler = reconcilerWhosePodCreatesThrow(() -> new OutOfMemoryError("Java heap space"));

        assertThatThrownBy(() -> reconciler.sync(WEB)).isInstanceOf(OutOfMemoryError.class).hasMessage("Java heap space");
    }

    @Test
    void anApiErrorOnABatchThreadFailsTheSyncWhichStillWritesTheStatus() {
        StatefulSetReconciler reconciler = reconcilerWhosePodCreatesThrow(() -> new ApiException.Forbidden("pods is forbidden"));

        SyncResult result = reconciler.sync(WEB);

        assertThat(result.error()).get().isInstanceOf(ApiException.Forbidden.class);
        assertThat(cluster.reader().statefulSet(WEB).orElseThrow().status().observedGeneration()).isEqualTo(1);
    }
}
