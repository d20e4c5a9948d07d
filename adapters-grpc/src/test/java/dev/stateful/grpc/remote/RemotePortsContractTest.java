package dev.stateful.grpc.remote;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.stateful.codec.ModelCodec;
import dev.stateful.domain.json.Json;
import dev.stateful.domain.model.ControllerRevision;
import dev.stateful.domain.model.ObjectKey;
import dev.stateful.domain.model.ObjectMeta;
import dev.stateful.domain.model.OwnerReference;
import dev.stateful.domain.model.PersistentVolumeClaim;
import dev.stateful.domain.model.Pod;
import dev.stateful.domain.model.StatefulSet;
import dev.stateful.grpc.remote.client.CallPolicy;
import dev.stateful.grpc.remote.client.RemotePorts;
import dev.stateful.grpc.remote.server.RemotePortsServices;
import dev.stateful.grpc.runtime.ClientSettings;
import dev.stateful.grpc.runtime.ServerSettings;
import dev.stateful.grpc.testing.Daemons;
import dev.stateful.grpc.testing.InMemory;
import dev.stateful.grpc.testing.InProcessServer;
import dev.stateful.grpc.testing.Manifests;
import dev.stateful.grpc.testing.RemotePortsServer;
import dev.stateful.grpc.testing.Sets;
import dev.stateful.grpc.v1.ClusterReaderServiceGrpc;
import dev.stateful.inmemory.InMemoryCluster;
import dev.stateful.inmemory.audit.Outcome;
import dev.stateful.inmemory.contract.InMemoryFixture;
import dev.stateful.inmemory.faults.ApiError;
import dev.stateful.inmemory.store.Kind;
import dev.stateful.inmemory.store.Verb;
import dev.stateful.ports.ApiException;
import dev.stateful.ports.EventRecorder;
import dev.stateful.testing.ports.PortsContract;
import io.grpc.BindableService;
import io.grpc.ServerServiceDefinition;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ScheduledExecutorService;
import java.util.function.Consumer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/**
 * Every port through gRPC: the client adapter calling the remote-ports services of an in-memory
 * cluster, served on loopback, keeps the ports contract ({@link PortsContract}, whose watch break
 * here is the server stopping and starting again), and what only the wire can get wrong: objects
 * come back as stored, retries, a server without GetPod.
 */
class RemotePortsContractTest extends PortsContract {

    static final CallPolicy FAST = new CallPolicy(Duration.ofSeconds(5), 3, Duration.ofMillis(1), Duration.ofMillis(5));

    private final InMemoryCluster cluster = InMemoryCluster.create();
    private final ScheduledExecutorService executor = Daemons.scheduler(1);
    private final RemotePortsServer server = new RemotePortsServer(cluster);
    private final RemotePorts remote = RemotePorts.connect(ClientSettings.plaintext(server.target()), FAST);
    private final PortSet ports = remote.ports();
    private final Ports contractPorts = new Ports(ports.reader(), ports.clusterEvents(), ports.pods(), ports.claims(), ports.revisions(), ports.status());
    private final Fixture fixture = new InMemoryFixture(cluster) {
        @Override
        public Optional<Consumer<Runnable>> watchBreak() {
            return Optional.of(change -> {
                server.stop();
                change.run();
                server.restart();
            });
        }
    };

    @AfterEach
    void close() {
        remote.close();
        server.close();
        executor.shutdownNow();
    }

    @Override
    protected Ports ports() {
        return contractPorts;
    }

    @Override
    protected Fixture fixture() {
        return fixture;
    }

    private static Pod pod(String name) {
        return new Pod(ObjectMeta.named("default", name).withLabels(Map.of("app", "nginx")),
                Json.object("containers", Json.array(Json.object("name", "nginx", "image", "nginx:1.25"))), null);
    }

    private Pod stored(String name) {
        return cluster.stores().pods().get(new ObjectKey("default", name)).orElseThrow();
    }

    @Nested
    class Pods {

        @Test
        void aCreatedPodComesBackAsStored() {
            Pod created = ports.pods().create(pod("web-0"));

            assertThat(created.metadata().uid()).isNotEmpty();
            assertThat(created).isEqualTo(stored("web-0"));
        }

        @Test
        void aPodTheClusterRefusesComesBackInvalidNamingTheRefusedField() {
            Pod badLabel = pod("web-0").withMetadata(pod("web-0").metadata().withLabels(Map.of("bad key!", "x")));

            assertThatThrownBy(() -> ports.pods().create(badLabel))
                    .isInstanceOfSatisfying(ApiException.Invalid.class, e -> assertThat(e.causes()).singleElement().satisfies(c -> {
                        assertThat(c.field()).isEqualTo("metadata.labels");
                        assertThat(c.message()).startsWith("Invalid value: \"bad key!\": ");
                    }));
        }
    }

    @Nested
    class ClaimsRevisionsEvents {

        @Test
        void claimsAreCreatedReadAndTheirOwnersUpdated() {
            PersistentVolumeClaim claim = new PersistentVolumeClaim(ObjectMeta.named("default", "www-web-0"),
                    Json.object("accessModes", Json.array("ReadWriteOnce")), null);
            PersistentVolumeClaim created = ports.claims().create(claim);
            OwnerReference owner = new OwnerReference("apps/v1", "StatefulSet", "web", "set-uid", null, null);

            PersistentVolumeClaim updated = ports.claims().update(created.withMetadata(created.metadata().withOwnerReferences(List.of(owner))));

            assertThat(updated.metadata().ownerReferences()).containsExactly(owner);
            assertThat(ports.claims().read("default", "www-web-0").orElseThrow().metadata().ownerReferences()).containsExactly(owner);
        }

        @Test
        void aClaimIsResizedThroughUpdateClaimWithItsNewStorageRequest() {
            ports.claims().create(new PersistentVolumeClaim(ObjectMeta.named("default", "www-web-0"),
                    Json.object("resources", Json.object("requests", Json.object("storage", "1Gi"))), null));

            ports.claims().resize("default", "www-web-0", "2Gi");

            assertThat(cluster.stores().claims().get(new ObjectKey("default", "www-web-0")).orElseThrow().spec()
                    .objectOrEmpty("resources").objectOrEmpty("requests").string("storage")).contains("2Gi");
        }

        @Test
        void revisionsAreCreatedReadRenumberedAdoptedOnceAndDeleted() {
            ControllerRevision revision = ModelCodec.controllerRevision(ObjectMeta.named("default", "web-abc"), "{\"spec\":{}}", 1);
            ports.revisions().create(revision);
            ControllerRevision read = ports.revisions().get("default", "web-abc").orElseThrow();

            assertThat(ports.revisions().update(read.withRevision(3)).revision()).isEqualTo(3);
            OwnerReference owner = new OwnerReference("apps/v1", "StatefulSet", "web", "set-uid", true, true);
            ControllerRevision adopted = ports.revisions().adopt(ports.revisions().get("default", "web-abc").orElseThrow(), owner);
            assertThat(adopted.metadata().ownerReferences()).containsExactly(owner);
            assertThatThrownBy(() -> ports.revisions().adopt(adopted, owner)).isInstanceOf(ApiException.Invalid.class);

            ports.revisions().delete("default", "web-abc");
            assertThat(ports.revisions().get("default", "web-abc")).isEmpty();
        }

        @Test
        void eventsAreRecordedOnTheSet() {
            cluster.apply(Manifests.web(3, "nginx:1.25"));

            ports.events().record(Sets.get(cluster, Sets.WEB), EventRecorder.Type.Warning, "FailedCreate", "create Pod web-0 failed");

            assertThat(cluster.events().about("default", "web")).singleElement().satisfies(e -> {
                assertThat(e.type()).isEqualTo("Warning");
                assertThat(e.reason()).isEqualTo("FailedCreate");
            });
        }

        @Test
        void recordingAnEventNeverFailsTheCaller() {
            ports.events().record(new StatefulSet(ObjectMeta.named("default", "ghost"), null, null), EventRecorder.Type.Normal, "R", "m");
            server.stop();

            ports.events().record(new StatefulSet(ObjectMeta.named("default", "ghost"), null, null), EventRecorder.Type.Normal, "R", "m");
        }
    }

    @Test
    void theReaderSeesWhatTheClusterHolds() {
        cluster.apply(Manifests.web(3, "nginx:1.25"));
        Sets.settle(cluster);

        assertThat(ports.reader().statefulSet(Sets.WEB)).contains(Sets.get(cluster, Sets.WEB));
        assertThat(ports.reader().statefulSets("")).hasSize(1);
        assertThat(ports.reader().pods("default")).extracting(Pod::name).containsExactly("web-0", "web-1", "web-2");
        assertThat(ports.reader().claims("default")).hasSize(3);
        assertThat(ports.reader().pod("default", "web-1")).map(Pod::name).contains("web-1");
        assertThat(ports.reader().claim("default", "www-web-1")).isPresent();
        assertThat(ports.reader().revisions("default")).hasSize(1);
    }

    @Test
    void aReaderServerFromBeforeGetPodIsAnsweredFromItsListOfPods() {
        cluster.apply(Manifests.web(2, "nginx:1.25"));
        Sets.settle(cluster);
        List<BindableService> older = RemotePortsServices.of(InMemory.ports(cluster), executor).stream()
                .map(s -> s.bindService().getServiceDescriptor().getName().equals(ClusterReaderServiceGrpc.SERVICE_NAME) ? without(s, "GetPod") : s)
                .toList();

        try (InProcessServer server = InProcessServer.start(ServerSettings.loopback(0), older);
                RemotePorts remote = RemotePorts.over(server.channel(), FAST)) {
            assertThat(remote.ports().reader().pod("default", "web-1")).map(Pod::name).contains("web-1");
            assertThat(remote.ports().reader().pod("default", "web-9")).isEmpty();
        }
    }

    /** The service as a server built before that method was added would offer it: UNIMPLEMENTED. */
    private static BindableService without(BindableService service, String method) {
        ServerServiceDefinition full = service.bindService();
        ServerServiceDefinition.Builder older = ServerServiceDefinition.builder(full.getServiceDescriptor().getName());
        full.getMethods().stream().filter(m -> !m.getMethodDescriptor().getBareMethodName().equals(method)).forEach(older::addMethod);
        ServerServiceDefinition definition = older.build();
        return () -> definition;
    }

    @Nested
    class Failures {

        @Test
        void anUnavailableRemoteIsRetriedAndTheCallSucceedsWhenItRecovers() {
            cluster.faults().on(Verb.CREATE, Kind.PODS).times(2).fail(ApiError.UNAVAILABLE);

            ports.pods().create(pod("web-0"));

            assertThat(cluster.audit().query().kind(Kind.PODS).outcome(Outcome.INJECTED_FAILURE).count()).isEqualTo(2);
            assertThat(stored("web-0")).isNotNull();
        }

        @Test
        void retriesAreBoundedThenTheCallIsUnavailable() {
            cluster.faults().on(Verb.CREATE, Kind.PODS).times(100).fail(ApiError.UNAVAILABLE);

            assertThatThrownBy(() -> ports.pods().create(pod("web-0"))).isInstanceOf(ApiException.Unavailable.class);
            assertThat(cluster.audit().query().kind(Kind.PODS).outcome(Outcome.INJECTED_FAILURE).count()).isEqualTo(FAST.maxAttempts());
        }

        @Test
        void otherErrorsAreNotRetried() {
            cluster.faults().on(Verb.CREATE, Kind.PODS).times(100).fail(ApiError.FORBIDDEN);

            assertThatThrownBy(() -> ports.pods().create(pod("web-0"))).isInstanceOf(ApiException.Forbidden.class);
            assertThat(cluster.audit().query().kind(Kind.PODS).outcome(Outcome.INJECTED_FAILURE).count()).isEqualTo(1);
        }

        @Test
        void anUnreachableRemoteIsUnavailable() {
            server.stop();

            assertThatThrownBy(() -> ports.reader().pods("default")).isInstanceOf(ApiException.Unavailable.class);
        }
    }
}
