package dev.stateful.app.controller;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stateful.domain.model.SetKind;
import dev.stateful.fabric8.control.CustomKindStatusWriter;
import dev.stateful.fabric8.control.Fabric8ClaimControl;
import dev.stateful.fabric8.control.Fabric8EventRecorder;
import dev.stateful.fabric8.control.Fabric8PodControl;
import dev.stateful.fabric8.control.Fabric8RevisionControl;
import dev.stateful.fabric8.informer.ClusterCache;
import dev.stateful.grpc.engine.SyncLoop;
import dev.stateful.grpc.remote.PortSet;
import dev.stateful.grpc.remote.client.CallPolicy;
import dev.stateful.grpc.remote.client.RemotePorts;
import dev.stateful.grpc.remote.server.RemotePortsServices;
import dev.stateful.grpc.runtime.ClientSettings;
import dev.stateful.grpc.runtime.GrpcServer;
import dev.stateful.grpc.runtime.ServerSettings;
import dev.stateful.ports.reconcile.ReconcileListener;
import dev.stateful.ports.reconcile.StatefulSetReconciler;
import dev.stateful.testsupport.Eventually;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import java.time.Clock;
import java.time.Duration;
import java.util.Set;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * {@link UndecodableSetTest}'s first case ({@link MockCustomSets#anUndecodableSetIsReportedOnceAndSyncedOnceFixed})
 * with the engine on the remote ports: fabric8's caches (which
 * decode) behind the remote-ports server, the engine ({@code stateful engine}'s sync loop) behind the
 * gRPC client. The set the caches cannot decode reaches the engine through the watch alone (it never
 * decoded, so no list has it), gets one Warning event naming the field, and is synced once fixed.
 */
@EnableKubernetesMockClient(crud = true)
class UndecodableSetOnRemotePortsTest {

    KubernetesClient client;
    MockCustomSets sets;
    ClusterCache cache;
    Fabric8EventRecorder recorder;
    final ScheduledExecutorService executor = Executors.newScheduledThreadPool(2);
    GrpcServer server;
    RemotePorts remote;
    SyncLoop engine;

    @BeforeEach
    void startTheEngineOnRemotePorts() {
        sets = new MockCustomSets(client, UndecodableSetTest.NAMESPACE);
        cache = new ClusterCache(client, UndecodableSetTest.NAMESPACE, Duration.ZERO, Set.of(SetKind.STATEFUL_DEV)).start();
        recorder = new Fabric8EventRecorder(client, Clock.systemUTC());
        PortSet served = new PortSet(cache, cache, new Fabric8PodControl(client), new Fabric8ClaimControl(client),
                new Fabric8RevisionControl(client), new CustomKindStatusWriter(client), recorder);
        server = GrpcServer.start(ServerSettings.loopback(0), RemotePortsServices.of(served, executor), () -> true);
        remote = RemotePorts.connect(ClientSettings.plaintext("localhost:" + server.port()), CallPolicy.defaults());
        PortSet ports = remote.ports();
        StatefulSetReconciler reconciler = new StatefulSetReconciler(ports.reader(), ports.pods(), ports.claims(), ports.revisions(),
                ports.status(), ports.events(), Clock.systemUTC(), Runnable::run, ReconcileListener.NONE);
        engine = new SyncLoop(ports.reader(), ports.clusterEvents(), reconciler, Duration.ofSeconds(1), Clock.systemUTC()).start();
        // fabric8's mock does not replay changes made between an informer's list and its watch
        Eventually.await("the engine's view synced", UndecodableSetTest.WITHIN, ports.clusterEvents()::hasSynced);
    }

    @AfterEach
    void stop() {
        engine.close();
        remote.close();
        server.close();
        recorder.close();
        cache.close();
        executor.shutdownNow();
    }

    @Test
    void an_undecodable_set_gets_a_warning_event_naming_the_field_through_the_remote_ports_and_is_synced_once_fixed() {
        sets.anUndecodableSetIsReportedOnceAndSyncedOnceFixed(UndecodableSetTest.WITHIN, warning -> {
            assertThat(warning.getInvolvedObject().getKind()).isEqualTo("StatefulSet");
            assertThat(warning.getInvolvedObject().getApiVersion()).isEqualTo("apps.stateful.dev/v1alpha1");
        });
    }
}
